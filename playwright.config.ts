import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/browser';

const port = process.env.E2E_PORT ?? '3210';
process.env.E2E_PORT = port;
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `vidyalaya-e2e-mail-${Date.now()}`);
// The server's data directory: tests run the command-line tools (staff:create) against it.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `vidyalaya-e2e-data-${Date.now()}`);
// E2E_DATABASE_URL (a PostgreSQL server's admin URL): the server under test keeps its data in a
// fresh database of its own there instead of the embedded one (e2e/serve.mjs creates and drops it);
// the command-line tools the specs run reach the same database through DATABASE_URL.
if (process.env.E2E_DATABASE_URL && !process.env.DATABASE_URL) {
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/vidyalaya_e2e_${Date.now()}`;
  process.env.DATABASE_URL = url.toString();
}

export default defineConfig({
  testDir: './e2e/tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // A trace records every action's DOM snapshot and screencast while the test runs, and cost a fifth
    // of the browser suite's CPU (docs/performance.md, session 15). CI keeps none: its clone and
    // test-results are thrown away, only the printed report is read. Locally a failing test keeps its
    // trace; E2E_TRACE (on, off, retain-on-failure, …) overrides both.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? (process.env.CI ? 'off' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    // The web app's service worker (issue 37) would answer pages and cached scripts itself, out of
    // page.route's sight; only the specs about it allow it (e2e/tests/app/installable.spec.ts).
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
