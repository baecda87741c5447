import { expect, test, type Page } from '@playwright/test';
import { loginApi, oncePerRun, signInWithTokens, verifiedUser, type TestUser, type Tokens } from './support/api';
import { openForm, toastWith } from './support/checks';
import { readOtp } from './support/mail';

// Spec §8 destructive toasts whose fallback text shows only when a call fails without a message,
// and spec §4 logout. Sign-ups are rate-limited per address (DECISIONS), so the accounts are made
// once for the file and its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

let resetter: TestUser;
let schoolless: { user: TestUser; tokens: Tokens };
let leaver: TestUser;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  ({ resetter, schoolless, leaver } = await oncePerRun('fallbacks', async () => {
    const r = await verifiedUser(request, 'fbreset');
    const s = await verifiedUser(request, 'fbschool');
    const { accessToken, refreshToken } = await loginApi(request, s);
    const l = await verifiedUser(request, 'fbleave');
    return { resetter: r, schoolless: { user: s, tokens: { accessToken, refreshToken } }, leaver: l };
  }));
});

/** A failed answer with no server message: a gateway's HTML page instead of the envelope. */
const noMessage = { status: 500, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const control = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}( \\(optional\\))?$`));
const storedTokens = (page: Page) =>
  page.evaluate(() => ({ access: localStorage.getItem('vidyalaya_access_token'), refresh: localStorage.getItem('vidyalaya_refresh_token') }));

test("spec §8 'Failed to resend OTP' / 'Please try again later' when the server gives no message", async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => history.replaceState({ usr: { username: 'ravi_kumar', type: 'registration' }, key: 'e2e', idx: 0 }, '', '/verify-otp'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
  let calls = 0;
  await page.route('**/api/v1/auth/resend-otp', (route) => {
    calls++;
    return route.fulfill(noMessage);
  });
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(toastWith(page, 'Failed to resend OTP')).toContainText('Please try again later');
  expect(calls).toBe(1);
});

test("spec §8 'Password reset failed' / 'An error occurred while resetting your password' when the server gives no message", async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => history.replaceState({ usr: { resetToken: 'a-reset-token' }, key: 'e2e', idx: 0 }, '', '/reset-password'));
  await page.reload();
  await page.route('**/api/v1/auth/reset-password', (route) => route.fulfill(noMessage));
  await page.getByLabel('New password', { exact: true }).fill('Narmada#River1');
  await page.getByLabel('Confirm password').fill('Narmada#River1');
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await submit.click();
  await expect(toastWith(page, 'Password reset failed')).toContainText('An error occurred while resetting your password');
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(submit).toBeEnabled();
});

test("spec §8 'Failed to reset password' on /forgot-password step 3: 'Please try again.' without a message, else the server's", async ({ page }) => {
  await openForm(page, '/forgot-password');
  await page.getByLabel('Username').fill(resetter.username);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(toastWith(page, 'Reset code sent!')).toBeVisible();
  await page.getByLabel('Reset code').fill(await readOtp(resetter.email, { since }));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'Code verified! Please enter your new password.')).toBeVisible();

  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await page.route('**/api/v1/auth/reset-password', (route) => route.fulfill(noMessage));
  await newPassword.fill('Yamuna#Bank27');
  await confirm.fill('Yamuna#Bank27');
  await submit.click();
  await expect(toastWith(page, 'Failed to reset password')).toContainText('Please try again.');
  // Spec §8: the failure clears the submitting state, and the step stays for another try.
  await expect(submit).toBeEnabled();
  await expect(newPassword).toBeVisible();

  // The server's own message: a password it refuses as too common (DECISIONS).
  await page.unrouteAll();
  await newPassword.fill('password123');
  await confirm.fill('password123');
  await submit.click();
  await expect(toastWith(page, 'This password is too common')).toContainText('Failed to reset password');
  await expect(newPassword).toBeVisible();
});

test("spec §8 'Failed to create school' / 'An error occurred while creating your school profile' when the server gives no message", async ({ page }) => {
  await signInWithTokens(page, schoolless.tokens);
  await page.goto('/setup/school');
  await page.getByLabel('School name').fill('Gateway Failure School');
  await page.getByLabel('School level').selectOption('secondary');
  await control(page, 'Address line 1').fill('4 Canal Road');
  await control(page, 'Locality').fill('Swaroop Nagar');
  await control(page, 'City').fill('Kanpur');
  await control(page, 'State').selectOption('Uttar Pradesh');
  await control(page, 'PIN code').fill('208002');
  await control(page, 'Phone number 1').fill('+919415111111');
  let calls = 0;
  await page.route('**/api/v1/school/create', (route) => {
    calls++;
    return route.fulfill(noMessage);
  });
  const submit = page.getByRole('button', { name: 'Create School' });
  await submit.click();
  await expect(toastWith(page, 'Failed to create school')).toContainText('An error occurred while creating your school profile');
  expect(calls).toBe(1);
  await expect(submit).toBeEnabled();
  await expect(page).toHaveURL(/\/setup\/school$/);
});

test('spec §4 Logout: a failed logout call is only logged; this device is still signed out', async ({ page, request }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await signInWithTokens(page, await loginApi(request, leaver));
  let calls = 0;
  await page.route('**/api/v1/auth/logout', (route) => {
    calls++;
    return route.fulfill(noMessage);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${leaver.username}!` })).toBeVisible();
  // Logout sits in the signed-in header's account menu (issue 20).
  await page.getByRole('banner').getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toastWith(page, 'Logged out successfully')).toBeVisible();
  expect(calls).toBe(1);
  expect(warnings.some((w) => w.startsWith('Logout call failed'))).toBe(true);
  await expect(toastWith(page, 'Logout failed')).toHaveCount(0);
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

test("spec §8 logout failure: 'Logout failed' / 'There was an error logging out. Please try again.' when this device cannot forget the session", async ({ page, request }) => {
  await signInWithTokens(page, await loginApi(request, leaver));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${leaver.username}!` })).toBeVisible();
  // The storage refuses to let go of the tokens (on the desktop: a locked keychain).
  await page.evaluate(() => {
    const removeItem = Storage.prototype.removeItem;
    (window as unknown as { restoreStorage: () => void }).restoreStorage = () => {
      Storage.prototype.removeItem = removeItem;
    };
    Storage.prototype.removeItem = function (key: string) {
      if (key.endsWith('_token')) throw new DOMException('The storage is locked', 'SecurityError');
      return removeItem.call(this, key);
    };
  });
  // Logout sits in the signed-in header's account menu (issue 20), which stays open after a failure.
  await page.getByRole('banner').getByRole('button', { name: /^Account: / }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await logout.click();
  await expect(toastWith(page, 'Logout failed')).toContainText('There was an error logging out. Please try again.');
  await expect(toastWith(page, 'Logged out successfully')).toHaveCount(0);
  // Still signed in, so trying again is possible.
  await expect(logout).not.toHaveAttribute('aria-disabled', 'true');
  expect((await storedTokens(page)).access).not.toBeNull();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.evaluate(() => (window as unknown as { restoreStorage: () => void }).restoreStorage());
  await logout.click();
  await expect(toastWith(page, 'Logged out successfully')).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  await expect(page).toHaveURL(/\/$/);
});
