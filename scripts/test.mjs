#!/usr/bin/env node
// `npm test`: every test the project has. Type checks and the linter; then, side by side, the browser
// tests in a real Chromium against the app started as the README starts it, and Jest in the
// background (shared rules, the renderer's API layer, back-end unit and integration tests on the
// embedded PostgreSQL and — with TEST_DATABASE_URL — on a real server; the rate limits on Redis too
// with TEST_REDIS_URL); then the reliability tests and the desktop checks.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2]; // optional: unit | e2e

/** Runs one step, each line of its output prefixed with its name; resolves with its exit code. */
function run({ name, cmd, args, env = {} }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${name}] ${rest}\n`));
    }
    child.on('close', (code) => {
      process.stdout.write(`=== ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${Math.round((Date.now() - t0) / 1000)} s\n`);
      resolve(code);
    });
  });
}

/**
 * Runs several lanes side by side (the machine has two cores and most steps leave one idle). A lane
 * is a step and the steps in its `then`, one after another, so a lane that ends early does not wait
 * for the others before its next step. A step with `after: 'name'` first waits until the step of that
 * name (in any lane) has ended; one with `background: true` runs at the lowest CPU priority (`nice -n
 * 19`), so it takes only what the other lanes leave idle. Fails after all have ended if any step failed.
 */
async function together(steps) {
  const started = Date.now();
  const lane = (s) => [s, ...(s.then ?? [])];
  process.stdout.write(`\n=== together: ${steps.map((s) => lane(s).map((x) => x.name).join(' → ')).join(' | ')}\n`);
  const ended = new Map();
  for (const s of steps.flatMap(lane)) {
    let resolve;
    ended.set(s.name, { promise: new Promise((r) => (resolve = r)), resolve });
  }
  const failed = [];
  await Promise.all(
    steps.map(async (first) => {
      for (const step of lane(first)) {
        if (step.after && ended.has(step.after)) await ended.get(step.after).promise;
        const code = await run(step.background ? { ...step, cmd: 'nice', args: ['-n', '19', step.cmd, ...step.args] } : step);
        if (code !== 0) failed.push(step.name);
        ended.get(step.name).resolve();
      }
    }),
  );
  process.stdout.write(`=== together: ${Math.round((Date.now() - started) / 1000)} s\n`);
  if (failed.length) {
    process.stderr.write(`\n${failed.join(', ')} failed.\n`);
    process.exit(1);
  }
}

const browser = [process.env.E2E_CHROME_PATH, '/usr/bin/chromium-headless-shell', process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p) => p && existsSync(p),
);
if (!browser && only !== 'unit') {
  process.stderr.write(
    'npm test needs Chromium for the browser tests and none was found.\n' +
      'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chrome/Chromium binary.\n',
  );
  process.exit(1);
}

// Type checks with TypeScript 7, the native compiler (package alias `typescript-native`): the same
// checks as the JavaScript `tsc` 6 that the linter's parser needs, in a fraction of the time
// (docs/adr/0012-typescript-7-checks.md).
const tsc7 = join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');

// NestJS 12 (and some of its dependencies) and Lingui 6 are ES modules only; the back end's and the
// renderer's suites load them through Node's VM modules, still behind a flag in Node 24 (jest.vm-modules.cjs).
const vmModules = '--experimental-vm-modules --disable-warning=ExperimentalWarning';
const jestNode = `${process.env.NODE_OPTIONS ?? ''} ${vmModules}`.trim();
const heap = `${jestNode} --max-old-space-size=8192`;

// ESLint's results for this run only: the lint step below writes them (keyed by each file's content),
// and scripts/lint/lint.spec.ts's "the real tree is clean" reads them instead of linting the same
// tree a second time (37 s of one core). A cache made fresh for each run and removed at its end, so a
// rule that looks across files (import cycles) never answers from an earlier tree.
const eslintCache = join(tmpdir(), `vidyalaya-eslint-${process.pid}-${Date.now()}.json`);
process.env.VIDYALAYA_ESLINT_CACHE = eslintCache;
process.on('exit', () => rmSync(eslintCache, { force: true }));
const npx = (...args) => ({ cmd: 'npx', args });

if (only !== 'e2e') {
  await together([
    { name: 'types', cmd: process.execPath, args: [tsc7, '-b', 'shared', 'backend', 'web', 'desktop'] },
    { name: 'types:tests', cmd: process.execPath, args: [tsc7, '-p', 'backend/tsconfig.test.json'] },
    // import boundaries, no cycles, no unused names (eslint.config.mjs)
    { name: 'lint', ...npx('eslint', '.', '--cache', '--cache-strategy', 'content', '--cache-location', eslintCache) },
  ]);
}

// Then everything else at once, in lanes:
// - the browser tests: the web build, then Playwright on its two workers, at normal priority;
// - Jest twice side by side, in the background (`nice -n 19`): the embedded database's suites in one
//   process, the PostgreSQL server's in another, the projects that need no database shared between
//   them (below). Each database still sees one test file at a time, as the suites expect; the
//   embedded database lives in its own run's parent process.
// The browser tests leave about a sixth of the two cores idle (waiting on pages and the server) and
// Jest keeps both busy: in a row they took 386 s + 400 s (CI, 2026-11-28 16:36); side by side, with
// Jest taking only what the browsers leave, each keeps its own pace while the browsers run and Jest
// has both cores after. A browser test waits on the page at most 10 s, so the browsers keep the
// priority; a Jest test has 120 s. The reliability tests (200 concurrent journeys, whose connection
// waits end at 5 s by design) run once the browser tests have ended, so that load never meets them
// (below); then the desktop checks.
// The embedded run is the longer (its database shares a process with the suites' server), so
// projects that need no database go with the server's run when there is one: the desktop main
// process (which builds the app), the linter's own tests and the back end's unit tests. Measured
// 2026-11-28 (session 17, clean clone, beside the browsers): embedded 647 s, server 648 s.
// The desktop build is not a step of its own: desktop/test/built-app.spec.ts (in the Jest run)
// builds desktop/out with electron-vite when it is older than its sources and tests what it built.
const lanes = [];
const browserTests = only !== 'unit';
if (browserTests) {
  lanes.push({
    name: 'build web',
    cmd: 'npm',
    args: ['run', 'build', '-w', '@vidyalaya/web'],
    // e2e/browser.ts chooses the browser itself from the same list (and the full Chromium where a spec needs it).
    then: [{ name: 'playwright', ...npx('playwright', 'test'), env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } }],
  });
}
if (only !== 'e2e') {
  const withServer = process.env.TEST_DATABASE_URL ? ['desktop', 'lint', 'backend-unit'] : [];
  const background = browserTests;
  const after = browserTests ? 'playwright' : undefined;
  const reliability = (project) => npx('jest', '-c', 'backend/jest.reliability.config.js', '--ci', '--selectProjects', project);
  const desktop = {
    name: 'desktop',
    // the token vault on a real Secret Service (D-Bus + gnome-keyring), then electronegativity (no high-severity finding)
    cmd: 'sh',
    args: ['-c', 'npm run test:keychain && npm run lint:electron'],
  };
  const embedded = {
    name: 'jest:embedded',
    ...npx('jest', '--ci', '--selectProjects', ...['shared', 'web', 'backend-unit', 'backend-embedded', 'desktop', 'lint'].filter((p) => !withServer.includes(p))),
    env: { NODE_OPTIONS: heap, TEST_DATABASE_URL: '' },
    background,
    then: [],
  };
  lanes.push(embedded);
  // The embedded database's reliability test has a database of its own (its run's parent process), so
  // it runs in the browsers' lane as soon as they end, beside the rest of Jest (measured 2026-11-28,
  // session 17: Jest is now the longer lane, by about 300 s). The server's waits for its Jest run,
  // because the suites expect the server's database to themselves, one file at a time.
  const reliabilityEmbedded = { name: 'reliability:embedded', ...reliability('reliability-embedded'), env: { NODE_OPTIONS: jestNode, TEST_DATABASE_URL: '' } };
  if (browserTests) lanes[0].then.push(reliabilityEmbedded);
  else embedded.then.push(reliabilityEmbedded);
  if (process.env.TEST_DATABASE_URL) {
    lanes.push({
      name: 'jest:postgres',
      ...npx('jest', '--ci', '--selectProjects', 'backend-postgres', ...withServer),
      env: { NODE_OPTIONS: heap, TEST_SKIP_EMBEDDED: '1' },
      background,
      then: [{ name: 'reliability:postgres', ...reliability('reliability-postgres'), env: { NODE_OPTIONS: jestNode, TEST_SKIP_EMBEDDED: '1' }, after }, desktop],
    });
  } else {
    process.stdout.write('\nTEST_DATABASE_URL is not set: the PostgreSQL server pass is left out (.ci/run sets it).\n');
    embedded.then.push(desktop);
  }
}
await together(lanes);
