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
  // Lingui 6 is ES modules only: refused with the command to use when Node's VM modules are off.
  setupFiles: ['<rootDir>/../jest.vm-modules.cjs'],
  transform: {
    // Components (TSX, React's automatic runtime) for tests that render them with react-dom/server.
    '^.+\\.tsx$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }],
    '^.+\\.ts$': require('../jest.swc.cjs'),
  },
  // Stylesheets a component imports mean nothing under Node.
  moduleNameMapper: { '^@vidyalaya/shared$': '<rootDir>/../shared/src/index.ts', '^@vidyalaya/shared/(.+)$': '<rootDir>/../shared/src/$1/index.ts', '\\.css$': '<rootDir>/test/support/style-stub.cjs' },
};
