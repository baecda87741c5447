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

// `--selectProjects` takes every word after it as a project name, so `jest --selectProjects a some/file.ts`
// silently runs all of project a. Refuse it with the right spelling instead.
{
  const i = process.argv.indexOf('--selectProjects');
  const stray = i >= 0 ? process.argv.slice(i + 1).find((a) => !a.startsWith('-') && /[/.]/.test(a)) : undefined;
  if (stray) {
    throw new Error(`"${stray}" follows --selectProjects, so Jest would read it as a project name and run the whole project. Put test paths first: npx jest --ci ${stray} --selectProjects <project>`);
  }
}

/** @type {import('jest').Config} */
module.exports = {
  projects: [require('./shared/jest.config.js'), require('./web/jest.config.cjs'), ...backend.projects, require('./desktop/jest.config.js'), lint],
  transform: { '^.+\\.tsx?$': require('./jest.swc.cjs') },
  globalSetup: backend.globalSetup,
  globalTeardown: backend.globalTeardown,
  testTimeout: backend.testTimeout,
};
