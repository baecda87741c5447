// Stands in for a stylesheet a component imports (web/jest.config.cjs).
module.exports = {};
