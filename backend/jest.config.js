/**
 * Back-end tests. Unit specs live beside the code (src/**\/*.spec.ts); integration specs in test/
 * start the real app on a real database. Every integration spec runs on the embedded PostgreSQL
 * (PGlite) and, when TEST_DATABASE_URL is set, a second time on that PostgreSQL server.
 * @type {import('jest').Config}
 */
const transform = { '^.+\\.tsx?$': require('../jest.swc.cjs') };
// A dynamic import of the back end's own file names its built `.js` (Node's rule for import()); here
// the TypeScript source answers it.
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1', '^@vidyalaya/shared$': '<rootDir>/../shared/src/index.ts', '^@vidyalaya/shared/(.+)$': '<rootDir>/../shared/src/$1/index.ts' };
// NestJS 12 and some of its dependencies are ES modules only; the first setup file refuses a run without
// the Node flag their loading needs inside Jest (jest.vm-modules.cjs at the root).
const vmModules = '<rootDir>/../jest.vm-modules.cjs';
const base = { rootDir: __dirname, testEnvironment: 'node', transform, moduleNameMapper };

const projects = [
  { ...base, displayName: 'backend-unit', testMatch: ['<rootDir>/src/**/*.spec.ts'], setupFiles: [vmModules] },
  {
    ...base,
    displayName: 'backend-embedded',
    testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
    setupFiles: [vmModules, '<rootDir>/test/support/fresh-globals.ts', '<rootDir>/test/support/use-embedded.ts'],
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    ...base,
    displayName: 'backend-postgres',
    testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
    setupFiles: [vmModules, '<rootDir>/test/support/fresh-globals.ts', '<rootDir>/test/support/use-postgres.ts'],
  });
}

module.exports = {
  projects,
  transform,
  globalSetup: require('path').join(__dirname, 'test/support/global-setup.ts'),
  globalTeardown: require('path').join(__dirname, 'test/support/global-teardown.ts'),
  // Generous: a test app starts an embedded database and runs every migration; on a busy 2-core
  // machine that alone has taken over 30 s. A passing test never waits for it.
  testTimeout: 120000,
};
