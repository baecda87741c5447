/**
 * `npm run test:reliability`: the reliability tests too long for `npm test` (test/reliability/
 * *.reliability-spec.ts, e.g. 200 concurrent onboarding journeys: about a minute per database).
 * Like the integration tests they run on the embedded PostgreSQL and, with TEST_DATABASE_URL,
 * again on that server.
 * @type {import('jest').Config}
 */
const backend = require('./jest.config.js');

const projects = backend.projects
  .filter((p) => p.displayName !== 'backend-unit')
  .map((p) => ({ ...p, displayName: p.displayName.replace('backend-', 'reliability-'), testMatch: ['<rootDir>/test/reliability/**/*.reliability-spec.ts'] }));

module.exports = { ...backend, projects, testTimeout: 600000 };
