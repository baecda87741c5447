import { expect, test, type Page } from '@playwright/test';
import { API, loginApi, newUser, oncePerRun, PASSWORD, signInWithTokens, verifiedUser, type TestUser, type Tokens } from './support/api';
import { enter, expectAccessible, expectFieldError, openForm, screenshot, setChecked, toastWith } from './support/checks';
import { readOtp } from './support/mail';

// The server limits sign-ups per address (DECISIONS: rate limits), so this file's accounts are made
// once and its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

let main: TestUser;
let mainTokens: Tokens;
let unverified: TestUser;
let unverifiedSince: number;

test.beforeAll(async ({ request }) => {
  ({ main, mainTokens, unverified, unverifiedSince } = await oncePerRun('accounts', async () => {
    const user = await verifiedUser(request, 'acct');
    const tokens = await loginApi(request, user);
    const pending = newUser('unver');
    const since = Date.now();
    const res = await request.post(`${API}/auth/register`, { data: { username: pending.username, email: pending.email, password: pending.password } });
    expect(res.ok()).toBe(true);
    return { main: user, mainTokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }, unverified: pending, unverifiedSince: since };
  }));
});

const storedTokens = (page: Page) =>
  page.evaluate(() => ({ access: localStorage.getItem('vidyalaya_access_token'), refresh: localStorage.getItem('vidyalaya_refresh_token') }));

async function fillLogin(page: Page, user: Pick<TestUser, 'username' | 'password'>) {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('spec §2 route guard: a protected page sends a signed-out visitor to /login and back there after login, replacing history', async ({ page }) => {
  await page.goto('/about');
  // A protected page that loads without a failure of its own: a failing page's error toast would
  // (by design, issue 20) dismiss the welcome toast this test reads.
  const origin = '/dashboard?from=guard';
  await page.goto(origin);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login to Platform' })).toBeVisible();
  // Keyboard only: the username field has focus; Tab to the password; Enter submits.
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(main.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(main.password);
  await page.keyboard.press('Enter');
  await expect(toastWith(page, 'Welcome back! You have been successfully logged in.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${origin.replace(/[?]/g, '\\?')}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test('spec §2: /login and /register send a signed-in user to /dashboard', async ({ page }) => {
  await signInWithTokens(page, mainTokens);
  await openForm(page, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openForm(page, '/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${main.username}!` })).toBeVisible();
});

test('spec §2: /verify-otp without navigation state goes to /login; /reset-password without a token goes to /forgot-password', async ({ page }) => {
  await openForm(page, '/verify-otp');
  await expect(page).toHaveURL(/\/login$/);
  await openForm(page, '/reset-password');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  await expect(page.getByText('Set a New Password')).toHaveCount(0);
});

test("spec §2: 'Initializing...' shows while authentication starts, then the page", async ({ page }) => {
  await signInWithTokens(page, mainTokens);
  await page.route('**/api/v1/auth/me', async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Initializing...' })).toBeVisible();
  await screenshot(page, 'initializing');
  await expect(page.getByRole('heading', { name: `Welcome, ${main.username}!` })).toBeVisible();
  await expect(page.getByText('Initializing...')).toHaveCount(0);
});

test('spec §4 / DECISIONS: an access token the server refuses is refreshed once and the app carries on', async ({ page, request }) => {
  const tokens = await loginApi(request, main);
  const refused = `${tokens.accessToken.slice(0, -4)}AAAA`;
  await signInWithTokens(page, { accessToken: refused, refreshToken: tokens.refreshToken });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${main.username}!` })).toBeVisible();
  const after = await storedTokens(page);
  expect(after.access).not.toBe(refused);
  expect(after.refresh).not.toBe(tokens.refreshToken);
  // The rotated pair works on its own.
  const me = await request.get(`${API}/auth/me`, { headers: { authorization: `Bearer ${after.access}` } });
  expect(me.status()).toBe(200);
});

test('spec §8 / DECISIONS: when the refresh fails too, the user is signed out', async ({ page }) => {
  await signInWithTokens(page, { accessToken: 'not-a-token', refreshToken: 'not-a-refresh-token' });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('spec §4: logout wipes the tokens, the user and the persisted school state', async ({ page, request }) => {
  await signInWithTokens(page, await loginApi(request, main));
  await page.evaluate(() => localStorage.setItem('vidyalaya_school', JSON.stringify({ school: { id: 'x', name: 'Old' }, academicYear: '2024-25' })));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${main.username}!` })).toBeVisible();
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toastWith(page, 'Logged out successfully')).toBeVisible();
  await expect.poll(() => storedTokens(page)).toEqual({ access: null, refresh: null });
  expect(await page.evaluate(() => localStorage.getItem('vidyalaya_school'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test("spec §2 /login and §8: links, the submitting state, and 'Login failed' with the server's message", async ({ page }) => {
  await openForm(page, '/login');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Username').fill(main.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  const submit = page.getByRole('button', { name: 'Login', exact: true });
  await submit.click();
  // Spec §4: while submitting the button is disabled and shows a spinner; a failure clears it.
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await expect(submit.locator('.bp6-spinner')).toBeVisible();
  release();
  await expect(toastWith(page, 'Login failed')).toContainText('Invalid username or password');
  await expect(submit).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
});

test('spec §2 /register and §8: terms links in a new tab, a link to /login, and a taken username', async ({ page }) => {
  await openForm(page, '/register');
  for (const [name, href] of [
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
  ]) {
    const link = page.getByRole('main').getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(page.getByRole('main').getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
  await page.getByLabel('Username').fill(main.username);
  await page.getByLabel('Email').fill(`other-${main.email}`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await setChecked(page.getByRole('checkbox', { name: /I agree to the/ }), true);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toastWith(page, 'Registration failed')).toContainText('This username is already taken.');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test('spec §5: every message of the registration, login and OTP forms, beside its field', async ({ page }) => {
  await openForm(page, '/register');
  const username = page.getByLabel('Username');
  await enter(username, 'ab');
  await expectFieldError(username, 'Username must be at least 3 characters');
  await enter(username, 'a'.repeat(31));
  await expectFieldError(username, 'Username must not exceed 30 characters');
  const email = page.getByLabel('Email');
  await enter(email, 'ravi@');
  await expectFieldError(email, 'Please enter a valid email address');
  const password = page.getByLabel('Password', { exact: true });
  await enter(password, '12345');
  await expectFieldError(password, 'Password must be at least 6 characters');
  const confirm = page.getByLabel('Confirm password');
  await enter(confirm, '123456');
  await expectFieldError(confirm, "Passwords don't match");
  const terms = page.getByRole('checkbox', { name: /I agree to the/ });
  await setChecked(terms, true);
  await setChecked(terms, false);
  await expectFieldError(terms, 'You must agree to the Terms of Service and Privacy Policy');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await expectAccessible(page, '/register with errors');
  await screenshot(page, 'register-errors');

  await openForm(page, '/login');
  const loginName = page.getByLabel('Username');
  await enter(loginName, 'ab');
  await expectFieldError(loginName, 'Username must be at least 3 characters');
  await enter(loginName, 'b'.repeat(31));
  await expectFieldError(loginName, 'Username must not exceed 30 characters');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectFieldError(page.getByLabel('Password', { exact: true }), 'Password is required');
  await expectAccessible(page, '/login with errors');

  await openForm(page, '/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expectFieldError(page.getByLabel('Username'), 'Username must be at least 3 characters');
});

test('spec §8 destructive toasts: the server message, or the fallback when there is none', async ({ page }) => {
  // No server to answer: each form shows the spec's fallback text.
  await page.route('**/api/v1/auth/**', (route) => route.abort('failed'));
  await openForm(page, '/login');
  await fillLogin(page, main);
  await expect(toastWith(page, 'Login failed')).toContainText('Invalid username or password');

  await openForm(page, '/register');
  await page.getByLabel('Username').fill('someone_new');
  await page.getByLabel('Email').fill('someone_new@example.in');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await setChecked(page.getByRole('checkbox', { name: /I agree to the/ }), true);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toastWith(page, 'Registration failed')).toContainText('An error occurred during registration');

  await openForm(page, '/forgot-password');
  await page.getByLabel('Username').fill(main.username);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(toastWith(page, 'Failed to send reset code')).toContainText('Please try again.');
  await page.unrouteAll();

  // A reset token the server refuses: 'Password reset failed' with the server's message.
  await page.evaluate(() => history.replaceState({ usr: { resetToken: 'no-such-token' }, key: 'e2e', idx: 0 }, '', '/reset-password'));
  await page.reload();
  await page.getByLabel('New password', { exact: true }).fill('Narmada#River1');
  await page.getByLabel('Confirm password').fill('Narmada#River1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toastWith(page, 'Password reset failed')).toContainText('This password reset has expired or was already used. Please start again.');
  await expect(page).toHaveURL(/\/reset-password$/);
});

test('spec §2 /forgot-password: username, code (with resend), new password, then back to the first step', async ({ page, request }) => {
  const user = await verifiedUser(request, 'reset');
  await openForm(page, '/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  await screenshot(page, 'forgot-password-username');
  await expectAccessible(page, '/forgot-password step 1');
  await page.getByLabel('Username').fill(user.username);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(toastWith(page, 'Reset code sent!')).toBeVisible();

  // Step 2: the code; a wrong one, and a resend within the minute, show their destructive toasts.
  const code = page.getByLabel('Reset code');
  await expect(code).toHaveAttribute('maxlength', '6');
  await enter(code, '12a');
  await expectFieldError(code, 'OTP must be 6 digits');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'Invalid code')).toContainText('Invalid OTP. Please try again.');
  // Issue 20: the message also stays at the field.
  await expectFieldError(code, 'Invalid OTP. Please try again.');
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(toastWith(page, 'Failed to resend code')).toBeVisible();
  await screenshot(page, 'forgot-password-code');
  await expectAccessible(page, '/forgot-password step 2');
  await code.fill(await readOtp(user.email, { since }));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'Code verified! Please enter your new password.')).toBeVisible();

  // Step 3: spec §5 toasts for a short or mismatched password, then the reset.
  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  await newPassword.fill('12345');
  await confirm.fill('12345');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toastWith(page, 'Password too short')).toContainText('Password must be at least 6 characters long');
  await expectFieldError(newPassword, 'Password must be at least 6 characters long');
  await newPassword.fill('Himalaya#2025');
  await confirm.fill('Himalaya#2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toastWith(page, "Passwords don't match")).toContainText('Please make sure both passwords are identical');
  await expectFieldError(confirm, 'Please make sure both passwords are identical');
  await screenshot(page, 'forgot-password-new-password');
  await expectAccessible(page, '/forgot-password step 3');
  await confirm.fill('Himalaya#2025');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toastWith(page, 'Password reset successful! You can now login with your new password.')).toBeVisible();
  await expect(page.getByText('Your password has been reset. You can now log in with your new password.')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await screenshot(page, 'forgot-password-done');
  expect((await loginApi(request, { username: user.username, password: 'Himalaya#2025' })).accessToken).toBeTruthy();
});

test('DECISIONS: logging in before verifying offers to verify, which sends a fresh code and opens /verify-otp', async ({ page }) => {
  await openForm(page, '/login');
  await fillLogin(page, unverified);
  const callout = page.getByRole('alert').filter({ hasText: 'Please verify your email address before signing in.' });
  await expect(callout).toBeVisible();
  await screenshot(page, 'login-unverified');
  // DECISIONS: one code a minute; wait out the minute since registration so a fresh one can go.
  const wait = unverifiedSince + 61_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  const since = Date.now();
  await callout.getByRole('button', { name: 'Verify email' }).click();
  await expect(toastWith(page, 'OTP sent successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();

  // /verify-otp: six characters at most, a wrong code, resend within the minute, Back to Login.
  const code = page.getByLabel('Verification code');
  await code.pressSequentially('1234567');
  await expect(code).toHaveValue('123456');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'Verification failed')).toContainText('Invalid OTP. Please try again.');
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(toastWith(page, 'Failed to resend OTP')).toContainText('Too many requests');
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  await code.fill(await readOtp(unverified.email, { since }));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'Email verified successfully! You can now sign in to your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, unverified);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('spec §2 /verify-otp (password-reset) leads to /reset-password, which resets the password and goes to /login', async ({ page, request }) => {
  const since = Date.now();
  expect((await request.post(`${API}/auth/forgot-password`, { data: { username: main.username } })).ok()).toBe(true);
  const otp = await readOtp(main.email, { since });
  // The state a reset flow hands over (spec §2): username and type in the navigation state.
  await page.goto('/about');
  await page.evaluate((username) => {
    history.replaceState({ usr: { username, type: 'password-reset' }, key: 'e2e', idx: 0 }, '', '/verify-otp');
  }, main.username);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter Your Reset Code' })).toBeVisible();
  await page.getByLabel('Verification code').fill(otp);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'OTP verified successfully! You can now reset your password.')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

  // Spec §5 reset-password page: at least 6, and the confirmation must match.
  const password = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm password');
  await enter(password, '123');
  await expectFieldError(password, 'Password must be at least 6 characters');
  await enter(password, 'Ganga#River9');
  await enter(confirm, 'Ganga#River8');
  await expectFieldError(confirm, "Passwords don't match");
  await screenshot(page, 'reset-password');
  await expectAccessible(page, '/reset-password');
  await confirm.fill('Ganga#River9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toastWith(page, 'Password reset successful!')).toContainText('You can now sign in with your new password.');
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, { username: main.username, password: 'Ganga#River9' });
  await expect(page).toHaveURL(/\/dashboard$/);
});
