import { expect, test, type Page, type Request } from '@playwright/test';
import {
  API,
  approveSchool,
  createClassesApi,
  createSchoolApi,
  createSectionsApi,
  createSubjectsApi,
  defaultAcademicYear,
  loginApi,
  oncePerRun,
  signInWithTokens,
  staffToken,
  verifiedUser,
  type SchoolSeed,
  type TestUser,
  type Tokens,
} from './support/api';
import { expectAccessible, screenshot, setChecked, toastWith } from './support/checks';

// Sign-ups are rate-limited per address (DECISIONS), so the accounts are made once for the file
// and its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

const YEAR = defaultAcademicYear();
type Account = { user: TestUser; tokens: Tokens };

let none: Account;
let full: Account & { school: SchoolSeed };
let planner: Account & { school: SchoolSeed };

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  ({ none, full, planner } = await oncePerRun('dashboard', async () => {
    const account = async (prefix: string): Promise<Account> => {
      const user = await verifiedUser(request, prefix);
      const { accessToken, refreshToken } = await loginApi(request, user);
      return { user, tokens: { accessToken, refreshToken } };
    };
    const n = await account('nosch');
    const f = await account('full');
    const school = await createSchoolApi(request, f.tokens.accessToken, {
      phoneNumbers: ['+919876543210', '+919811111111'],
      principalName: 'Dr. Asha Verma',
      email: 'office@sunrise.example.in',
      establishedYear: 1998,
    });
    await createClassesApi(request, f.tokens.accessToken, school.id, YEAR, ['Class 1', 'Class 2']);
    await createSectionsApi(request, f.tokens.accessToken, school.id, YEAR, [
      { className: 'Class 1', sectionNames: ['A', 'B'] },
      { className: 'Class 2', sectionNames: ['A'] },
    ]);
    await createSubjectsApi(request, f.tokens.accessToken, school.id, YEAR, [
      { className: 'Class 1', subjectNames: ['Mathematics', 'English'] },
      { className: 'Class 2', subjectNames: ['Hindi'] },
    ]);
    await approveSchool(request, await staffToken(request), school.id);
    const p = await account('plan');
    return { none: n, full: { ...f, school }, planner: { ...p, school: await createSchoolApi(request, p.tokens.accessToken) } };
  }));
});

async function open(page: Page, tokens: Tokens, path: string) {
  await signInWithTokens(page, tokens);
  await page.goto(path);
}

const storedSchoolState = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('vidyalaya_school') ?? 'null'));
const schoolSubjectsCall = /\/api\/v1\/school\/subjects\?/;
const planOf = async (request: import('@playwright/test').APIRequestContext, tokens: Tokens) => {
  const res = await request.get(`${API}/auth/my-school`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  return (await res.json()).data.school as { planType: string; trialEndsAt: string | null };
};
/** Day first, in India Standard Time (DECISIONS: 04/10/2025). */
const istDate = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

test('spec §2 /dashboard: a loading state while the school call is on its way', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/auth/my-school-detailed', async (route) => {
    await held;
    await route.continue();
  });
  await open(page, full.tokens, '/dashboard');
  const loading = page.getByRole('status').filter({ hasText: 'Loading your school...' });
  await expect(loading).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toContainText('Loading your school...');
  await expect(page.getByRole('heading', { level: 1, name: full.school.name })).toHaveCount(0);
  await screenshot(page, 'dashboard-loading');
  release();
  await expect(page.getByRole('heading', { level: 1, name: full.school.name })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('spec §2 / §3 /dashboard: School Information with the first phone number, Classes Overview with the subjects taught (GET /school/subjects)', async ({ page, baseURL }) => {
  const subjectCalls: Request[] = [];
  page.on('request', (r) => schoolSubjectsCall.test(r.url()) && subjectCalls.push(r));
  await open(page, full.tokens, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: full.school.name })).toBeVisible();

  const info = page.getByRole('region', { name: 'School Information' });
  await expect(info.locator('dt')).toHaveText(['Level', 'Board', 'Principal', 'Email', 'Phone', 'Established', 'Address', 'Portal address']);
  await expect(info.locator('dd')).toHaveText([
    'Mixed',
    'CBSE',
    'Dr. Asha Verma',
    'office@sunrise.example.in',
    // Spec §3: phoneNumbers is a list, and the first is shown.
    '+919876543210',
    '1998',
    '12 Mall Road, Civil Lines, Kanpur, Uttar Pradesh 208001, India',
    `${full.school.subdomain}.${new URL(baseURL!).host}`,
  ]);
  await expect(info.getByText('+919811111111')).toHaveCount(0);

  const classes = page.getByRole('region', { name: 'Classes Overview' });
  await expect(classes.locator('.dash-stats > div')).toHaveText(['2Classes', '3Sections', '3Subjects']);
  await expect(classes.locator('.dash-classes li')).toHaveText(['Class 12 sections · 2 subjects', 'Class 21 section · 1 subject']);
  // The subjects the classes use, once each, in catalogue order, for the year the overview describes.
  await expect(classes.getByRole('list', { name: `Subjects taught in ${YEAR}` }).getByRole('listitem')).toHaveText(['English', 'Hindi', 'Mathematics']);
  expect(subjectCalls).toHaveLength(1);
  const url = new URL(subjectCalls[0]!.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ schoolId: full.school.id, academicYear: YEAR });
  await screenshot(page, 'dashboard-overview');
  await expectAccessible(page, '/dashboard (overview with subjects and plan)');
});

test("spec §8 'Failed to fetch subjects': the subjects call fails with no message, then a retry loads them", async ({ page }) => {
  await page.route(schoolSubjectsCall, (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }));
  await open(page, full.tokens, '/dashboard');
  const classes = page.getByRole('region', { name: 'Classes Overview' });
  await expect(classes.getByRole('alert')).toContainText('Failed to fetch subjects');
  await expect(classes.getByRole('list', { name: `Subjects taught in ${YEAR}` })).toHaveCount(0);
  await page.unrouteAll();
  await classes.getByRole('button', { name: 'Try again' }).click();
  await expect(classes.getByRole('list', { name: `Subjects taught in ${YEAR}` }).getByRole('listitem')).toHaveText(['English', 'Hindi', 'Mathematics']);
  await expect(classes.getByRole('alert')).toHaveCount(0);
});

test('DECISIONS plans: an approved school is on the free trial, ending 30 days after approval', async ({ page, request }) => {
  await open(page, full.tokens, '/dashboard');
  const plan = page.getByRole('region', { name: 'Your Plan' });
  const { trialEndsAt, planType } = await planOf(request, full.tokens);
  expect(planType).toBe('free_trial');
  await expect(plan.getByRole('region', { name: 'Free Trial' })).toContainText('Current plan');
  await expect(plan.getByText(`Your free trial ends on ${istDate(trialEndsAt!)}.`)).toBeVisible();
});

test("DECISIONS plans: the plan card; Basic, Standard and Premium are coming soon, and choosing one shows the server's 'This plan is coming soon'", async ({ page, request }) => {
  const planCalls: Request[] = [];
  page.on('request', (r) => r.url().endsWith(`/api/v1/school/${planner.school.id}/plan`) && planCalls.push(r));
  await open(page, planner.tokens, '/dashboard');
  const plan = page.getByRole('region', { name: 'Your Plan' });
  const current = plan.getByRole('region', { name: 'Free Trial' });
  await expect(current).toContainText('Current plan');
  await expect(current.getByText('Your 30-day free trial starts when your school is approved.')).toBeVisible();
  await expect(current.getByRole('list', { name: 'Free Trial includes' }).getByRole('listitem')).toHaveText([
    'Free for 30 days',
    'Up to 100 students',
    'Full feature access',
    'Setup assistance',
    'Priority support',
  ]);
  const others = plan.getByRole('list', { name: 'Other plans' }).getByRole('listitem');
  await expect(others).toHaveText(['BasicComing soonChoose Basic', 'StandardComing soonChoose Standard', 'PremiumComing soonChoose Premium']);
  // Spec §1: no prices.
  await expect(plan).not.toContainText('₹');
  await screenshot(page, 'dashboard-plan');
  await expectAccessible(page, '/dashboard (pending, plan card)');

  await plan.getByRole('button', { name: 'Choose Basic' }).click();
  await expect(toastWith(page, 'Failed to update plan')).toContainText('This plan is coming soon');
  expect(planCalls).toHaveLength(1);
  expect(planCalls[0]!.method()).toBe('PATCH');
  expect(planCalls[0]!.postDataJSON()).toEqual({ planType: 'basic' });
  // Nothing changed.
  await expect(current).toContainText('Current plan');
  expect((await planOf(request, planner.tokens)).planType).toBe('free_trial');
  await expect(plan.getByRole('button', { name: 'Choose Basic' })).toBeEnabled();
});

test("spec §8 'Failed to update plan' when the plan call fails with no message", async ({ page }) => {
  await page.route(`**/api/v1/school/${planner.school.id}/plan`, (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
  await open(page, planner.tokens, '/dashboard');
  await page.getByRole('region', { name: 'Your Plan' }).getByRole('button', { name: 'Choose Premium' }).click();
  const failed = toastWith(page, 'Failed to update plan');
  await expect(failed).toBeVisible();
  // No reason to give: the toast is the fallback alone.
  await expect(failed.locator('.vd-toast-description')).toHaveCount(0);
  await expect(failed).not.toContainText('coming soon');
});

test('DECISIONS plans: a school on another plan can choose the free trial, and the card shows it', async ({ page }) => {
  // Only the free trial can be chosen today, so a school on another plan is served by page.route;
  // the choice itself goes to the real server.
  await page.route('**/api/v1/auth/my-school-detailed', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.school.planType = 'standard';
    await route.fulfill({ response, json: body });
  });
  await open(page, planner.tokens, '/dashboard');
  const plan = page.getByRole('region', { name: 'Your Plan' });
  await expect(plan.getByRole('region', { name: 'Standard' })).toContainText('Current plan');
  await expect(plan.getByRole('list', { name: 'Free Trial includes' })).toHaveCount(0);
  await expect(plan.getByRole('list', { name: 'Other plans' }).getByRole('listitem')).toHaveText([
    'Free TrialChoose Free Trial',
    'BasicComing soonChoose Basic',
    'PremiumComing soonChoose Premium',
  ]);
  await page.unrouteAll();
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/v1/school/${planner.school.id}/plan`));
  await plan.getByRole('button', { name: 'Choose Free Trial' }).click();
  expect((await answer).status()).toBe(200);
  await expect(toastWith(page, 'Plan updated')).toContainText('Your school is now on the Free Trial plan.');
  // The dashboard reloads the school: the free trial is the current plan.
  await expect(plan.getByRole('region', { name: 'Free Trial' })).toContainText('Current plan');
  await expect(plan.getByRole('list', { name: 'Other plans' }).getByRole('listitem')).toHaveCount(3);
});

test('spec §4 Dashboard data loading: a user without a school has every setup flag false in the stored school state', async ({ page }) => {
  await signInWithTokens(page, none.tokens);
  // What an earlier session on this browser left behind: a school, its progress and a chosen year.
  await page.evaluate(() =>
    localStorage.setItem(
      'vidyalaya_school',
      JSON.stringify({
        school: { id: '00000000-0000-4000-8000-000000000000', name: 'Somebody Else' },
        classes: [{ id: 'c', name: 'Class 1', academicYear: '2024-25', sections: [], subjects: [] }],
        totalSections: 3,
        totalSubjects: 2,
        setupProgress: { schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: true, paymentCompleted: false },
        academicYear: '2024-25',
      }),
    ),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${none.user.username}!` })).toBeVisible();
  await expect.poll(() => storedSchoolState(page).then((s) => s?.school)).toBeNull();
  expect(await storedSchoolState(page)).toEqual({
    school: null,
    classes: [],
    totalSections: 0,
    totalSubjects: 0,
    setupProgress: { schoolCreated: false, classesAdded: false, sectionsAdded: false, subjectsAdded: false, paymentCompleted: false },
    // The academic year chosen on this device is kept for the setup steps (DECISIONS).
    academicYear: '2024-25',
  });
});

test('spec §2 /setup/*: without ?schoolId= a step takes the school id from the stored school', async ({ page }) => {
  const classCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/school/classes-sections/') && classCalls.push(r.url()));
  await open(page, full.tokens, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: full.school.name })).toBeVisible();
  await expect.poll(() => storedSchoolState(page).then((s) => s?.school?.id)).toBe(full.school.id);

  await page.goto('/setup/sections');
  await expect(page).toHaveURL(/\/setup\/sections$/);
  await expect(page.getByRole('heading', { level: 1, name: 'School ID Required' })).toHaveCount(0);
  const class1 = page.getByRole('group', { name: 'Class 1' });
  await expect(class1.getByRole('list', { name: 'Existing sections of Class 1' }).getByRole('listitem')).toHaveText(['A', 'B']);
  expect(classCalls.length).toBeGreaterThan(0);
  expect(classCalls.every((u) => new URL(u).pathname === `/api/v1/school/classes-sections/${full.school.id}`)).toBe(true);

  await page.goto('/setup/subjects');
  await expect(page.getByRole('group', { name: 'Class 2' }).getByRole('list', { name: 'Current subjects of Class 2' }).getByRole('listitem')).toHaveText(['Hindi']);

  // The classes step sends the stored school's id (the call is stopped there: nothing is created).
  let sentSchoolId: unknown;
  await page.route('**/api/v1/school/classes', (route) => {
    sentSchoolId = route.request().postDataJSON().schoolId;
    return route.abort('failed');
  });
  await page.goto('/setup/classes');
  await setChecked(page.getByRole('checkbox', { name: 'Class 3' }), true);
  await page.getByRole('button', { name: 'Create Classes (1)' }).click();
  await expect(toastWith(page, 'Error Creating Classes')).toBeVisible();
  expect(sentSchoolId).toBe(full.school.id);
});

test("spec §2 /setup/subjects: an empty global list shows 'No global subjects found. Please contact your administrator.'", async ({ page }) => {
  await page.route('**/api/v1/school/subjects/global', (route) => route.fulfill({ json: { success: true, data: { subjects: [] } } }));
  await open(page, full.tokens, `/setup/subjects?schoolId=${full.school.id}`);
  await page.getByRole('group', { name: 'Class 2' }).getByRole('button', { name: 'Add Subjects to Class 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Subjects for Class 2' });
  await expect(dialog.getByText('No global subjects found. Please contact your administrator.')).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Save Selection (0)' })).toBeDisabled();
  await expectAccessible(page, '/setup/subjects dialog with no global subjects');
  // The real list has subjects: the empty state came from the empty answer.
  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await page.getByRole('group', { name: 'Class 2' }).getByRole('button', { name: 'Add Subjects to Class 2' }).click();
  await setChecked(page.getByRole('dialog', { name: 'Select Subjects for Class 2' }).getByRole('checkbox', { name: /^English/ }), true);
});
