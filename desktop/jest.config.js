/**
 * The desktop main process's modules under plain Node (Electron itself is never launched here):
 * navigation rules, IPC handlers, settings, protocol handler, token vault over a fake keyring.
 * The real-keychain test (test/keychain) runs separately: `npm run test:keychain`.
 * @type {import('jest').Config}
 */
module.exports = {
  displayName: 'desktop',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/keychain/'],
  transform: { '^.+\\.tsx?$': require('../jest.swc.cjs') },
  moduleNameMapper: { '^@vidyalaya/shared$': '<rootDir>/../shared/src/index.ts', '^@vidyalaya/shared/(.+)$': '<rootDir>/../shared/src/$1/index.ts' },
};
