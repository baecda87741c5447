import { expect, test, type Page } from '@playwright/test';
import { EN } from './catalogue';
import { PORT, SCHOOL_ID, stubWorkspace } from './stub-api';
import { docScreenshot } from '../../screens';

/**
 * Issue 37 item 1: the workspace's document paints the shell's skeleton before any script runs, and
 * asks for the page's first API answers itself, beside the scripts rather than after them; the app
 * then uses those answers instead of asking again (web/scripts/prerender.mjs, src/lib/api/prefetched.ts).
 */
const PORTAL = `http://saraswati.localhost:${PORT}`;
const SCREENS = 'docs/screens';

/** Keeps the app's module scripts from running: what is on screen is the document's own. */
async function withoutAppScripts(page: Page) {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test('before any script: the skeleton of the shell at phone and desktop width, and the first calls already sent', async ({ page }) => {
  const { calls } = await stubWorkspace(page, { role: 'admin' });
  await withoutAppScripts(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/students`);
  const skeleton = page.getByRole('status', { name: 'Loading' });
  await expect(skeleton).toBeVisible();
  expect((await box(page, '.sk-top')).height).toBe(56);
  await expect(page.locator('.sk-side')).toBeHidden();
  await docScreenshot(page, { path: `${SCREENS}/workspace-first-paint-360.png` });
  // The document's script asked for the session, the school and the register's first page, with no app script run
  // (the stub answers each address of the batch as it would alone, and records it as a call).
  await expect.poll(() => calls.map((c) => c.path).sort()).toEqual(
    [
      '/auth/me',
      '/me/preferences',
      '/me/schools',
      `/schools/${SCHOOL_ID}/home`,
      `/schools/${SCHOOL_ID}/students/sections`,
      `/schools/${SCHOOL_ID}/students?status=active&sort=name&order=asc&page=1&pageSize=100`,
    ].sort(),
  );
  // All in one request: on a repeat visit no connection is open yet, and six would come back one after another.
  expect(sent).toEqual(['POST /api/v1/batch']);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('.sk-side')).toBeVisible();
  expect((await box(page, '.sk-side')).width).toBe(232);
  await docScreenshot(page, { path: `${SCREENS}/workspace-first-paint-desktop.png` });
});

test('the skeleton is labelled in Hindi when that is the language this device chose', async ({ page }) => {
  await stubWorkspace(page, { role: 'admin', language: 'hi' });
  await page.addInitScript(() => localStorage.setItem('vidyalaya_language', 'hi'));
  await withoutAppScripts(page);
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
  await expect(page.getByRole('status', { name: 'लोड हो रहा है' })).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`the app uses the document's answers (each asked for once) and the shell takes the skeleton's place at ${width} px`, async ({ page }) => {
    const { calls } = await stubWorkspace(page, { role: 'admin' });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/students`);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('.ws-breadcrumbs')).toContainText(EN['nav.students']!);
    await expect(page.locator('[data-skeleton]')).toHaveCount(0);
    // The top bar is where the skeleton's was, as tall; the sidebar as wide (none at phone width).
    const top = await box(page, '.ws-topbar');
    expect([top.y, top.height]).toEqual([0, 56]);
    if (width > 760) expect((await box(page, '.ws-sidebar')).width).toBe(232);
    await page.waitForLoadState('networkidle');
    const paths = calls.filter((c) => c.method === 'GET').map((c) => c.path);
    for (const first of ['/auth/me', '/me/preferences', '/me/schools', `/schools/${SCHOOL_ID}/home`, `/schools/${SCHOOL_ID}/students/sections`]) {
      expect(paths.filter((p) => p === first), first).toHaveLength(1);
    }
    expect(paths.filter((p) => p.startsWith(`/schools/${SCHOOL_ID}/students?`))).toEqual([`/schools/${SCHOOL_ID}/students?status=active&sort=name&order=asc&page=1&pageSize=100`]);
  });
}

test('when the batch fails, the app asks for each first answer itself, once, and draws the page', async ({ page }) => {
  const { calls } = await stubWorkspace(page, { role: 'admin' });
  // Added after the stubs, so it answers first.
  await page.route(/\/api\/v1\/batch$/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Busy', error: { code: 'SERVICE_UNAVAILABLE', message: 'Busy' } }) }));
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/students`);
  await expect(page.locator('.ws-breadcrumbs')).toContainText(EN['nav.students']!);
  await page.waitForLoadState('networkidle');
  const paths = calls.filter((c) => c.method === 'GET').map((c) => c.path);
  for (const first of ['/auth/me', '/me/preferences', '/me/schools', `/schools/${SCHOOL_ID}/home`, `/schools/${SCHOOL_ID}/students/sections`]) {
    expect(paths.filter((p) => p === first), first).toHaveLength(1);
  }
});
