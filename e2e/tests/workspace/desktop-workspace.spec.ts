import { expect, test } from '@playwright/test';
import { APP_BASE, createMainProcess, ensureDesktopBuilt, pageStorage, PORT, SERVER, type MainProcess } from '../desktop/support';
import { EN, HI } from './catalogue';
import { SCHOOL_ID, stubWorkspace } from './stub-api';
import { docScreenshot } from '../../screens';

/**
 * Issue 13: the desktop app (the school office's daily tool) shows the same workspace: its built
 * renderer in Chromium with the main process's own handlers (../desktop/support.ts), the workspace
 * calls stubbed as in the other files here. Tokens go to the keychain, never the page.
 */
let main: MainProcess;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  ensureDesktopBuilt();
  main = createMainProcess();
  main.settings.save({ serverUrl: SERVER, appDomain: `localhost:${PORT}` });
});
test.afterAll(async () => main?.cleanUp());

test('sign in to the workspace in the desktop app: the role\'s menu, Hindi and back', async ({ page }) => {
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  await page.setViewportSize({ width: 1280, height: 800 });
  const stub = await stubWorkspace(page, { role: 'accountant', signedIn: false });
  await main.attach(page);
  await page.goto(`${APP_BASE}desktop.html#/workspace`);
  await expect(page.getByRole('heading', { name: EN['signIn.title'] })).toBeVisible();
  await page.getByLabel(EN['signIn.username']!).fill('kiran_accounts');
  await page.getByLabel(EN['signIn.password']!, { exact: true }).fill('Ganga#Office2025');
  await page.getByRole('button', { name: EN['signIn.submit'] }).click();

  await expect(page).toHaveURL(`${APP_BASE}desktop.html#/workspace/${SCHOOL_ID}`);
  const nav = page.getByRole('navigation', { name: EN['shell.menu'] });
  // The menu fills once the school's home has loaded: wait for it rather than read it at once.
  await expect(nav.getByRole('link')).toHaveText(['home', 'students', 'staff', 'timetable', 'calendar', 'fees', 'notices', 'payments', 'insights'].map((k) => EN[`nav.${k}`]!));
  await nav.getByRole('link', { name: EN['nav.fees'] }).click();
  // Fees is a module of its own now (issue 18): its counter opens.
  await expect(page.getByRole('heading', { level: 1, name: EN['nav.fees'] })).toBeVisible();
  await docScreenshot(page, { path: 'docs/screens/workspace-desktop-en.png' });

  // The tokens are in the keychain, not in the page.
  expect(await main.keychainEntry(SERVER)).toContain('stub-access');
  expect(await pageStorage(page)).not.toContain('stub-access');

  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: HI['nav.fees'] })).toBeVisible();
  await expect(page.getByRole('navigation', { name: HI['shell.menu'] }).getByRole('link', { name: HI['nav.students'] })).toBeVisible();
  await docScreenshot(page, { path: 'docs/screens/workspace-desktop-hi.png' });
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: EN['nav.fees'] })).toBeVisible();
  await expect.poll(() => stub.calls.filter((c) => c.method === 'PATCH' && c.path === '/me/preferences').map((c) => c.body)).toEqual([{ language: 'hi' }, { language: 'en' }]);
});
