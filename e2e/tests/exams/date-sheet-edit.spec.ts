import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { approveSchool, createClassesApi, createSchoolApi, createSectionsApi, createSubjectsApi, defaultAcademicYear, examDays, loginApi, shownDate, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import { docScreenshot } from '../../screens';

/**
 * The date-sheet editor (exams/{examId}/date-sheet/edit), at 360 px: an admin gives papers dates and
 * times, saves, and the printable sheet shows them; two papers of one class at once are listed as a
 * clash after saving; a refused save changes nothing but the message (a date outside the academic
 * year or on a holiday of the calendar named on its row); the page in Hindi.
 */
test.describe.configure({ mode: 'serial' });

const i18n = (feature: string, lang: 'en' | 'hi') => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'features', feature, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const EN = i18n('exams', 'en');
const HI = i18n('exams', 'hi');
const SCREENS = join(__dirname, '..', '..', '..', 'docs', 'screens');
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);

async function api<T = any>(request: APIRequestContext, method: string, path: string, token: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const json = await res.json();
  expect(json.success, `${method} ${path}: ${res.status()} ${JSON.stringify(json.error)}`).toBe(true);
  return json.data as T;
}

const y = defaultAcademicYear().slice(0, 4);
const [d1, d2, d3] = examDays(y);
/** A Monday five weeks after the papers: the test's Diwali, a holiday on a day the school would be open. */
const diwali = new Date(Date.parse(d1) + 35 * 86_400_000).toISOString().slice(0, 10);
let seed: { schoolId: string; examId: string; tokens: Awaited<ReturnType<typeof loginApi>> };

test.beforeAll(async ({ request }) => {
  const year = defaultAcademicYear();
  const admin = await verifiedUser(request, 'exdse');
  const tokens = await loginApi(request, admin);
  const token = tokens.accessToken;
  const school = await createSchoolApi(request, token);
  await approveSchool(request, await staffToken(request), school.id);
  await createClassesApi(request, token, school.id, year, ['Class 7', 'Class 8']);
  await createSectionsApi(request, token, school.id, year, [
    { className: 'Class 7', sectionNames: ['A'] },
    { className: 'Class 8', sectionNames: ['A'] },
  ]);
  await createSubjectsApi(request, token, school.id, year, [
    { className: 'Class 7', subjectNames: ['Mathematics', 'English', 'Science'] },
    { className: 'Class 8', subjectNames: ['English'] },
  ]);
  const { classes } = await api(request, 'GET', `/schools/${school.id}/exam-classes`, token);
  const ids = ['Class 7', 'Class 8'].map((n) => classes.find((c: any) => c.name === n).id as string);
  const { exam } = await api(request, 'POST', `/schools/${school.id}/exams`, token, { name: 'Half-yearly examination', academicYear: year, classIds: ids, components: [{ name: 'Written', maxMarks: 80 }] });
  await api(request, 'POST', `/schools/${school.id}/calendar-events`, token, { title: 'Diwali', kind: 'holiday', startsOn: diwali });
  seed = { schoolId: school.id, examId: exam.id, tokens };
});

async function phone(browser: import('@playwright/test').Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInWithTokens(page, seed.tokens);
  return page;
}
const row = (page: Page, className: string, subject: string): Locator => page.getByRole('group', { name: className, exact: true }).getByRole('group', { name: subject, exact: true });
const editorUrl = () => `/workspace/${seed.schoolId}/exams/${seed.examId}/date-sheet/edit`;
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('an admin gives two papers of a class their dates and times; the printable sheet shows them', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(`/workspace/${seed.schoolId}/exams/${seed.examId}`);
  await page.getByRole('link', { name: EN['dateSheet.open'] }).click();
  await expect(page.getByText(EN['dateSheet.empty'])).toBeVisible();
  const edit = page.getByRole('link', { name: EN['dateSheet.edit'] });
  expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/exams/${seed.examId}/date-sheet/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: fill(EN['dateSheetEdit.title'], { exam: 'Half-yearly examination', year: defaultAcademicYear() }) })).toBeVisible();

  // One row per subject of each class; nothing scheduled yet.
  await expect(page.getByRole('group', { name: 'Class 7', exact: true }).getByRole('group')).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Class 8', exact: true }).getByRole('group')).toHaveCount(1);

  const maths = row(page, 'Class 7', 'Mathematics');
  await maths.getByLabel(EN['dateSheetEdit.date'], { exact: true }).fill(`${d1}`);
  await maths.getByLabel(EN['dateSheetEdit.startsAt'], { exact: true }).fill('09:30');
  await maths.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true }).fill('12:30');
  // A new date starts with the times entered last.
  const english = row(page, 'Class 7', 'English');
  await english.getByLabel(EN['dateSheetEdit.date'], { exact: true }).fill(`${d3}`);
  await expect(english.getByLabel(EN['dateSheetEdit.startsAt'], { exact: true })).toHaveValue('09:30');
  await english.getByLabel(EN['dateSheetEdit.startsAt'], { exact: true }).fill('10:00');
  await english.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true }).fill('13:00');

  // Phone-sized: no sideways scroll, every control at least 44 px tall.
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(360);
  // (The date's hidden picker, aria-hidden, is not a control one taps: its calendar button is.)
  for (const input of await maths.locator('input:not([aria-hidden="true"]), button').all()) expect((await input.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const save = page.getByRole('button', { name: EN['dateSheetEdit.save'] });
  expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await maths.getByRole('button', { name: fill(EN['dateSheetEdit.clear'], { subject: 'Mathematics' }) }).boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await save.click();
  await expect(page.getByRole('status').filter({ hasText: EN['dateSheetEdit.saved'] })).toBeVisible();
  await expect(page.getByRole('region', { name: EN['dateSheetEdit.clashesTitle'] })).toHaveCount(0);

  await page.getByRole('link', { name: EN['dateSheetEdit.back'] }).click();
  const seven = page.getByRole('region', { name: 'Class 7' });
  await expect(seven.getByRole('row')).toHaveCount(3);
  await expect(seven.getByRole('row').nth(1)).toContainText(shownDate(d1));
  await expect(seven.getByRole('row').nth(1)).toContainText('Mathematics');
  await expect(seven.getByRole('row').nth(1)).toContainText('09:30–12:30');
  await expect(seven.getByRole('row').nth(2)).toContainText(shownDate(d3));
  await expect(seven.getByRole('row').nth(2)).toContainText('English');
  await expect(seven.getByRole('row').nth(2)).toContainText('10:00–13:00');
  await expect(page.getByRole('region', { name: 'Class 8' })).toHaveCount(0);
});

test('two papers of one class at once are listed as a clash; a refused save changes nothing but the message', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(editorUrl());
  const maths = row(page, 'Class 7', 'Mathematics');
  await expect(maths.getByLabel(EN['dateSheetEdit.date'], { exact: true })).toHaveValue(shownDate(d1));
  const science = row(page, 'Class 7', 'Science');
  await science.getByLabel(EN['dateSheetEdit.date'], { exact: true }).fill(`${d1}`);
  await science.getByLabel(EN['dateSheetEdit.startsAt'], { exact: true }).fill('11:00');
  await science.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true }).fill('13:00');
  await page.getByRole('button', { name: EN['dateSheetEdit.save'] }).click();

  const clashes = page.getByRole('region', { name: EN['dateSheetEdit.clashesTitle'] });
  await expect(clashes.getByRole('listitem')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header at the top of the picture, not where the form was scrolled to
  await docScreenshot(page, { path: join(SCREENS, 'exams-date-sheet-edit-clash-360.png'), fullPage: true });
  await expect(clashes.getByRole('listitem')).toHaveText(fill(EN['dateSheetEdit.clash'], { className: 'Class 7', date: shownDate(d1), first: 'Mathematics', second: 'Science' }));
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(360);

  // An end before the start: refused with a message on the row; the clash list and the saved sheet stay.
  await science.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true }).fill('10:00');
  await page.getByRole('button', { name: EN['dateSheetEdit.save'] }).click();
  await expect(page.getByRole('alert').filter({ hasText: EN['dateSheetEdit.fixRows'] })).toBeVisible();
  await expect(science.getByText(EN['dateSheetEdit.error.endsBeforeStart'])).toBeVisible();
  await expect(science.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true })).toHaveValue('10:00');
  await expect(science.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(clashes.getByRole('listitem')).toHaveCount(1);

  // A date with no times is named too.
  const eight = row(page, 'Class 8', 'English');
  await eight.getByLabel(EN['dateSheetEdit.date'], { exact: true }).fill(`${d2}`);
  await eight.getByLabel(EN['dateSheetEdit.startsAt'], { exact: true }).fill('');
  await eight.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true }).fill('');
  await page.getByRole('button', { name: EN['dateSheetEdit.save'] }).click();
  await expect(eight.getByText(EN['dateSheetEdit.error.timesMissing'])).toBeVisible();

  // The picker keeps to the academic year; a date typed outside it is named before sending.
  const eightDate = eight.getByLabel(EN['dateSheetEdit.date'], { exact: true });
  const eightPicker = eight.locator('input[type=date]');
  await expect(eightPicker).toHaveAttribute('min', `${y}-04-01`);
  await expect(eightPicker).toHaveAttribute('max', `${Number(y) + 1}-03-31`);
  await eightDate.fill(`${Number(y) + 1}-04-02`);
  await eight.getByLabel(EN['dateSheetEdit.startsAt'], { exact: true }).fill('10:00');
  await eight.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true }).fill('13:00');
  await page.getByRole('button', { name: EN['dateSheetEdit.save'] }).click();
  await expect(eight.getByText(fill(EN['dateSheetEdit.error.outsideYear'], { year: defaultAcademicYear(), from: `01/04/${y}`, to: `31/03/${Number(y) + 1}` }))).toBeVisible();
  // A holiday of the calendar: the server refuses the whole sheet and names the holiday on the row.
  await science.getByLabel(EN['dateSheetEdit.endsAt'], { exact: true }).fill('13:00');
  await eightDate.fill(diwali);
  await page.getByRole('button', { name: EN['dateSheetEdit.save'] }).click();
  await expect(eight.getByText(fill(EN['dateSheetEdit.error.holiday'], { name: 'Diwali' }))).toBeVisible();
  await expect(eightDate).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: EN['dateSheetEdit.fixRows'] })).toBeVisible();
  await expect(science.locator('.ex-ds-problem')).toHaveCount(0);

  const sheet = await api(page.request, 'GET', `/schools/${seed.schoolId}/exams/${seed.examId}/date-sheet`, seed.tokens.accessToken);
  expect(sheet.dateSheet.papers.map((p: any) => `${p.className} ${p.subjectName} ${p.date} ${p.startsAt}-${p.endsAt}`)).toEqual([
    `Class 7 Mathematics ${d1} 09:30-12:30`,
    `Class 7 Science ${d1} 11:00-13:00`,
    `Class 7 English ${d3} 10:00-13:00`,
  ]);

  // Taking a paper off (clear) and saving removes the clash.
  await eight.getByRole('button', { name: fill(EN['dateSheetEdit.clear'], { subject: 'English' }) }).click();
  await science.getByRole('button', { name: fill(EN['dateSheetEdit.clear'], { subject: 'Science' }) }).click();
  await page.getByRole('button', { name: EN['dateSheetEdit.save'] }).click();
  await expect(page.getByRole('status').filter({ hasText: EN['dateSheetEdit.saved'] })).toBeVisible();
  await expect(clashes).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header at the top of the picture, not where the form was scrolled to
  await docScreenshot(page, { path: join(SCREENS, 'exams-date-sheet-edit-desktop.png'), fullPage: true });
});

test('the editor in Hindi: its labels, buttons and heading in Hindi, at 360 px', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(editorUrl());
  await expect(page.getByRole('button', { name: EN['dateSheetEdit.save'] })).toBeVisible();
  // The language switch is in the top bar at phone width (issue 36).
  await page.locator('.ws-topbar').getByRole('button', { name: 'हिन्दी' }).click();

  await expect(page.getByRole('heading', { level: 1, name: fill(HI['dateSheetEdit.title'], { exam: 'Half-yearly examination', year: defaultAcademicYear() }) })).toBeVisible();
  const maths = row(page, 'Class 7', 'Mathematics');
  // Dates are shown DD/MM/YYYY whatever the phone's settings (issue 36).
  await expect(maths.getByLabel(HI['dateSheetEdit.date'], { exact: true })).toHaveValue(shownDate(d1));
  await expect(maths.getByLabel(HI['dateSheetEdit.startsAt'], { exact: true })).toHaveValue('09:30');
  await expect(maths.getByLabel(HI['dateSheetEdit.endsAt'], { exact: true })).toHaveValue('12:30');
  await expect(page.getByText(HI['dateSheetEdit.help'])).toBeVisible();
  await expect(page.getByRole('button', { name: HI['dateSheetEdit.save'] })).toBeVisible();
  await expect(page.getByRole('link', { name: HI['dateSheetEdit.back'] })).toBeVisible();

  // A refusal in Hindi too.
  const english = row(page, 'Class 7', 'English');
  await english.getByLabel(HI['dateSheetEdit.endsAt'], { exact: true }).fill('09:00');
  await page.getByRole('button', { name: HI['dateSheetEdit.save'] }).click();
  await expect(page.getByRole('alert').filter({ hasText: HI['dateSheetEdit.fixRows'] })).toBeVisible();
  await expect(english.getByText(HI['dateSheetEdit.error.endsBeforeStart'])).toBeVisible();
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(360);
  await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header at the top of the picture, not where the form was scrolled to
  await docScreenshot(page, { path: join(SCREENS, 'exams-date-sheet-edit-hi-360.png'), fullPage: true });

  // The printable sheet's Edit link, in Hindi.
  await page.getByRole('link', { name: HI['dateSheetEdit.back'] }).click();
  await expect(page.getByRole('link', { name: HI['dateSheet.edit'] })).toBeVisible();
  await api(page.request, 'PATCH', '/me/preferences', seed.tokens.accessToken, { language: 'en' });
});
