/**
 * The token vault against a real OS keychain (the Secret Service of gnome-keyring in a D-Bus
 * session). Run through scripts/with-keychain.mjs: `npm run test:keychain` from the root.
 * @type {import('jest').Config}
 */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  displayName: 'desktop-keychain',
  testMatch: ['<rootDir>/test/keychain/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
