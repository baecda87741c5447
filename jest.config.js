// Root Jest: the shared package's rules, the renderer's API layer, the back end's unit and
// integration tests and the desktop main process, one run.
const backend = require('./backend/jest.config.js');

// The linter's own test: its structure rules fire on bad fixtures, and the tree is clean.
const lint = {
  displayName: 'lint',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/scripts/lint/*.spec.ts'],
  transform: { '^.+\\.tsx?$': require('./jest.swc.cjs') },
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [require('./shared/jest.config.js'), require('./web/jest.config.cjs'), ...backend.projects, require('./desktop/jest.config.js'), lint],
  transform: { '^.+\\.tsx?$': require('./jest.swc.cjs') },
  globalSetup: backend.globalSetup,
  globalTeardown: backend.globalTeardown,
  testTimeout: backend.testTimeout,
};
