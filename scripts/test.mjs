#!/usr/bin/env node
// `npm test`: every test the project has. Type checks, the linter, then Jest (shared rules, the renderer's API
// layer, back-end unit and integration tests on the embedded PostgreSQL and — with
// TEST_DATABASE_URL — on a real server; the rate limits on Redis too with TEST_REDIS_URL),
// then the browser tests in a real Chromium against the app started as the README starts it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

const browser = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
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

if (only !== 'e2e') {
  step('type check (TypeScript 7)', process.execPath, [tsc7, '-b', 'shared', 'backend', 'web', 'desktop']);
  step('type check (tests, TypeScript 7)', process.execPath, [tsc7, '-p', 'backend/tsconfig.test.json']);
  step('lint: import boundaries, no cycles, no unused names (eslint.config.mjs)', 'npm', ['run', 'lint']);
  // The embedded PostgreSQL every integration suite shares lives in Jest's parent process for the
  // whole run; with every module's suites its heap passed Node's default 4 GB limit (CI, 2026-11-25).
  const heap = `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim();
  step('jest', 'npx', ['jest', '--ci'], { NODE_OPTIONS: heap });
  step('reliability: 200 concurrent onboarding journeys', 'npm', ['run', 'test:reliability']);
  step('desktop: token vault on a real Secret Service (D-Bus + gnome-keyring)', 'npm', ['run', 'test:keychain']);
  step('desktop: electronegativity (no high-severity finding)', 'npm', ['run', 'lint:electron']);
  step('desktop: build', 'npm', ['run', 'build:desktop']);
}
if (only !== 'unit') {
  step('build web', 'npm', ['run', 'build', '-w', '@vidyalaya/web']);
  step('playwright', 'npx', ['playwright', 'test'], { CHROME_PATH: browser, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
}
