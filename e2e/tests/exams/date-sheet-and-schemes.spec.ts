import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { approveSchool, createClassesApi, createSchoolApi, createSectionsApi, createSubjectsApi, defaultAcademicYear, examDays, loginApi, shownDate, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import { api } from '../app/support/workspace';

/**
 * Issue 17, the rest: the printable date sheet (by class, the school's name, print CSS) and an admin
 * editing an assessment scheme's maximum marks from the screen.
 */
test.describe.configure({ mode: 'serial' });

const EN = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'features', 'exams', 'i18n', 'en.json'), 'utf8')) as Record<string, string>;

let seed: { schoolId: string; schoolName: string; examId: string; studentId: string; tokens: Awaited<ReturnType<typeof loginApi>> };

test.beforeAll(async ({ request }) => {
  const year = defaultAcademicYear();
  const admin = await verifiedUser(request, 'exds');
  const tokens = await loginApi(request, admin);
  const token = tokens.accessToken;
  const school = await createSchoolApi(request, token);
  await approveSchool(request, await staffToken(request), school.id);
  await createClassesApi(request, token, school.id, year, ['Class 7', 'Class 8', 'Class 9']);
  await createSectionsApi(request, token, school.id, year, [
    { className: 'Class 7', sectionNames: ['A'] },
    { className: 'Class 8', sectionNames: ['A'] },
    { className: 'Class 9', sectionNames: ['A'] },
  ]);
  await createSubjectsApi(request, token, school.id, year, [
    { className: 'Class 7', subjectNames: ['Mathematics', 'English'] },
    { className: 'Class 8', subjectNames: ['Mathematics', 'English'] },
  ]);
  const s = `/schools/${school.id}`;
  const { classes } = await api(request, 'GET', `${s}/exam-classes`, token);
  const c7 = classes.find((c: any) => c.name === 'Class 7');
  const c8 = classes.find((c: any) => c.name === 'Class 8');
  const subject = (c: any, name: string) => c.subjects.find((x: any) => x.name === name).id as string;
  const { exam } = await api(request, 'POST', `${s}/exams`, token, { name: 'Half-yearly examination', academicYear: year, classIds: [c7.id, c8.id], components: [{ name: 'Written', maxMarks: 80 }] });
  const [d1, d2, d3] = examDays(year.slice(0, 4));
  await api(request, 'PUT', `${s}/exams/${exam.id}/date-sheet`, token, {
    papers: [
      { classId: c7.id, subjectId: subject(c7, 'Mathematics'), date: `${d1}`, startsAt: '09:30', endsAt: '12:30' },
      { classId: c7.id, subjectId: subject(c7, 'English'), date: `${d3}`, startsAt: '09:30', endsAt: '12:30' },
      { classId: c8.id, subjectId: subject(c8, 'English'), date: `${d2}`, startsAt: '10:00', endsAt: '13:00' },
    ],
  });
  // A student of 7 A with marks in both papers; the results are published (the profile's Marks tab).
  const sectionId = c7.sections[0].id as string;
  const { student } = await api(request, 'POST', `${s}/students`, token, { firstName: 'Asha', lastName: 'Verma', rollNumber: 1, dateOfBirth: '2014-06-02', gender: 'female', sectionId, guardians: [{ name: 'Sunita', relation: 'mother', phone: '9876543210' }] });
  for (const [name, marks] of [['Mathematics', 72], ['English', 64]] as const) {
    await api(request, 'PUT', `${s}/exams/${exam.id}/marks`, token, { sectionId, subjectId: subject(c7, name), marks: [{ studentId: student.id, component: 'Written', marks }] });
  }
  await api(request, 'POST', `${s}/exams/${exam.id}/publish`, token, { allowIncomplete: true });
  seed = { schoolId: school.id, schoolName: school.name, examId: exam.id, studentId: student.id, tokens };
});

test('the date sheet: by class with dates and times under the school’s name; printing hides the workspace', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInWithTokens(page, seed.tokens);
  await page.goto(`/workspace/${seed.schoolId}/exams/${seed.examId}`);
  await page.getByRole('link', { name: EN['dateSheet.open'] }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${seed.examId}/date-sheet$`));
  await expect(page.getByRole('heading', { level: 1, name: seed.schoolName })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Half-yearly examination/ })).toBeVisible();

  const seven = page.getByRole('region', { name: 'Class 7' });
  await expect(seven.getByRole('row')).toHaveCount(3);
  await expect(seven.getByRole('row').nth(1)).toContainText(shownDate(examDays(defaultAcademicYear().slice(0, 4))[0]));
  await expect(seven.getByRole('row').nth(1)).toContainText('Mathematics');
  await expect(seven.getByRole('row').nth(1)).toContainText('09:30–12:30');
  await expect(seven.getByRole('row').nth(2)).toContainText('English');
  const eight = page.getByRole('region', { name: 'Class 8' });
  await expect(eight.getByRole('row')).toHaveCount(2);
  await expect(eight.getByRole('row').nth(1)).toContainText('10:00–13:00');

  const print = page.getByRole('button', { name: EN['dateSheet.print'] });
  await expect(print).toBeVisible();
  expect((await print.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  await expect(page.getByRole('link', { name: EN['dateSheet.back'] })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: seed.schoolName })).toBeVisible();
  await expect(seven.getByRole('row')).toHaveCount(3);
});

test('an admin edits a scheme’s maximum marks; a new exam of those classes starts from them', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInWithTokens(page, seed.tokens);
  await page.goto(`/workspace/${seed.schoolId}/exams`);
  await page.getByRole('link', { name: EN['schemes.open'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: EN['schemes.title'] })).toBeVisible();

  // Classes 6–8, term 1 has marks (the half-yearly exam above): shown locked, not editable.
  const middle = page.getByRole('form', { name: 'Classes 6–8, term 1' });
  await expect(middle.getByText(EN['schemes.locked'])).toBeVisible();
  await expect(middle.getByRole('button', { name: EN['schemes.save'] })).toHaveCount(0);

  const nine = page.getByRole('form', { name: 'Classes 9–10, term 1' });
  await expect(nine.getByText(EN['schemes.preset'])).toBeVisible();
  const board = nine.getByRole('spinbutton', { name: 'Maximum marks of component 6' });
  await expect(board).toHaveValue('80');
  await board.fill('70');
  await nine.getByRole('spinbutton', { name: 'Maximum marks of component 1' }).fill('20');
  await expect(nine.getByText('Total: 120 marks')).toBeVisible();
  const save = nine.getByRole('button', { name: EN['schemes.save'] });
  expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await save.click();
  await expect(nine.getByText(EN['schemes.custom'])).toBeVisible();

  // A bad maximum is refused with a message; nothing changes.
  await nine.getByRole('spinbutton', { name: 'Maximum marks of component 2' }).fill('0');
  await nine.getByRole('button', { name: EN['schemes.save'] }).click();
  await expect(nine.getByRole('alert')).toBeVisible();

  await page.reload();
  const again = page.getByRole('form', { name: 'Classes 9–10, term 1' });
  await expect(again.getByRole('spinbutton', { name: 'Maximum marks of component 6' })).toHaveValue('70');
  await expect(again.getByRole('spinbutton', { name: 'Maximum marks of component 2' })).toHaveValue('10');

  // The exam form starts from the school's scheme.
  await page.getByRole('link', { name: EN['schemes.back'] }).click();
  await page.getByRole('button', { name: EN['exams.create'] }).click();
  await page.locator('label.ex-check', { hasText: 'Class 9' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Maximum marks of component 6' })).toHaveValue('70');
});

test('the student’s profile has a Marks tab with the published results per exam', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInWithTokens(page, seed.tokens);
  await page.goto(`/workspace/${seed.schoolId}/students/${seed.studentId}`);
  const tab = page.getByRole('tab', { name: EN['marksTab.title'] });
  await expect(tab).toBeVisible();
  await tab.click();
  const exam = page.getByRole('region', { name: 'Half-yearly examination' });
  await expect(exam).toBeVisible();
  await expect(exam.getByRole('row', { name: /Mathematics/ })).toContainText('72/80');
  await expect(exam.getByRole('row', { name: /English/ })).toContainText('64/80');
  await expect(exam.getByText(/Total 136\/160/)).toBeVisible();
});

test('the calendar’s month view shows each exam paper with its class, subject and time', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
  await signInWithTokens(page, seed.tokens);
  const [d1, d2] = examDays(defaultAcademicYear().slice(0, 4));
  await page.goto(`/workspace/${seed.schoolId}/calendar?month=${d1.slice(0, 7)}`);
  await expect(page.locator(`td[data-date="${d1}"]`)).toContainText('Class 7 Mathematics from 09:30');
  await expect(page.locator(`td[data-date="${d2}"]`)).toContainText('Class 8 English from 10:00');
  const list = page.getByRole('list', { name: 'Exam papers this month' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('09:30–12:30');
});

test('the report-card logo: uploaded on the settings and shown as a small preview read back from the server', async ({ browser }) => {
  // A 1 × 1 PNG.
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInWithTokens(page, seed.tokens);
  await page.goto(`/workspace/${seed.schoolId}/exams/schemes`);
  await expect(page.getByText(EN['reportSettings.noLogo']!)).toBeVisible();
  const preview = page.getByRole('img', { name: EN['reportSettings.logoAlt'] });
  await expect(preview).toHaveCount(0);

  const served = page.waitForResponse((r) => r.url().endsWith(`/schools/${seed.schoolId}/logo`) && r.request().method() === 'GET');
  await page.locator('input[type=file]').setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: PNG });
  const res = await served;
  expect([res.status(), res.headers()['content-type'], res.headers()['cache-control']]).toEqual([200, 'image/png', 'private, no-cache']);
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect((await preview.boundingBox())!.height).toBeLessThanOrEqual(80);

  await page.getByRole('button', { name: EN['reportSettings.removeLogo'] }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByText(EN['reportSettings.noLogo']!)).toBeVisible();
});
