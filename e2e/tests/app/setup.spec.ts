import { expect, test, type Page, type Request } from '@playwright/test';
import {
  API,
  oncePerRun,
  createClassesApi,
  createSchoolApi,
  createSectionsApi,
  createSubjectsApi,
  defaultAcademicYear,
  loginApi,
  rejectSchool,
  signInWithTokens,
  staffToken,
  verifiedUser,
  type SchoolSeed,
  type TestUser,
  type Tokens,
} from './support/api';
import { enter, expectAccessible, expectFieldError, screenshot, setChecked, toastWith } from './support/checks';

// Sign-ups are rate-limited per address (DECISIONS), so the accounts are made once for the file
// and its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

const YEAR = defaultAcademicYear();
const START = Number(YEAR.slice(0, 4));
const yearOf = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
const PREVIOUS_YEAR = yearOf(START - 1);
const NEXT_YEAR = yearOf(START + 1);

let fresh: { user: TestUser; tokens: Tokens };
let builder: { user: TestUser; tokens: Tokens; school: SchoolSeed };
let complete: { user: TestUser; tokens: Tokens; school: SchoolSeed };
let rejected: { user: TestUser; tokens: Tokens; school: SchoolSeed };
let staff: string;
const REASON = 'The address is incomplete: please add the locality and landmark.';

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  ({ fresh, builder, complete, rejected, staff } = await oncePerRun('setup', async () => {
    const account = async (prefix: string) => {
      const user = await verifiedUser(request, prefix);
      const { accessToken, refreshToken } = await loginApi(request, user);
      return { user, tokens: { accessToken, refreshToken } };
    };
    const f = await account('fresh');
    const b = await account('build');
    const c = await account('done');
    const cSchool = await createSchoolApi(request, c.tokens.accessToken);
    await createClassesApi(request, c.tokens.accessToken, cSchool.id, YEAR, ['Class 1', 'Class 2']);
    await createSectionsApi(request, c.tokens.accessToken, cSchool.id, YEAR, [
      { className: 'Class 1', sectionNames: ['A'] },
      { className: 'Class 2', sectionNames: ['A'] },
    ]);
    await createSubjectsApi(request, c.tokens.accessToken, cSchool.id, YEAR, [
      { className: 'Class 1', subjectNames: ['English'] },
      { className: 'Class 2', subjectNames: ['Hindi'] },
    ]);
    const r = await account('rej');
    const rSchool = await createSchoolApi(request, r.tokens.accessToken);
    const staffAccess = await staffToken(request);
    await rejectSchool(request, staffAccess, rSchool.id, REASON);
    return {
      fresh: f,
      builder: { ...b, school: await createSchoolApi(request, b.tokens.accessToken) },
      complete: { ...c, school: cSchool },
      rejected: { ...r, school: rSchool },
      staff: staffAccess,
    };
  }));
});

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form control by its visible label (optional fields add ' (optional)' to it). */
const control = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}( \\(optional\\))?$`));

async function open(page: Page, tokens: Tokens, path: string) {
  await signInWithTokens(page, tokens);
  await page.goto(path);
}

test("spec §2 'School ID Required' on each step without a school id, with Go to Dashboard", async ({ page }) => {
  await open(page, fresh.tokens, '/setup/classes');
  for (const [step, text] of [
    ['classes', 'School ID is required to setup classes.'],
    ['sections', 'School ID is required to setup sections.'],
    ['subjects', 'School ID is required to setup subjects.'],
  ] as const) {
    if (step !== 'classes') await page.goto(`/setup/${step}`);
    await expect(page.getByRole('heading', { level: 1, name: 'School ID Required' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    if (step === 'classes') {
      await screenshot(page, 'school-id-required');
      await expectAccessible(page, 'School ID Required');
    }
  }
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Spec §4: a new user's 404 is expected and not reported.
  await expect(page.getByRole('heading', { name: `Welcome, ${fresh.user.username}!` })).toBeVisible();
  await expect(toastWith(page, 'Error loading school data')).toHaveCount(0);
});

test('spec §4: when the detailed school call fails, the dashboard falls back to the basic one', async ({ page }) => {
  await page.route('**/api/v1/auth/my-school-detailed', (route) => route.abort('failed'));
  await open(page, builder.tokens, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: builder.school.name })).toBeVisible();
  await expect(page.getByText('Pending Approval', { exact: true })).toBeVisible();
  await expect(page.getByText('25% complete')).toBeVisible();
  await expect(page.getByText('Next step: Add Classes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue Setup' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vidyalaya_school') ?? 'null'));
  expect(stored).toMatchObject({
    school: { id: builder.school.id },
    classes: [],
    totalSections: 0,
    totalSubjects: 0,
    setupProgress: { schoolCreated: true, classesAdded: false, sectionsAdded: false, subjectsAdded: false, paymentCompleted: false },
  });
});

test("spec §8: when both school calls fail, 'Error loading school data' / 'Please try refreshing the page'", async ({ page }) => {
  await page.route('**/api/v1/auth/my-school*', (route) => route.abort('failed'));
  await open(page, builder.tokens, '/dashboard');
  await expect(toastWith(page, 'Error loading school data')).toContainText('Please try refreshing the page');
  await expect(page.getByRole('heading', { name: 'Error loading school data' })).toBeVisible();
  await screenshot(page, 'dashboard-error');
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: builder.school.name })).toBeVisible();
});

test("spec §2 'No Classes Found' on the sections and subjects steps, with Setup Classes", async ({ page }) => {
  await open(page, builder.tokens, `/setup/sections?schoolId=${builder.school.id}`);
  await expect(page.getByRole('heading', { name: 'No Classes Found' })).toBeVisible();
  await expect(page.getByText('Please create classes first before setting up sections.')).toBeVisible();
  await screenshot(page, 'no-classes-found');
  await expectAccessible(page, 'No Classes Found');
  await page.goto(`/setup/subjects?schoolId=${builder.school.id}`);
  await expect(page.getByRole('heading', { name: 'No Classes Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Setup Classes' }).click();
  await expect(page).toHaveURL(new RegExp(`/setup/classes\\?schoolId=${builder.school.id}$`));
});

test("spec §5 classes form: 'Invalid school ID', 'Please select at least one class'; groups with Select All / Deselect All", async ({ page }) => {
  await open(page, builder.tokens, '/setup/classes?schoolId=not-a-uuid');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid school ID' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Classes (0)' })).toBeDisabled();
  await page.goto(`/setup/classes?schoolId=${builder.school.id}`);
  await expect(page.getByText('Please select at least one class')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Classes (0)' })).toBeDisabled();
  for (const [group, total] of [
    ['Primary', 8],
    ['Secondary', 5],
    ['Higher Secondary', 2],
  ] as const) {
    const card = page.getByRole('group', { name: group, exact: true });
    await expect(card.getByRole('checkbox')).toHaveCount(total);
    await expect(card.getByText(`0/${total}`)).toBeVisible();
  }
  const primary = page.getByRole('group', { name: 'Primary' });
  await primary.getByRole('button', { name: 'Select All Primary' }).click();
  await expect(primary.getByText('8/8')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Classes (8)' })).toBeEnabled();
  await setChecked(primary.getByRole('checkbox', { name: 'UKG' }), false);
  await expect(primary.getByText('7/8')).toBeVisible();
  await primary.getByRole('button', { name: 'Select All Primary' }).click();
  await primary.getByRole('button', { name: 'Deselect All Primary' }).click();
  await expect(primary.getByText('0/8')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Classes (0)' })).toBeDisabled();
});

test('spec §2 sections step and DECISIONS academic year: the chosen year is kept and sent; drafts A/B/C, next letter, rename, remove', async ({ page, request }) => {
  await open(page, builder.tokens, `/setup/classes?schoolId=${builder.school.id}`);
  await page.getByLabel('Academic year').selectOption(NEXT_YEAR);
  await setChecked(page.getByRole('checkbox', { name: 'Nursery' }), true);
  await setChecked(page.getByRole('checkbox', { name: 'LKG' }), true);
  await page.getByRole('button', { name: 'Create Classes (2)' }).click();
  await expect(toastWith(page, '2 classes have been created for your school.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const classesIn = async (year: string) => {
    const res = await request.get(`${API}/school/classes-sections/${builder.school.id}?academicYear=${year}`, { headers: { authorization: `Bearer ${builder.tokens.accessToken}` } });
    return ((await res.json()).data.classes as { name: string; sections: { name: string }[] }[]).map((c) => ({ name: c.name, sections: c.sections.map((s) => s.name).sort() }));
  };
  expect(await classesIn(NEXT_YEAR)).toEqual([
    { name: 'Nursery', sections: [] },
    { name: 'LKG', sections: [] },
  ]);
  expect(await classesIn(YEAR)).toEqual([]);

  // The year chosen on the classes step is the one the sections step starts with.
  await page.goto(`/setup/sections?schoolId=${builder.school.id}`);
  await expect(page.getByLabel('Academic year')).toHaveValue(NEXT_YEAR);
  const nursery = page.getByRole('group', { name: 'Nursery' });
  const nurseryDrafts = nursery.getByRole('list', { name: 'New sections of Nursery' }).getByRole('listitem');
  await expect(nurseryDrafts).toHaveText(['A', 'B', 'C']);

  // Rename B (edit/confirm toggle), with the section-name rules.
  await nursery.getByRole('button', { name: 'Rename section B' }).click();
  const input = nursery.getByRole('textbox', { name: 'Section name' });
  await input.fill('');
  await expect(input).toHaveAccessibleDescription('Section name is required');
  await input.fill('c');
  await expect(input).toHaveAccessibleDescription('Section names must be unique within a class');
  await expect(nursery.getByRole('button', { name: 'Confirm section name c' })).toBeDisabled();
  await input.fill('x'.repeat(21));
  await expect(input).toHaveAccessibleDescription('Section name must not exceed 20 characters');
  await input.fill('Rose');
  await screenshot(page, 'setup-sections-rename');
  await nursery.getByRole('button', { name: 'Confirm section name Rose' }).click();
  await expect(nurseryDrafts).toHaveText(['A', 'Rose', 'C']);
  await nursery.getByRole('button', { name: 'Remove section A' }).click();
  await expect(nurseryDrafts).toHaveText(['Rose', 'C']);
  // Spec §2: Add Section takes the next unused letter.
  await nursery.getByRole('button', { name: 'Add Section to Nursery' }).click();
  await expect(nurseryDrafts).toHaveText(['Rose', 'C', 'A']);

  const lkg = page.getByRole('group', { name: 'LKG' });
  for (const letter of ['A', 'B', 'C']) await lkg.getByRole('button', { name: `Remove section ${letter}` }).click();
  await expect(lkg.getByText('No sections yet. Click "Add Section" to create sections for this class.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Sections' }).click();
  await expect(toastWith(page, 'Sections Created Successfully!')).toContainText('3 sections have been created for your classes.');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await classesIn(NEXT_YEAR)).toEqual([
    { name: 'Nursery', sections: ['A', 'C', 'Rose'] },
    { name: 'LKG', sections: [] },
  ]);

  // Back on the step: existing sections are badges; LKG starts again with A, B, C.
  await page.goto(`/setup/sections?schoolId=${builder.school.id}`);
  await expect(nursery.getByRole('list', { name: 'Existing sections of Nursery' }).getByRole('listitem')).toHaveText(['A', 'C', 'Rose']);
  await expect(nursery.getByRole('list', { name: 'New sections of Nursery' })).toHaveCount(0);
  await nursery.getByRole('button', { name: 'Add Section to Nursery' }).click();
  await expect(nurseryDrafts).toHaveText(['B']);
  await nursery.getByRole('button', { name: 'Remove section B' }).click();
  for (const letter of ['A', 'B', 'C']) await lkg.getByRole('button', { name: `Remove section ${letter}` }).click();
  // Spec §5 sections form: nothing to create.
  await expect(page.getByRole('status').filter({ hasText: 'No Sections to Create' })).toContainText('Please add at least one section to proceed.');
  await expect(page.getByRole('button', { name: 'Create Sections' })).toBeDisabled();
});

test('spec §2 subjects step: lazy global subjects, the dialog, pending removal, incomplete selection, only new subjects sent', async ({ page, request }) => {
  await createClassesApi(request, builder.tokens.accessToken, builder.school.id, PREVIOUS_YEAR, ['Class 3', 'Class 4']);
  const globalCalls: Request[] = [];
  const saves: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/school/subjects/global')) globalCalls.push(r);
    if (r.url().endsWith('/api/v1/school/subjects') && r.method() === 'POST') saves.push(r);
  });
  await open(page, builder.tokens, `/setup/subjects?schoolId=${builder.school.id}`);
  await page.getByLabel('Academic year').selectOption(PREVIOUS_YEAR);
  const class3 = page.getByRole('group', { name: 'Class 3' });
  await expect(class3.getByText('No subjects selected. Click "Add Subjects" to select subjects for this class.')).toBeVisible();
  expect(globalCalls).toHaveLength(0);

  await class3.getByRole('button', { name: 'Add Subjects to Class 3' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Subjects for Class 3' });
  await expect(dialog.getByRole('checkbox', { name: /^English/ })).toBeVisible();
  expect(globalCalls).toHaveLength(1);
  await expect(dialog.getByText('Reading, writing, grammar and literature in English')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Selection (0)' })).toBeDisabled();
  await setChecked(dialog.getByRole('checkbox', { name: /^English/ }), true);
  await setChecked(dialog.getByRole('checkbox', { name: /^Hindi/ }), true);
  await expect(dialog.getByText('2 selected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Selection (2)' }).click();
  const pending = class3.getByRole('list', { name: 'New subjects of Class 3' }).getByRole('listitem');
  await expect(pending).toHaveText(['English', 'Hindi']);
  await class3.getByRole('button', { name: 'Remove Hindi from Class 3' }).click();
  await expect(pending).toHaveText(['English']);

  // Spec §5: every class needs a subject.
  await page.getByRole('button', { name: 'Save Subjects Configuration' }).click();
  await expect(toastWith(page, 'Incomplete Subject Selection')).toContainText('Please select at least one subject for: Class 4');
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Please select at least one subject for: Class 4' })).toBeVisible();
  expect(saves).toHaveLength(0);

  const class4 = page.getByRole('group', { name: 'Class 4' });
  await class4.getByRole('button', { name: 'Add Subjects to Class 4' }).click();
  const dialog4 = page.getByRole('dialog', { name: 'Select Subjects for Class 4' });
  await setChecked(dialog4.getByRole('checkbox', { name: /^Mathematics/ }), true);
  await dialog4.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog4).toBeHidden();
  await expect(class4.getByText('No subjects selected. Click "Add Subjects" to select subjects for this class.')).toBeVisible();
  await class4.getByRole('button', { name: 'Add Subjects to Class 4' }).click();
  await setChecked(dialog4.getByRole('checkbox', { name: /^Mathematics/ }), true);
  await dialog4.getByRole('button', { name: 'Save Selection (1)' }).click();
  // Global subjects were fetched once, on the first opening.
  expect(globalCalls).toHaveLength(1);

  await page.getByRole('button', { name: 'Save Subjects Configuration' }).click();
  await expect(toastWith(page, 'Subjects Saved Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(saves).toHaveLength(1);
  expect(saves[0]!.postDataJSON()).toEqual({
    schoolId: builder.school.id,
    academicYear: PREVIOUS_YEAR,
    classSubjects: [
      { className: 'Class 3', subjectNames: ['English'] },
      { className: 'Class 4', subjectNames: ['Mathematics'] },
    ],
  });
});

test("spec §4 subjects step: nothing new to add → 'Subjects Configuration Complete!' without a call", async ({ page }) => {
  const saves: Request[] = [];
  page.on('request', (r) => r.url().endsWith('/api/v1/school/subjects') && r.method() === 'POST' && saves.push(r));
  await open(page, complete.tokens, `/setup/subjects?schoolId=${complete.school.id}`);
  const class1 = page.getByRole('group', { name: 'Class 1' });
  await expect(class1.getByRole('list', { name: 'Current subjects of Class 1' }).getByRole('listitem')).toHaveText(['English']);
  await class1.getByRole('button', { name: 'Add Subjects to Class 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Subjects for Class 1' });
  const english = dialog.getByRole('checkbox', { name: /^English/ });
  await expect(english).toBeChecked();
  await expect(english).toBeDisabled();
  await expect(dialog.getByText('Already added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Save Subjects Configuration' }).click();
  await expect(toastWith(page, 'Subjects Configuration Complete!')).toContainText('All classes already have subjects configured.');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(saves).toHaveLength(0);
  await expect(page.getByText('100% complete')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vidyalaya_school') ?? 'null'));
  expect(stored.setupProgress.subjectsAdded).toBe(true);
});

test('spec §2 /setup/school: slug auto-fill, live availability, 1–5 phone numbers, Indian states, levels, Back to Dashboard', async ({ page, baseURL }) => {
  await open(page, fresh.tokens, '/setup/school');
  for (const heading of ['Basic Information', 'Address Information', 'Contact Information', 'Additional Information']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const name = page.getByLabel('School name');
  const subdomain = page.getByLabel('Subdomain');
  await expect(page.getByText(`.${new URL(baseURL!).host}`, { exact: true })).toBeVisible();
  await name.fill('  St. Xavier’s  High -- School! ');
  await expect(subdomain).toHaveValue('st-xaviers-high-school');
  await expect(page.getByText(`st-xaviers-high-school.${new URL(baseURL!).host} is available`)).toBeVisible();
  // Once the user types a subdomain, the name no longer changes it; clearing hands it back.
  await subdomain.fill(builder.school.subdomain);
  await expect(page.getByText('Subdomain already taken')).toBeVisible();
  await name.fill('Another Name');
  await expect(subdomain).toHaveValue(builder.school.subdomain);
  await subdomain.fill('admin');
  await expect(page.getByText('This subdomain is reserved')).toBeVisible();
  await subdomain.fill('');
  await name.fill('Kendriya Vidyalaya No 2');
  await expect(subdomain).toHaveValue('kendriya-vidyalaya-no-2');

  const levels = page.getByLabel('School level').getByRole('option');
  await expect(levels).toHaveText(['Select a school level', 'Primary', 'Secondary', 'Higher Secondary', 'Mixed']);
  const states = page.getByLabel('State').getByRole('option');
  await expect(states).toHaveCount(37);
  await expect(states.nth(1)).toHaveText('Andaman and Nicobar Islands');
  await expect(page.getByLabel('Country')).toHaveValue('India');

  // Phone numbers: one to five, remove only with more than one, add only under five.
  await expect(page.getByRole('button', { name: /Remove phone number/ })).toHaveCount(0);
  const add = page.getByRole('button', { name: 'Add phone number' });
  for (let n = 2; n <= 5; n++) {
    await add.click();
    await expect(control(page, `Phone number ${n}`)).toBeVisible();
  }
  await expect(add).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Remove phone number/ })).toHaveCount(5);
  await control(page, 'Phone number 3').fill('+919811111111');
  await page.getByRole('button', { name: 'Remove phone number 2' }).click();
  await expect(control(page, 'Phone number 2')).toHaveValue('+919811111111');
  await expect(control(page, 'Phone number 5')).toHaveCount(0);
  await expect(add).toBeVisible();
  await expectAccessible(page, '/setup/school (filled in)');

  await page.getByRole('button', { name: 'Back to Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('spec §5 school form: every message, beside its field', async ({ page }) => {
  await open(page, fresh.tokens, '/setup/school');
  const field = (label: string) => control(page, label);
  await page.getByLabel('Country').fill('');
  await page.getByRole('button', { name: 'Create School' }).click();
  for (const [label, message] of [
    ['School name', 'School name must be at least 2 characters'],
    ['Subdomain', 'Subdomain must be at least 3 characters'],
    ['School level', 'Please select a school level'],
    ['Address line 1', 'Address line 1 is required'],
    ['Locality', 'Locality is required'],
    ['City', 'City is required'],
    ['State', 'State is required'],
    ['Country', 'Country is required'],
    ['PIN code', 'Pin code must be 4-10 digits'],
    ['Phone number 1', 'At least one phone number is required'],
  ] as const) {
    await expectFieldError(field(label), message);
  }
  // Spec §4: a failed submit leaves the form usable; keyboard users land on the first bad field.
  await expect(field('School name')).toBeFocused();
  await screenshot(page, 'setup-school-errors');
  await expectAccessible(page, '/setup/school with errors');

  const cases: [string, string, string][] = [
    ['School name', 'n'.repeat(256), 'School name must not exceed 255 characters'],
    ['Subdomain', 's'.repeat(51), 'Subdomain must not exceed 50 characters'],
    ['Subdomain', 'DPS-Kanpur', 'Subdomain can only contain lowercase letters, numbers, and hyphens'],
    ['Subdomain', '-dps', 'Subdomain must start with a letter or number'],
    ['Subdomain', 'dps-', 'Subdomain must end with a letter or number'],
    ['Subdomain', 'dps--kanpur', 'Subdomain cannot contain consecutive hyphens'],
    ['Address line 1', 'a'.repeat(256), 'Address line 1 too long'],
    ['Address line 2', 'a'.repeat(256), 'Address line 2 too long'],
    ['Locality', 'l'.repeat(101), 'Locality too long'],
    ['City', 'c'.repeat(101), 'City too long'],
    ['Country', 'c'.repeat(101), 'Country too long'],
    ['PIN code', '2080A1', 'Pin code must be 4-10 digits'],
    ['Landmark', 'l'.repeat(256), 'Landmark too long'],
    ['Board', 'b'.repeat(256), 'Board must not exceed 255 characters'],
    ['School code (UDISE+)', 'D', 'School code must be at least 2 characters'],
    ['School code (UDISE+)', 'D'.repeat(51), 'School code must not exceed 50 characters'],
    ['School code (UDISE+)', 'dps-01', 'School code can only contain uppercase letters, numbers, hyphens and underscores'],
    ['Phone number 1', '05122345678', 'Invalid phone number format'],
    ['School email', 'office@', 'Invalid email format'],
    ['Principal\'s name', 'R', 'Principal name must be at least 2 characters'],
    ['Principal\'s name', 'R'.repeat(256), 'Principal name must not exceed 255 characters'],
    ['Principal\'s name', 'Dr. R. Sharma 2', 'Principal name can only contain letters, spaces and dots'],
    ['Established year', '1799', 'Established year cannot be before 1800'],
    ['Established year', String(new Date().getFullYear() + 2), 'Established year cannot be in the future'],
    ['Established year', '1990.5', 'Established year must be a whole number'],
    ['Language of instruction', 'H', 'Language must be at least 2 characters'],
    ['Language of instruction', 'H'.repeat(51), 'Language must not exceed 50 characters'],
    ['Language of instruction', 'Hindi, English', 'Language can only contain letters and spaces'],
  ];
  for (const [label, value, message] of cases) {
    await enter(field(label), value);
    await expectFieldError(field(label), message);
  }
  await enter(field('School email'), `${'e'.repeat(244)}@example.com`);
  await expectFieldError(field('School email'), 'Email must not exceed 255 characters');
  // Unique phone numbers, on the repeat.
  await enter(field('Phone number 1'), '+919876543210');
  await page.getByRole('button', { name: 'Add phone number' }).click();
  await enter(field('Phone number 2'), '+919876543210');
  await expectFieldError(field('Phone number 2'), 'Phone numbers must be unique');
});

test("spec §8 'Failed to create school' with the server's message, shown beside the subdomain too", async ({ page }) => {
  await open(page, fresh.tokens, '/setup/school');
  await page.getByLabel('School name').fill('Taken Subdomain School');
  await page.getByLabel('Subdomain').fill(builder.school.subdomain);
  await page.getByLabel('School level').selectOption('primary');
  await control(page, 'Address line 1').fill('1 Station Road');
  await control(page, 'Locality').fill('Kidwai Nagar');
  await control(page, 'City').fill('Kanpur');
  await control(page, 'State').selectOption('Uttar Pradesh');
  await control(page, 'PIN code').fill('208011');
  await control(page, 'Phone number 1').fill('+919415000000');
  const submit = page.getByRole('button', { name: 'Create School' });
  await submit.click();
  await expect(toastWith(page, 'Failed to create school')).toContainText('Subdomain already taken');
  await expectFieldError(page.getByLabel('Subdomain'), 'Subdomain already taken');
  await expect(submit).toBeEnabled();
  await expect(page).toHaveURL(/\/setup\/school$/);
});

test('spec §8 destructive toasts of the setup steps, with their fallbacks when the server gives no message', async ({ page }) => {
  await open(page, builder.tokens, `/setup/classes?schoolId=${builder.school.id}`);
  await page.route('**/api/v1/school/classes', (route) => route.abort('failed'));
  await setChecked(page.getByRole('checkbox', { name: 'Class 9' }), true);
  await page.getByRole('button', { name: 'Create Classes (1)' }).click();
  await expect(toastWith(page, 'Error Creating Classes')).toContainText('Failed to create classes. Please try again.');
  await expect(page.getByRole('button', { name: 'Create Classes (1)' })).toBeEnabled();

  await page.goto(`/setup/sections?schoolId=${builder.school.id}`);
  await page.getByLabel('Academic year').selectOption(NEXT_YEAR);
  await expect(page.getByRole('group', { name: 'LKG' }).getByRole('list', { name: 'New sections of LKG' })).toBeVisible();
  await page.route('**/api/v1/school/sections', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Create Sections' }).click();
  await expect(toastWith(page, 'Error Creating Sections')).toContainText('Failed to create sections. Please try again.');

  await page.route('**/api/v1/school/classes-sections/**', (route) => route.abort('failed'));
  await page.goto(`/setup/subjects?schoolId=${builder.school.id}`);
  await expect(toastWith(page, 'Failed to load classes. Please try again.')).toContainText('Error');
  await page.unroute('**/api/v1/school/classes-sections/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.route('**/api/v1/school/subjects/global', (route) => route.abort('failed'));
  const nursery = page.getByRole('group', { name: 'Nursery' });
  await nursery.getByRole('button', { name: 'Add Subjects to Nursery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Subjects for Nursery' });
  await expect(toastWith(page, 'Failed to load global subjects. Please try again.')).toContainText('Error');
  await expect(dialog.getByText('Failed to load global subjects.')).toBeVisible();
  await page.unroute('**/api/v1/school/subjects/global');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await setChecked(dialog.getByRole('checkbox', { name: /^English/ }), true);
  await dialog.getByRole('button', { name: 'Save Selection (1)' }).click();
  const lkg = page.getByRole('group', { name: 'LKG' });
  await lkg.getByRole('button', { name: 'Add Subjects to LKG' }).click();
  await setChecked(page.getByRole('dialog', { name: 'Select Subjects for LKG' }).getByRole('checkbox', { name: /^Hindi/ }), true);
  await page.getByRole('button', { name: 'Save Selection (1)' }).click();
  await page.route('**/api/v1/school/subjects', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Save Subjects Configuration' }).click();
  await expect(toastWith(page, 'Error Adding Subjects')).toContainText('Failed to add subjects. Please try again.');
  await expect(page.getByRole('button', { name: 'Save Subjects Configuration' })).toBeEnabled();
});

test('DECISIONS: a rejected school shows its reason and can be edited and re-submitted, which makes it pending again', async ({ page }) => {
  await open(page, rejected.tokens, '/dashboard');
  await expect(page.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Reason given: ${REASON}`)).toBeVisible();
  await screenshot(page, 'dashboard-rejected');
  await expectAccessible(page, '/dashboard (rejected)');
  await page.getByRole('button', { name: 'Edit and re-submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/setup/school\\?schoolId=${rejected.school.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit and Re-submit Your School' })).toBeVisible();
  await expect(page.getByLabel('School name')).toHaveValue(rejected.school.name);
  await expect(page.getByLabel('Subdomain')).toHaveValue(rejected.school.subdomain);
  await expect(page.getByText("This is your school's current subdomain")).toBeVisible();
  await page.getByLabel('Landmark').fill('Opposite Phool Bagh');
  const renamed = `${rejected.school.name} (Civil Lines)`;
  await page.getByLabel('School name').fill(renamed);
  await expect(page.getByLabel('Subdomain')).toHaveValue(rejected.school.subdomain);
  await screenshot(page, 'setup-school-edit');
  await page.getByRole('button', { name: 'Save and Re-submit' }).click();
  await expect(toastWith(page, 'School re-submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('Pending Approval', { exact: true })).toBeVisible();
});

test('spec §6: provider staff have no school, so the dashboard and setup say they are not allowed', async ({ page }) => {
  await signInWithTokens(page, { accessToken: staff, refreshToken: 'unused' });
  for (const path of ['/dashboard', '/setup/school', '/setup/classes']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  }
  await screenshot(page, 'not-allowed');
  await expectAccessible(page, 'Not allowed');
});

test("DECISIONS portal: a pending school's subdomain and an unknown one show 'This school portal is not available'", async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  for (const sub of [builder.school.subdomain, 'no-such-school-here']) {
    await page.goto(`http://${sub}.localhost:${port}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'This school portal is not available' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the Vidyalaya website' })).toHaveAttribute('href', `http://localhost:${port}/`);
    await expect(page).toHaveTitle(/This school portal is not available/);
  }
  await screenshot(page, 'portal-not-available');
  await expectAccessible(page, 'portal not available');
});
