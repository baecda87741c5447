import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/browser';
process.env.E2E_MAIL_DIR = '/tmp/af-data/mail';
process.env.E2E_DATA_DIR = '/tmp/af-data';
export default defineConfig({
  testDir: './e2e/tests/app',
  outputDir: '/tmp/pw-scratch-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: 'http://localhost:3321', launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS }, trace: 'retain-on-failure' },
});
