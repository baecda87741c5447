import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PORT, SCHOOL_ID, stubWorkspace } from '../workspace/stub-api';

/**
 * A guardian's page when the children's list brings no child, or fails: a clear message, drawn after
 * the page first rendered while the list loaded (the page's hooks run the same on every render).
 */
const GD = JSON.parse(readFileSync('web/src/features/guardian/i18n/en.json', 'utf8')) as Record<string, string>;
const PORTAL = `http://saraswati.localhost:${PORT}`;

test.use({ viewport: { width: 360, height: 740 } });

test('no child linked yet: the page says so', async ({ page }) => {
  await stubWorkspace(page, { role: 'guardian' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/my-children`);
  await expect(page.getByText(GD['children.emptyTitle']!)).toBeVisible();
  expect(errors).toEqual([]);
});

test('the list fails: the page says the details could not be loaded', async ({ page }) => {
  await stubWorkspace(page, { role: 'guardian' });
  // Added after the stubs, so they answer first: the document's first request fails too, and the page's
  // own request for the list is answered with the failure.
  await page.route(/\/api\/v1\/batch$/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }));
  await page.route(/\/api\/v1\/schools\/[^/]+\/students\?status=all/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Something went wrong', error: { code: 'INTERNAL', message: 'Something went wrong' } }) }),
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/my-children`);
  await expect(page.getByText(GD['children.loadFailed']!)).toBeVisible();
  expect(errors).toEqual([]);
});
