import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/browser';

const port = process.env.E2E_PORT ?? '3210';
process.env.E2E_PORT = port;
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `vidyalaya-e2e-mail-${Date.now()}`);
// The server's data directory: tests run the command-line tools (staff:create) against it.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `vidyalaya-e2e-data-${Date.now()}`);

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
    trace: 'retain-on-failure',
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
