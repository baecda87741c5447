/**
 * The renderer's unit tests, under plain Node: the API layer (base query, endpoints, store) with a
 * stubbed fetch and an in-memory platform. Screens are proven in a real browser (e2e/tests).
 * @type {import('jest').Config}
 */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  transform: { '^.+\\.tsx?$': require('../jest.swc.cjs') },
  moduleNameMapper: { '^@vidyalaya/shared$': '<rootDir>/../shared/src/index.ts' },
};
