import { expect, test, type Page } from '@playwright/test';
import {
  API,
  createClassesApi,
  createSchoolApi,
  createSectionsApi,
  defaultAcademicYear,
  loginApi,
  newUser,
  oncePerRun,
  signInWithTokens,
  verifiedUser,
  type SchoolSeed,
  type TestUser,
  type Tokens,
} from './support/api';
import { expectAccessible, openForm, screenshot, toastWith } from './support/checks';
import { readOtp } from './support/mail';

// Issue 20 (onboarding as a new administrator experiences it). Sign-ups are rate-limited per
// address, so the accounts are made once for the file and its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

const YEAR = defaultAcademicYear();
type Account = { user: TestUser; tokens: Tokens; school: SchoolSeed };
let admin: Account;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  admin = await oncePerRun('onboarding-ux', async () => {
    const user = await verifiedUser(request, 'ux');
    const { accessToken, refreshToken } = await loginApi(request, user);
    const school = await createSchoolApi(request, accessToken);
    await createClassesApi(request, accessToken, school.id, YEAR, ['Nursery', 'Class 1', 'Class 2', 'Class 11']);
    await createSectionsApi(request, accessToken, school.id, YEAR, [{ className: 'Class 1', sectionNames: ['A', 'B'] }]);
    return { user, tokens: { accessToken, refreshToken }, school };
  });
});

/** A fresh session for each test (a test that changes the password ends the file's tokens). */
async function signIn(page: Page, user: TestUser = admin.user) {
  await signInWithTokens(page, await loginApi(page.request, user));
}

/**
 * Cumulative Layout Shift of the page from its first paint, measured in the page with a
 * PerformanceObserver on 'layout-shift' entries (buffered, registered before any app code runs);
 * shifts right after input do not count, as in the CLS definition.
 */
async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: { value: number; sources: string[] }[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName))),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts);

for (const width of [1280, 360]) {
  test(`issue 20: the dashboard and a setup page load without layout shift (CLS < 0.1) at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await signIn(page);
    await observeLayoutShifts(page);
    // The school call held back a little, as on a slow line: the loading state must already take the final room.
    await page.route('**/api/v1/auth/my-school-detailed', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: admin.school.name })).toBeVisible();
    await page.waitForTimeout(500);
    const dashboard = await layoutShift(page);
    console.log("CLS dashboard", width, dashboard, JSON.stringify(await shifts(page)));
    expect(dashboard, `dashboard shifts: ${JSON.stringify(await shifts(page))}`).toBeLessThan(0.1);

    await page.route('**/api/v1/school/classes-sections/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto(`/setup/sections?schoolId=${admin.school.id}`);
    await expect(page.getByRole('heading', { level: 1, name: /sections/i })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Class 2' })).toBeVisible();
    await page.waitForTimeout(500);
    const setup = await layoutShift(page);
    console.log("CLS setup", width, setup, JSON.stringify(await shifts(page)));
    expect(setup, `setup shifts: ${JSON.stringify(await shifts(page))}`).toBeLessThan(0.1);
  });
}

test('issue 20: the signed-in dashboard survives a reload and a setup page opens from a deep link', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: admin.school.name })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Initializing...')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: admin.school.name })).toBeVisible();
  await page.goto(`/setup/classes?schoolId=${admin.school.id}`);
  await expect(page).toHaveURL(new RegExp(`/setup/classes\\?schoolId=${admin.school.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /classes/i })).toBeVisible();
});

/**
 * The original front end reads the body's own `success` and `user` on every start (DECISIONS
 * "Compatibility fixes": `{success, user, data:{user}}`); this one reads data.user. Needs issue 20
 * item 5 (GET /auth/me answers `user` at the top level too, another branch): fails without it.
 */
test('issue 20 / DECISIONS: on a reload and a deep link /auth/me answers as the original client expects', async ({ page }) => {
  await signIn(page);
  // Each answer is counted when it arrives and its body read later: pushing only after the body was
  // read raced the page's heading, and CI once counted one of two answers (2026-11-28).
  const meAnswers: Promise<unknown>[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/v1/auth/me')) meAnswers.push(res.json().catch(() => null));
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: admin.school.name })).toBeVisible();
  await page.goto(`/setup/sections?schoolId=${admin.school.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /sections/i })).toBeVisible();
  await expect.poll(() => meAnswers.length).toBeGreaterThanOrEqual(2);
  for (const body of (await Promise.all(meAnswers)) as { success: boolean; user: { username: string }; data: { user: { username: string } } }[]) {
    expect(body.success).toBe(true);
    expect(body.data.user.username).toBe(admin.user.username);
    expect(body.user).toEqual(body.data.user);
  }
});

test('issue 20: the signed-in pages have the app header (account menu) and no marketing navigation or footer', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: admin.school.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toHaveCount(0);
  await page.getByRole('button', { name: `Account: ${admin.user.username}` }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Edit school', 'Change password', 'Logout']);
  await screenshot(page, 'account-menu');
  await expectAccessible(page, 'the account menu');
  await menu.getByRole('menuitem', { name: 'Edit school' }).click();
  await expect(page).toHaveURL(/\/setup\/school\?edit=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Your School' })).toBeVisible();
  await expect(page.getByLabel('School name')).toHaveValue(admin.school.name);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('issue 20: "Change password" from the account menu: the new password works, this device stays signed in', async ({ page, request }) => {
  const user = await verifiedUser(request, 'uxpw');
  await signIn(page, user);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Account: ${user.username}` }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByLabel('New password', { exact: true }).fill('Ganga-Ghat-7781');
  await dialog.getByLabel('Confirm new password').fill('Ganga-Ghat-7781');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByLabel('Current password')).toHaveAccessibleDescription(/Your current password is not correct/);
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(toastWith(page, 'Password changed. Your other devices have been signed out.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: `Account: ${user.username}` })).toBeVisible();
  const login = await request.post(`${API}/auth/login`, { data: { username: user.username, password: 'Ganga-Ghat-7781' } });
  expect(login.status()).toBe(200);
});

test('issue 20: /verify-otp names the masked address, the validity and spam folder, a way back to fix the address; a wrong code shows at the field; no contradicting toasts on the login page', async ({ page }) => {
  const user = newUser('uxotp');
  await openForm(page, '/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.locator('label.bp6-checkbox .bp6-control-indicator').click();
  await expect(page.getByRole('checkbox')).toBeChecked();
  const since = Date.now();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByText(`We sent a 6-digit code for ${user.username} to u***@example.in.`)).toBeVisible();
  await expect(page.getByText('The code is valid for 10 minutes. If you cannot find the email, check your spam or junk folder.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register again with the right one' })).toBeVisible();
  await screenshot(page, 'verify-otp-masked');

  const code = await readOtp(user.email, { since });
  const wrong = code === '000000' ? '111111' : '000000';
  const field = page.getByLabel('Verification code');
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toastWith(page, 'Verification failed')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Invalid OTP|not valid|incorrect/i);

  await field.fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toastWith(page, 'Email verified successfully! You can now sign in to your account.')).toBeVisible();
  // The failure belonged to the code page: it is not left stacked over the success.
  await expect(toastWith(page, 'Verification failed')).toHaveCount(0);
  await expect(page.locator('.bp6-toast')).toHaveCount(1);
});

test('issue 20: toasts of the page left behind are cleared on navigation', async ({ page }) => {
  await openForm(page, '/login');
  await page.getByLabel('Username').fill('nobody_here_123');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toastWith(page, 'Login failed')).toBeVisible();
  await page.waitForTimeout(1600);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(toastWith(page, 'Login failed')).toHaveCount(0);
});

test('issue 20: the terms checkbox takes the first click even when the field above shows its message on blur', async ({ page }) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await openForm(page, '/register');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('Kanpur#School42');
    await page.getByLabel('Confirm password').fill('Different#School42');
    const box = page.getByRole('checkbox');
    // Where a person aims: the drawn box (the real input sits under it).
    const indicator = page.locator('label.bp6-checkbox .bp6-control-indicator');
    const before = await indicator.boundingBox();
    // One real mouse click on the box while the confirmation field still has focus: its blur
    // shows "Passwords don't match" in the space kept for it, so nothing under it moves.
    await indicator.click();
    await expect(box).toBeChecked();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    expect(await indicator.boundingBox()).toEqual(before);
    // The same holds for every field of the form.
    const submit = page.getByRole('button', { name: 'Create Account' });
    const submitBefore = await submit.boundingBox();
    for (const label of ['Username', 'Email']) {
      await page.getByLabel(label).focus();
      await page.getByLabel(label).blur();
    }
    expect(await submit.boundingBox()).toEqual(submitBefore);
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  }
});

test('issue 20: revisiting the classes step shows the classes already created, ticked and marked; a submit that creates nothing says so', async ({ page, request }) => {
  await signIn(page);
  await page.goto(`/setup/classes?schoolId=${admin.school.id}`);
  const created = page.getByRole('checkbox', { name: /^Class 1 Created$/ });
  await expect(created).toBeChecked();
  await expect(created).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /^Nursery Created$/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Class 3', exact: true })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Create Classes (0)' })).toBeDisabled();
  await screenshot(page, 'setup-classes-revisit');
  await expectAccessible(page, '/setup/classes revisited');

  // Another tab creates Class 3 meanwhile: this page's submit then creates nothing, and says so.
  await page.locator('label.bp6-checkbox', { hasText: /^Class 3$/ }).locator('.bp6-control-indicator').click();
  await expect(page.getByRole('button', { name: 'Create Classes (1)' })).toBeEnabled();
  await createClassesApi(request, admin.tokens.accessToken, admin.school.id, YEAR, ['Class 3']);
  await page.getByRole('button', { name: 'Create Classes (1)' }).click();
  await expect(toastWith(page, 'Nothing new to create')).toContainText('All the chosen classes already exist for this academic year.');
  await expect(toastWith(page, 'Classes Created Successfully!')).toHaveCount(0);
});

test('issue 20: "same sections for every class" and "apply these subjects to the other classes of the group", with a subject search', async ({ page }) => {
  await signIn(page);
  await page.goto(`/setup/sections?schoolId=${admin.school.id}`);
  await expect(page.getByRole('heading', { name: 'Nursery' })).toBeVisible();
  // Nursery starts with A, B, C; remove C, then use Nursery's sections everywhere.
  await page.getByRole('button', { name: /Remove section C/i }).first().click();
  await page.getByRole('button', { name: "Use Nursery's sections for every class" }).click();
  const newOf = (cls: string) => page.getByRole('list', { name: `New sections of ${cls}`, exact: true }).locator('.draft-chip-name');
  await expect(newOf('Class 2')).toHaveText(['A', 'B']);
  await expect(newOf('Class 11')).toHaveText(['A', 'B']);
  // Class 1 has A and B already: nothing to add there.
  await expect(page.getByRole('list', { name: 'New sections of Class 1', exact: true })).toHaveCount(0);

  await page.goto(`/setup/subjects?schoolId=${admin.school.id}`);
  await page.getByRole('button', { name: 'Add Subjects to Class 1', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Subjects for Class 1' });
  await dialog.getByRole('searchbox', { name: 'Search subjects' }).fill('math');
  await expect(dialog.getByRole('checkbox', { name: /^Mathematics/ })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /^Hindi/ })).toHaveCount(0);
  for (const label of await dialog.locator('.subject-options label').allInnerTexts()) expect(label.toLowerCase()).toContain('math');
  await dialog.locator('label.bp6-checkbox', { hasText: /^Mathematics/ }).locator('.bp6-control-indicator').click();
  await dialog.getByRole('searchbox', { name: 'Search subjects' }).fill('engl');
  await dialog.locator('label.bp6-checkbox', { hasText: /^English/ }).locator('.bp6-control-indicator').click();
  await dialog.getByRole('button', { name: 'Save Selection (2)' }).click();
  await page.getByRole('button', { name: 'Apply these subjects to the other classes of Primary' }).first().click();
  const subjectsOf = (cls: string) => page.getByRole('list', { name: `New subjects of ${cls}`, exact: true }).locator('.draft-chip-name');
  await expect(subjectsOf('Class 2')).toHaveText(['Mathematics', 'English']);
  await expect(subjectsOf('Nursery')).toHaveText(['Mathematics', 'English']);
  // Class 11 is Higher Secondary: not part of the group.
  await expect(page.getByRole('list', { name: 'New subjects of Class 11' })).toHaveCount(0);
});

test('issue 20: a taken subdomain suggests free ones with the city; phones take spaces and +91; UDISE+ and affiliation number explained', async ({ page, request }) => {
  const user = await verifiedUser(request, 'uxsch');
  await signIn(page, user);
  await page.goto('/setup/school');
  await page.getByLabel('City').fill('Kanpur');
  await page.getByRole('textbox', { name: /^Subdomain/ }).fill(admin.school.subdomain);
  await expect(page.getByText('Subdomain already taken')).toBeVisible();
  const suggestion = page.getByRole('button', { name: `Use ${admin.school.subdomain}-kanpur` });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page.getByRole('textbox', { name: /^Subdomain/ })).toHaveValue(`${admin.school.subdomain}-kanpur`);
  await expect(page.getByText(`${admin.school.subdomain}-kanpur.`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText("Your school's 11-digit UDISE+ code from the Ministry of Education, if it has one.")).toBeVisible();
  await expect(page.getByLabel(/^Affiliation number/)).toBeVisible();
  await page.getByLabel(/^Phone number 1/).fill('+91 98765-43210');
  await page.getByLabel(/^Phone number 1/).blur();
  await expect(page.getByLabel(/^Phone number 1/)).not.toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'setup-school-suggestions');
  await expectAccessible(page, '/setup/school with suggestions');
});

test('issue 20: on a phone every control named in the issue is a 44 px tap target, and the subdomain is not cut by its suffix', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  const atLeast44 = async (locator: import('@playwright/test').Locator, what: string) => {
    await expect(locator.first(), what).toBeVisible();
    // Read again until every box is at least 44 px: a pre-rendered page hydrating may swap its nodes
    // between two calls, and a node read as it is replaced measures 0 × 0 (CI, 2026-11-28). A target
    // that is really smaller fails when the poll gives up, with the smallest side it measured.
    let boxes: { w: number; h: number }[] = [];
    await expect
      .poll(
        async () => {
          boxes = await locator.evaluateAll((els) => els.filter((e) => e.isConnected).map((e) => e.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height })));
          return boxes.length === 0 ? 0 : Math.min(...boxes.map((b) => Math.min(b.w, b.h)));
        },
        { message: `${what}: the smallest side of its tap targets` },
      )
      .toBeGreaterThanOrEqual(44);
    for (const b of boxes) expect(Math.min(b.w, b.h), `${what}: ${JSON.stringify(b)}`).toBeGreaterThanOrEqual(44);
  };
  await page.goto('/dashboard');
  await atLeast44(page.getByRole('button', { name: 'Continue Setup' }), 'Continue Setup');
  await atLeast44(page.getByRole('button', { name: /^Choose / }), 'plan buttons');
  await atLeast44(page.getByRole('button', { name: /^Account: / }), 'account menu');
  await screenshot(page, 'dashboard-phone');

  await page.goto(`/setup/classes?schoolId=${admin.school.id}`);
  await atLeast44(page.locator('.class-list label.bp6-checkbox'), 'class rows');
  await atLeast44(page.getByRole('button', { name: /^(Select All|Deselect All) / }), 'Select All');
  await screenshot(page, 'setup-classes-phone');

  await page.goto(`/setup/sections?schoolId=${admin.school.id}`);
  await atLeast44(page.getByRole('button', { name: /^Rename section / }), 'section rename');
  await atLeast44(page.getByRole('button', { name: /^Remove section / }), 'section remove');
  await screenshot(page, 'setup-sections-phone');

  await page.goto('/setup/school?edit=1');
  const subdomain = page.getByRole('textbox', { name: /^Subdomain/ });
  await expect(subdomain).toHaveValue(admin.school.subdomain);
  // The whole typed name is visible: the input is as wide as its text needs, the suffix sits below.
  const fits = await subdomain.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  const suffix = page.locator('.subdomain-suffix');
  const [input, tag] = [await subdomain.boundingBox(), await suffix.boundingBox()];
  expect(tag!.y).toBeGreaterThanOrEqual(input!.y + input!.height - 1);
  await screenshot(page, 'setup-school-phone');

  await page.goto('/privacy');
  await atLeast44(page.getByRole('contentinfo').getByRole('link', { name: /Privacy Policy|Terms of Service|Refund Policy/ }), 'footer links');
  void request;
});
