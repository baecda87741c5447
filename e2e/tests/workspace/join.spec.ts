import { expect, test } from '@playwright/test';
import { EN, HI, msg } from './catalogue';
import { horizontalOverflow, PORT, SCHOOL_ID, stubWorkspace } from './stub-api';
import { docScreenshot } from '../../screens';

/** Issue 13: /join?token=… on the school's host (the invitation e-mail's link), against stubbed calls. */
const PORTAL = `http://saraswati.localhost:${PORT}`;

test('a new person previews the invitation, chooses a username and password, and lands in the workspace', async ({ page }) => {
  const stub = await stubWorkspace(page, { role: 'teacher', signedIn: false });
  await page.goto(`${PORTAL}/join?token=good-token`);
  await expect(page.getByRole('heading', { level: 1, name: msg(EN, 'join.heading', { school: 'Saraswati Vidya Mandir' }) })).toBeVisible();
  await expect(page.getByText(msg(EN, 'join.invitedAs', { name: 'Ravi Kumar', role: EN['role.teacher']! }))).toBeVisible();
  await expect(page.getByText(/ravi@example\.in · .*01\/12\/2026/)).toBeVisible();
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: msg(HI, 'join.heading', { school: 'Saraswati Vidya Mandir' }) })).toBeVisible();
  await page.getByRole('button', { name: HI['join.submit'] }).click();
  await expect(page.getByText(HI['validation.usernameMin']!)).toBeVisible();
  await expect(page.getByText(HI['validation.passwordMin']!)).toBeVisible();
  await docScreenshot(page, { path: 'docs/screens/workspace-join-hi.png', fullPage: true });

  await page.getByLabel(HI['join.username']!).fill('ravi_k');
  await page.getByLabel(HI['join.password']!, { exact: true }).fill('Ganga#Teach42');
  await page.getByRole('button', { name: HI['join.submit'] }).click();
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: HI['home.mySectionsToday'] })).toBeVisible();
  const posts = stub.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
  expect(posts.slice(0, 2)).toEqual([
    ['/invitations/accept', { token: 'good-token', subdomain: 'saraswati', username: 'ravi_k', password: 'Ganga#Teach42' }],
    ['/auth/login', { username: 'ravi_k', password: 'Ganga#Teach42' }],
  ]);
  // On the school's host the preview names the host's school, so another school's link is refused.
  expect(stub.calls.find((c) => c.path.startsWith('/invitations/preview'))?.path).toBe('/invitations/preview?token=good-token&subdomain=saraswati');
  // The new account keeps the language the page was read in.
  await expect.poll(() => stub.calls.filter((c) => c.method === 'PATCH' && c.path === '/me/preferences').map((c) => c.body)).toEqual([{ language: 'hi' }]);
});

test('a signed-in person accepts as themselves', async ({ page }) => {
  const stub = await stubWorkspace(page, { role: 'teacher' });
  await page.goto(`${PORTAL}/join?token=good-token`);
  await expect(page.getByText(msg(EN, 'join.signedInAs', { username: 'asha_verma' }))).toBeVisible();
  await page.getByRole('button', { name: EN['join.acceptAsMe'] }).click();
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}`);
  expect(stub.calls.find((c) => c.path === '/invitations/accept')?.body).toEqual({ token: 'good-token', subdomain: 'saraswati' });
});

test('the server\'s refusals: a common password beside its field, an address that has an account told to sign in first (in Hindi)', async ({ page }) => {
  await stubWorkspace(page, { signedIn: false });
  await page.goto(`${PORTAL}/join?token=good-token`);
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await page.getByLabel(HI['join.username']!).fill('common_pw');
  await page.getByLabel(HI['join.password']!, { exact: true }).fill('password1');
  await page.getByRole('button', { name: HI['join.submit'] }).click();
  await expect(page.locator('.vd-field-error')).toHaveText(HI['validation.passwordTooCommon']!);
  await page.getByLabel(HI['join.username']!).fill('has_account');
  await page.getByLabel(HI['join.password']!, { exact: true }).fill('Ganga#Teach42');
  await page.getByRole('button', { name: HI['join.submit'] }).click();
  await expect(page.getByRole('alert').filter({ hasText: HI['join.emailTaken']! })).toBeVisible();
  await expect(page.getByRole('link', { name: HI['join.signInFirst'] })).toBeVisible();
});

test('a used, expired or made-up link says so and what to do', async ({ page }) => {
  await stubWorkspace(page, { signedIn: false });
  await page.goto(`${PORTAL}/join?token=used-token`);
  await expect(page.getByRole('heading', { name: EN['join.invalid.title'] })).toBeVisible();
  await expect(page.getByText(EN['join.invalid.text']!)).toBeVisible();
  await page.goto(`${PORTAL}/join`);
  await expect(page.getByRole('heading', { name: EN['join.invalid.title'] })).toBeVisible();
});

test.describe('at phone width (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  test('the join and sign-in pages fit', async ({ page }) => {
    await stubWorkspace(page, { signedIn: false });
    await page.goto(`${PORTAL}/join?token=good-token`);
    await expect(page.getByRole('button', { name: EN['join.submit'] })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await docScreenshot(page, { path: 'docs/screens/workspace-join-en-360.png', fullPage: true });
    await page.goto(`${PORTAL}/sign-in`);
    await expect(page.getByRole('button', { name: EN['signIn.submit'] })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect((await page.getByRole('button', { name: EN['signIn.submit'] }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});
