#!/usr/bin/env node
// `npm test`: every test the project has. Type checks, the linter, then Jest (shared rules, the renderer's API
// layer, back-end unit and integration tests on the embedded PostgreSQL and — with
// TEST_DATABASE_URL — on a real server; the rate limits on Redis too with TEST_REDIS_URL),
// then the browser tests in a real Chromium against the app started as the README starts it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2]; // optional: unit | e2e

function step(name, cmd, args, env = {}) {
  process.stdout.write(`\n=== ${name}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stderr.write(`\n${name} failed.\n`);
    process.exit(r.status ?? 1);
  }
}

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
 * for the others before its next step. Fails after all have ended if any step failed.
 */
async function together(steps) {
  const started = Date.now();
  const lane = (s) => [s, ...(s.then ?? [])];
  process.stdout.write(`\n=== together: ${steps.map((s) => lane(s).map((x) => x.name).join(' → ')).join(' | ')}\n`);
  const failed = [];
  await Promise.all(
    steps.map(async (first) => {
      for (const step of lane(first)) {
        const code = await run(step);
        if (code !== 0) failed.push(step.name);
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

const heap = `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim();

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
  // Jest twice side by side: the embedded database's suites in one process, the PostgreSQL server's
  // in another, the projects that need no database shared between them (below). Each database still sees one test file at a time, as the
  // suites expect; the embedded database lives in its own run's parent process. Its heap passed
  // Node's default 4 GB with every module's suites (CI, 2026-11-25).
  // The embedded run is the longer (its database shares a process with the suites' server), so
  // projects that need no database go with the server's run when there is one: the desktop main
  // process (which builds the app), the linter's own tests, the renderer's API layer and the back
  // end's unit tests. Measured 2026-11-28: the integration suites alone take 433 s embedded and 375 s
  // on the server; the others 86 s (lint, before its cache), 17 s (backend-unit), 16 s (web), 5 s
  // (shared) and 3 s (desktop). After the linter's cache and the app's lighter start (2026-11-28,
  // session 16) the server's run was the longer (480 s against 451 s), so the renderer's API layer
  // went back to the embedded one.
  // Each lane then runs its database's reliability tests (`npm run test:reliability`'s two projects,
  // one per lane), so neither lane waits for the other before them.
  const withServer = process.env.TEST_DATABASE_URL ? ['desktop', 'lint', 'backend-unit'] : [];
  const reliability = (project) => npx('jest', '-c', 'backend/jest.reliability.config.js', '--ci', '--selectProjects', project);
  const jest = [
    {
      name: 'jest:embedded',
      ...npx('jest', '--ci', '--selectProjects', ...['shared', 'web', 'backend-unit', 'backend-embedded', 'desktop', 'lint'].filter((p) => !withServer.includes(p))),
      env: { NODE_OPTIONS: heap, TEST_DATABASE_URL: '' },
      then: [{ name: 'reliability:embedded', ...reliability('reliability-embedded'), env: { TEST_DATABASE_URL: '' } }],
    },
  ];
  if (process.env.TEST_DATABASE_URL) {
    jest.push({
      name: 'jest:postgres',
      ...npx('jest', '--ci', '--selectProjects', 'backend-postgres', ...withServer),
      env: { NODE_OPTIONS: heap, TEST_SKIP_EMBEDDED: '1' },
      then: [{ name: 'reliability:postgres', ...reliability('reliability-postgres'), env: { TEST_SKIP_EMBEDDED: '1' } }],
    });
  } else {
    process.stdout.write('\nTEST_DATABASE_URL is not set: the PostgreSQL server pass is left out (.ci/run sets it).\n');
  }
  await together(jest);
  // The desktop build is not a step of its own: desktop/test/built-app.spec.ts (in the Jest run above)
  // builds desktop/out with electron-vite when it is older than its sources and tests what it built.
  await together([
    {
      name: 'desktop',
      // the token vault on a real Secret Service (D-Bus + gnome-keyring), then electronegativity (no high-severity finding)
      cmd: 'sh',
      args: ['-c', 'npm run test:keychain && npm run lint:electron'],
    },
    ...(only === 'unit' ? [] : [{ name: 'build web', cmd: 'npm', args: ['run', 'build', '-w', '@vidyalaya/web'] }]),
  ]);
}
if (only !== 'unit') {
  if (only === 'e2e') step('build web', 'npm', ['run', 'build', '-w', '@vidyalaya/web']);
  // e2e/browser.ts chooses the browser itself from the same list (and the full Chromium where a spec needs it).
  step('playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
}
