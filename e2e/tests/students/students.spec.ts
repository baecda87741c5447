import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  API,
  approveSchool,
  createClassesApi,
  createSchoolApi,
  createSectionsApi,
  defaultAcademicYear,
  loginApi,
  newUser,
  staffToken,
  verifiedUser,
} from '../app/support/api';
import { invitationToken } from '../app/support/workspace';
import { EN as WS_EN } from '../workspace/catalogue';
import { docScreenshot } from '../../screens';

/**
 * Issue 14 "Done when", end to end on the real server: an office member (invited by e-mail) imports
 * a 60-row file with two bad rows, fixes them in the preview (and corrects and breaks cells that had no
 * error) and commits; a family applies on the
 * school's public page and the office admits the child into a section; the office finds a student
 * by the guardian's phone; the UDISE+ workbook downloads. Screens are saved to docs/screens in
 * English and Hindi, on a desktop and at 360 px.
 */
test.describe.configure({ mode: 'serial' });

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'features', 'students', 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const EN = catalogue('en');
const HI = catalogue('hi');
const msg = (cat: Record<string, string>, id: string, values: Record<string, string | number> = {}) =>
  cat[id]!.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

const PORT = process.env.E2E_PORT ?? '3210';
const SCREENS = join(__dirname, '..', '..', '..', 'docs', 'screens');
const COLUMNS = ['admissionNumber', 'firstName', 'lastName', 'dateOfBirth', 'gender', 'class', 'section', 'rollNumber', 'guardianName', 'guardianRelation', 'guardianPhone', 'guardianEmail', 'aadhaar', 'pen', 'apaarId', 'socialCategory', 'rte'];
const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Ananya', 'Vihaan', 'Saanvi', 'Reyansh', 'Myra', 'Kabir', 'Aadhya'];
const LAST = ['Sharma', 'Verma', 'Gupta', 'Singh', 'Yadav', 'Mishra', 'Tiwari', 'Pandey'];
const phoneBase = 9_000_000_000 + Math.floor(Math.random() * 800_000_000);
const phoneOf = (i: number) => String(phoneBase + i * 7);

/** The 60-row import: rows 11 and 36 of the sheet (students 10 and 35) are wrong. */
function importCsv(): string {
  const rows = [COLUMNS.join(',')];
  for (let i = 1; i <= 60; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[i % LAST.length]!;
    const dob = i === 10 ? '31/02/2016' : `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/2016`;
    const phone = i === 35 ? '12345' : phoneOf(i);
    rows.push(
      [`E2E-${String(i).padStart(3, '0')}`, first, last, dob, i % 2 ? 'male' : 'female', 'Class 5', i <= 30 ? 'A' : 'B', String(((i - 1) % 30) + 1), `Parent ${last}`, 'father', phone, '', '', '', '', 'general', i % 15 === 0 ? 'yes' : ''].join(','),
    );
  }
  return rows.join('\n') + '\n';
}

async function post(request: APIRequestContext, path: string, body: unknown, token?: string) {
  const res = await request.post(`${API}${path}`, { data: body, headers: token ? { authorization: `Bearer ${token}` } : undefined });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: any }).data;
}

let portal = '';
let schoolId = '';
let office: Page;
const shot = (page: Page, name: string) => docScreenshot(page, { path: join(SCREENS, `${name}.png`), fullPage: true });

/**
 * The test machine's Chromium has no Devanagari font: for the Hindi screenshots the page borrows
 * Noto Sans Devanagari (the back end's PDF font) as a fallback after its own fonts.
 */
const devanagari = (weight: number) => readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`)).toString('base64');
const DEVANAGARI = { 400: devanagari(400), 700: devanagari(700) };
async function hindiShot(page: Page, name: string) {
  const stack = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  await page.addStyleTag({
    content: `${([400, 700] as const)
      .map((w) => `@font-face { font-family: 'E2E Devanagari'; font-weight: ${w === 400 ? '100 500' : '600 900'}; src: url(data:font/woff;base64,${DEVANAGARI[w]}) format('woff'); unicode-range: U+0900-097F, U+200C-200D, U+20B9; }`)
      .join('\n')}
      * { font-family: 'E2E Devanagari', ${stack} !important; }`,
  });
  await page.evaluate(async () => {
    await Promise.all([document.fonts.load("400 16px 'E2E Devanagari'", 'अ'), document.fonts.load("700 16px 'E2E Devanagari'", 'अ')]);
    await document.fonts.ready;
  });
  await page.waitForTimeout(200);
  await shot(page, name);
}

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await verifiedUser(request, 'stadm');
  const { accessToken } = await loginApi(request, admin);
  const school = await createSchoolApi(request, accessToken, { principalName: 'Dr. Meera Iyer', board: 'CBSE', affiliationNumber: '2130456' });
  const year = defaultAcademicYear();
  await createClassesApi(request, accessToken, school.id, year, ['Class 5', 'Class 6']);
  await createSectionsApi(request, accessToken, school.id, year, [
    { className: 'Class 5', sectionNames: ['A', 'B'] },
    { className: 'Class 6', sectionNames: ['A'] },
  ]);
  await approveSchool(request, await staffToken(request), school.id);
  schoolId = school.id;
  portal = `http://${school.subdomain}.localhost:${PORT}`;

  // The office member joins from the invitation e-mail.
  const person = newUser('stoff');
  await post(request, `/schools/${school.id}/invitations`, { email: person.email, role: 'office', name: 'Meena Sharma' }, accessToken);
  await post(request, '/invitations/accept', { token: await invitationToken(person.email), username: person.username, password: person.password });

  office = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await office.goto(`${portal}/sign-in`);
  await office.getByLabel(WS_EN['signIn.username']!).fill(person.username);
  await office.getByLabel(WS_EN['signIn.password']!, { exact: true }).fill(person.password);
  await office.getByRole('button', { name: WS_EN['signIn.submit'] }).click();
  await expect(office).toHaveURL(`${portal}/workspace/${school.id}`);
});

test.afterAll(async () => {
  await office?.context().close();
});

test('the office imports 60 rows, fixes the two bad ones in the preview, and commits', async () => {
  await office.goto(`${portal}/workspace/${schoolId}/students`);
  await expect(office.getByRole('heading', { level: 2, name: EN['students.empty.title'] })).toBeVisible();
  await office.getByRole('navigation', { name: EN['students.sections'] }).getByRole('link', { name: EN['students.tab.import'] }).click();
  await office.getByTestId('import-file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(importCsv()) });

  await expect(office.getByText(msg(EN, 'students.import.valid', { count: 58 }))).toBeVisible();
  await expect(office.getByText(msg(EN, 'students.import.invalid', { count: 2 }))).toBeVisible();
  const dob = office.getByLabel(msg(EN, 'students.import.cellLabel', { row: 11, column: EN['students.import.col.dateOfBirth']! }));
  const phone = office.getByLabel(msg(EN, 'students.import.cellLabel', { row: 36, column: EN['students.import.col.guardianPhone']! }));
  await expect(dob).toHaveValue('31/02/2016');
  await expect(phone).toHaveValue('12345');
  await shot(office, 'students-import-en-desktop');
  // At 360 px the preview scrolls in its own box, not the page, and its cells stay 44 px targets.
  await office.setViewportSize({ width: 360, height: 780 });
  expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const firstCell = office.getByRole('button', { name: msg(EN, 'students.import.editCell', { row: 11, column: EN['students.import.col.firstName']!, value: 'Aarav' }), exact: true });
  await firstCell.scrollIntoViewIfNeeded();
  expect((await firstCell.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await dob.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await office.evaluate(() => window.scrollTo(0, 0)); // the fixed header then sits at the top of the full-page picture
  await shot(office, 'students-import-preview-en-360');
  await office.setViewportSize({ width: 1280, height: 900 });

  await dob.fill('28/02/2016');
  await phone.fill(phoneOf(35));

  // Any cell opens for correction, not only the red ones: row 5's first name (a click) and row 7's
  // gender (Enter), which is made invalid; the check finds it, flags the row and withholds the commit.
  await office.getByText(EN['students.import.onlyErrors'], { exact: true }).click();
  await expect(office.getByRole('checkbox', { name: EN['students.import.onlyErrors'] })).not.toBeChecked();
  // The preview's headings are read as people read them (issue 36): "First name", not firstName.
  const edit = (row: number, column: string, value: string) => office.getByRole('button', { name: msg(EN, 'students.import.editCell', { row, column: EN[`students.import.col.${column}`]!, value }), exact: true });
  const cellInput = (row: number, column: string) => office.getByLabel(msg(EN, 'students.import.cellLabel', { row, column: EN[`students.import.col.${column}`]! }), { exact: true });
  const editButton = edit(5, 'firstName', 'Vihaan');
  expect((await editButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await editButton.click();
  await cellInput(5, 'firstName').fill('Vihaan Kumar');
  await cellInput(5, 'firstName').press('Enter');
  await expect(edit(5, 'firstName', 'Vihaan Kumar')).toBeFocused();
  await edit(7, 'gender', 'female').focus();
  await office.keyboard.press('Enter');
  await cellInput(7, 'gender').fill('girl');
  await cellInput(7, 'gender').press('Enter');
  await office.getByRole('button', { name: EN['students.import.checkAgain'] }).click();
  await expect(office.getByText(msg(EN, 'students.import.invalid', { count: 1 }))).toBeVisible();
  await expect(cellInput(7, 'gender')).toHaveAttribute('aria-invalid', 'true');
  await expect(office.locator('tr[data-row="7"]')).toHaveClass(/st-row-bad/);
  await expect(office.locator('tr[data-row="7"] .st-cell-error')).toBeVisible();
  await expect(office.getByText(EN['students.import.readyTitle'])).toHaveCount(0);
  await expect(edit(5, 'firstName', 'Vihaan Kumar')).toBeVisible();

  await cellInput(7, 'gender').fill('female');
  await office.getByRole('button', { name: EN['students.import.checkAgain'] }).click();
  await expect(office.getByText(EN['students.import.readyTitle'])).toBeVisible();
  // A change after the check withholds the commit until the table is checked again.
  await edit(9, 'lastName', LAST[8 % LAST.length]!).click();
  await cellInput(9, 'lastName').fill('Pandey');
  await cellInput(9, 'lastName').press('Enter');
  await expect(office.getByText(EN['students.import.changedHint'])).toBeVisible();
  await expect(office.getByText(EN['students.import.readyTitle'])).toHaveCount(0);
  await office.getByRole('button', { name: EN['students.import.checkAgain'] }).click();
  await expect(office.getByText(EN['students.import.readyTitle'])).toBeVisible();
  await office.getByRole('button', { name: 'Import 60 students' }).click();
  await expect(office.getByText(msg(EN, 'students.import.done', { created: 60, existing: 0 }))).toBeVisible();

  await office.getByRole('link', { name: EN['students.backToRegister'] }).click();
  await expect(office.getByRole('status').filter({ hasText: msg(EN, 'students.count', { count: 60, max: 100 }) })).toBeVisible();
  // The corrections made in the preview are what was imported.
  await office.getByRole('searchbox', { name: EN['students.search'] }).fill('Vihaan Kumar');
  await expect(office.getByRole('region', { name: EN['students.tableLabel'] }).getByRole('link', { name: `Vihaan Kumar ${LAST[4]}` })).toBeVisible();
});

test('a family applies on the public page; the office admits the child into a section', async ({ browser }) => {
  const family = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await family.goto(portal);
  await expect(family.getByText('Dr. Meera Iyer').first()).toBeVisible();
  await expect(family.getByRole('link', { name: 'Staff and parents: sign in' }).first()).toHaveAttribute('href', '/sign-in');
  await shot(family, 'portal-front-door-en-desktop');
  await family.setViewportSize({ width: 360, height: 780 });
  await shot(family, 'portal-front-door-en-360');
  await family.setViewportSize({ width: 1280, height: 900 });
  await family.getByRole('link', { name: 'Apply for admission' }).click();
  await expect(family).toHaveURL(`${portal}/apply`);
  await family.getByLabel('First name').fill('Anaya');
  await family.getByLabel('Last name').fill('Rastogi');
  await family.getByLabel('Date of birth').fill('02/03/2016');
  await family.getByLabel('Gender').selectOption('female');
  await family.getByLabel('Class applied for').selectOption('Class 5');
  await family.getByLabel(/Applying under the RTE Act/).check({ force: true });
  await family.getByLabel('Name', { exact: true }).fill('Pooja Rastogi');
  await family.getByLabel('Relation to the child').selectOption('mother');
  await family.getByLabel('Mobile number').fill('9876512345');
  await family.getByLabel('Email address').fill(`pooja.${Date.now()}@example.in`);
  await family.getByLabel(/I am the child’s parent or guardian/).check({ force: true });
  await family.getByRole('button', { name: 'Send application' }).click();
  await expect(family.getByText('Application received')).toBeVisible();
  const number = (await family.locator('strong').filter({ hasText: /^APP-/ }).innerText()).trim();
  await family.context().close();

  await office.goto(`${portal}/workspace/${schoolId}/students/applications`);
  const item = office.locator(`[data-application="${number}"]`);
  await expect(item.getByText('Anaya Rastogi')).toBeVisible();
  await expect(item.getByText(EN['students.apps.rte'])).toBeVisible();
  await shot(office, 'students-applications-en-desktop');
  await item.getByRole('button', { name: EN['students.apps.admit'] }).click();
  const dialog = office.getByRole('dialog');
  await dialog.getByLabel(EN['students.field.section']).selectOption({ label: 'Class 5 – B' });
  await dialog.getByRole('button', { name: EN['students.apps.admit'] }).click();
  await expect(item.getByText(EN['students.apps.status.admitted'])).toBeVisible();
  await item.getByRole('link', { name: EN['students.apps.openStudent'] }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'Anaya Rastogi' })).toBeVisible();
  await expect(office.getByText('Class 5 – B').first()).toBeVisible();
  await shot(office, 'students-profile-en-desktop');
});

test('the office finds a student by the guardian’s phone and downloads the UDISE+ file', async () => {
  await office.goto(`${portal}/workspace/${schoolId}/students`);
  await expect(office.getByRole('status').filter({ hasText: msg(EN, 'students.count', { count: 61, max: 100 }) })).toBeVisible();
  await shot(office, 'students-register-en-desktop');
  const phone = phoneOf(20);
  await office.getByRole('searchbox', { name: EN['students.search'] }).fill(`${phone.slice(0, 5)} ${phone.slice(5)}`);
  await expect(office.getByText(msg(EN, 'students.found', { count: 1 }), { exact: true })).toBeVisible();
  const table = office.getByRole('region', { name: EN['students.tableLabel'] });
  await expect(table.getByRole('link', { name: `${FIRST[20 % FIRST.length]} ${LAST[20 % LAST.length]}` })).toBeVisible();
  await expect(table.getByText(phone)).toBeVisible();

  const [download] = await Promise.all([office.waitForEvent('download'), office.getByRole('button', { name: EN['students.export.udise'] }).click()]);
  expect(download.suggestedFilename()).toBe('udise-students.xlsx');
  const path = await download.path();
  expect(readFileSync(path!).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('the office adds a student with the form, edits the record, and records the student leaving', async () => {
  await office.goto(`${portal}/workspace/${schoolId}/students`);
  await office.getByRole('link', { name: EN['students.add'] }).click();
  const form = office.getByRole('form', { name: EN['students.form.addTitle'] });
  await form.getByRole('button', { name: EN['students.form.create'] }).click();
  await expect(form.getByText(EN['students.validation.firstNameRequired'])).toBeVisible();
  await form.getByLabel(EN['students.field.firstName'], { exact: true }).fill('Kavya');
  await form.getByLabel(`${EN['students.field.lastName']} ${EN['students.optional']}`).fill('Saxena');
  await form.getByLabel(EN['students.field.dateOfBirth'], { exact: true }).fill('14/05/2016');
  await form.getByLabel(EN['students.field.gender'], { exact: true }).selectOption('female');
  await form.getByLabel(EN['students.field.section'], { exact: true }).selectOption({ label: 'Class 6 – A' });
  await form.getByLabel(EN['students.field.guardianName'], { exact: true }).fill('Rohit Saxena');
  await form.getByLabel(EN['students.field.phone'], { exact: true }).fill('98765 01234');
  await form.getByLabel(`${EN['students.field.pen']} ${EN['students.optional']}`).fill('123');
  await form.getByRole('button', { name: EN['students.form.create'] }).click();
  await expect(form.getByText(EN['students.validation.pen'])).toBeVisible();
  await form.getByLabel(`${EN['students.field.pen']} ${EN['students.optional']}`).fill('12345678901');
  await form.getByRole('button', { name: EN['students.form.create'] }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'Kavya Saxena' })).toBeVisible();
  await expect(office.getByText('Class 6 – A').first()).toBeVisible();

  await office.getByRole('link', { name: EN['students.edit'], exact: true }).click();
  const edit = office.getByRole('form', { name: EN['students.form.editTitle'] });
  await edit.getByLabel(`${EN['students.field.motherTongue']} ${EN['students.optional']}`).fill('Hindi');
  await edit.getByRole('button', { name: EN['students.form.save'] }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'Kavya Saxena' })).toBeVisible();
  await expect(office.getByText('Hindi', { exact: true })).toBeVisible();

  await office.getByRole('button', { name: EN['students.leave.action'] }).click();
  const dialog = office.getByRole('dialog');
  await dialog.getByLabel(EN['students.leave.reason']).fill('Family moved to Lucknow');
  await dialog.getByRole('button', { name: EN['students.leave.confirm'] }).click();
  await expect(office.getByText(/Family moved to Lucknow/).first()).toBeVisible();
  await expect(office.getByRole('button', { name: EN['students.reactivate'] })).toBeVisible();
});

test('the screens in Hindi, and at 360 px wide', async () => {
  await office.goto(`${portal}/workspace/${schoolId}/students`);
  await office.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(office.getByRole('heading', { level: 1, name: HI['students.title'] })).toBeVisible();
  await hindiShot(office, 'students-register-hi-desktop');
  await office.setViewportSize({ width: 360, height: 780 });
  await expect(office.getByRole('status').filter({ hasText: msg(HI, 'students.count', { count: 61, max: 100 }) })).toBeVisible();
  expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await hindiShot(office, 'students-register-hi-360');
  await office.getByRole('navigation', { name: HI['students.sections'] }).getByRole('link', { name: HI['students.tab.import'] }).click();
  await expect(office.getByRole('heading', { level: 1, name: HI['students.import.title'] })).toBeVisible();
  // The preview in Hindi at 360 px (the first file again: checked only, nothing is committed).
  await office.getByTestId('import-file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(importCsv()) });
  await expect(office.getByText(msg(HI, 'students.import.invalid', { count: 2 }))).toBeVisible();
  await expect(office.getByLabel(msg(HI, 'students.import.cellLabel', { row: 11, column: HI['students.import.col.dateOfBirth']! }))).toHaveValue('31/02/2016');
  const hiCell = office.getByRole('button', { name: msg(HI, 'students.import.editCell', { row: 11, column: HI['students.import.col.firstName']!, value: 'Aarav' }), exact: true });
  await hiCell.scrollIntoViewIfNeeded();
  expect((await hiCell.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await office.evaluate(() => window.scrollTo(0, 0));
  await hindiShot(office, 'students-import-hi-360');
  await office.goto(`${portal}/workspace/${schoolId}/students/new`);
  await expect(office.getByRole('heading', { level: 1, name: HI['students.form.addTitle'] })).toBeVisible();
  await hindiShot(office, 'students-form-hi-360');
  await office.setViewportSize({ width: 1280, height: 900 });
  await office.getByRole('button', { name: 'English' }).first().click();
  await expect(office.getByRole('heading', { level: 1, name: EN['students.form.addTitle'] })).toBeVisible();
  await shot(office, 'students-form-en-desktop');
  await office.setViewportSize({ width: 360, height: 780 });
  await office.goto(`${portal}/workspace/${schoolId}/students`);
  await expect(office.getByRole('heading', { level: 1, name: EN['students.title'] })).toBeVisible();
  await shot(office, 'students-register-en-360');
});
