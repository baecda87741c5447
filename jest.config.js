// Root Jest: the shared package's rules, the renderer's API layer, the back end's unit and
// integration tests and the desktop main process, one run.
const backend = require('./backend/jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  projects: [require('./shared/jest.config.js'), require('./web/jest.config.cjs'), ...backend.projects, require('./desktop/jest.config.js')],
  transform: { '^.+\\.tsx?$': require('./jest.swc.cjs') },
  globalSetup: backend.globalSetup,
  globalTeardown: backend.globalTeardown,
  testTimeout: backend.testTimeout,
};
