import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { approveSchool, createClassesApi, createSchoolApi, createSectionsApi, createSubjectsApi, defaultAcademicYear, loginApi, newUser, PASSWORD, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import { api, invitationToken } from '../app/support/workspace';
import { docScreenshot, takingDocScreens } from '../../screens';

/**
 * Issue 17 "Done when", on the real server: a teacher fills a marks grid by keyboard and by pasting
 * a column from a spreadsheet (limits checked as typed, saved as they go); the admin publishes the
 * results and prints the section's report cards through the background job.
 */
test.describe.configure({ mode: 'serial' });

const catalogue = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'features', 'exams', 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const EN = catalogue('en');
const HI = catalogue('hi');
const SCREENS = join(__dirname, '..', '..', '..', 'docs', 'screens');

async function shot(page: Page, name: string): Promise<void> {
  if (!takingDocScreens) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.waitForTimeout(250);
  await docScreenshot(page, { path: join(SCREENS, `exams-${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide', style: '.bp6-toast-container { visibility: hidden !important; }' });
}

/** A paste of `text` into the focused cell, as a spreadsheet's copied column arrives. */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

test('a teacher fills the marks grid by keyboard and paste; the admin publishes and prints the section’s report cards', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const year = defaultAcademicYear();
  const admin = await verifiedUser(request, 'exadm');
  const adminTokens = await loginApi(request, admin);
  const token = adminTokens.accessToken;
  const school = await createSchoolApi(request, token);
  await approveSchool(request, await staffToken(request), school.id);
  await createClassesApi(request, token, school.id, year, ['Class 7']);
  await createSectionsApi(request, token, school.id, year, [{ className: 'Class 7', sectionNames: ['A'] }]);
  await createSubjectsApi(request, token, school.id, year, [{ className: 'Class 7', subjectNames: ['Mathematics', 'English'] }]);
  const s = `/schools/${school.id}`;
  const { classes } = await api(request, 'GET', `${s}/exam-classes`, token);
  const klass = classes[0];
  const sectionId = klass.sections[0].id as string;
  const maths = klass.subjects.find((x: any) => x.name === 'Mathematics').id as string;
  for (const [firstName, lastName, rollNumber] of [['Asha', 'Verma', 1], ['Ravi', 'Kumar', 2], ['Meena', 'Iyer', 3]] as const) {
    await api(request, 'POST', `${s}/students`, token, { firstName, lastName, rollNumber, dateOfBirth: '2014-06-02', gender: 'female', sectionId, guardians: [{ name: 'Sunita', relation: 'mother', phone: '9876543210' }] });
  }
  // The teacher joins by invitation and is assigned Mathematics in 7 A.
  const person = newUser('extch');
  await api(request, 'POST', `${s}/invitations`, token, { email: person.email, role: 'teacher', name: 'Sunita Rao' });
  const accepted = await request.post('/api/v1/invitations/accept', { data: { token: await invitationToken(person.email), username: person.username, password: PASSWORD } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const teacherTokens = await loginApi(request, { username: person.username, password: PASSWORD });
  const staff = await api(request, 'POST', `${s}/staff`, token, { employeeCode: `T${Date.now().toString(36).slice(-6)}`, name: 'Sunita Rao', userId: teacherTokens.user.id });
  await api(request, 'PUT', `${s}/teaching-assignments`, token, { assignments: [{ sectionId, subjectId: maths, staffId: staff.staff.id }] });
  const { exam } = await api(request, 'POST', `${s}/exams`, token, {
    name: 'Half-yearly examination',
    academicYear: year,
    classIds: [klass.id],
    components: [
      { name: 'Periodic test', maxMarks: 10 },
      { name: 'Written', maxMarks: 80 },
    ],
  });

  // ── the teacher ──
  const teacher = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
  await signInWithTokens(teacher, teacherTokens);
  await teacher.goto(`/workspace/${school.id}/exams/${exam.id}`);
  await teacher.getByRole('link', { name: 'Class 7 A · Mathematics' }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: EN['marks.title']!.replace('{subject}', 'Mathematics') })).toBeVisible();
  const cell = (student: string, component: string, max: number) => teacher.getByLabel(`${student}, ${component} (out of ${max})`);
  await cell('Asha Verma', 'Periodic test', 10).click();
  await teacher.keyboard.type('8');
  await teacher.keyboard.press('ArrowDown');
  await teacher.keyboard.type('AB');
  await teacher.keyboard.press('Enter');
  await teacher.keyboard.type('11');
  // Checked as typed: 11 is over 10, shown at once and not saved.
  await expect(cell('Meena Iyer', 'Periodic test', 10)).toHaveAttribute('aria-invalid', 'true');
  await expect(teacher.getByText('Marks must not exceed 10')).toBeVisible();
  await teacher.keyboard.press('Backspace');
  await teacher.keyboard.press('Backspace');
  await teacher.keyboard.type('9');
  await expect(cell('Meena Iyer', 'Periodic test', 10)).not.toHaveAttribute('aria-invalid', 'true');
  // Right arrow to the written column of Meena, up to Asha's, then a column pasted from a spreadsheet.
  await teacher.keyboard.press('ArrowRight');
  await teacher.keyboard.press('ArrowUp');
  await teacher.keyboard.press('ArrowUp');
  await expect(cell('Asha Verma', 'Written', 80)).toBeFocused();
  await paste(teacher, '72\r\n65\r\n50\r\n');
  await expect(cell('Ravi Kumar', 'Written', 80)).toHaveValue('65');
  await expect(teacher.getByRole('status')).toHaveText(EN['marks.saved']!);
  await shot(teacher, 'marks-grid');
  const sheet = await api(request, 'GET', `${s}/exams/${exam.id}/marks?sectionId=${sectionId}&subjectId=${maths}`, teacherTokens.accessToken);
  expect(sheet.students.map((x: any) => [x.name, x.marks['Periodic test'], x.marks.Written])).toEqual([
    ['Asha Verma', 8, 72],
    ['Ravi Kumar', 'AB', 65],
    ['Meena Iyer', 9, 50],
  ]);
  // 360 px wide, in Hindi: the grid still works.
  await teacher.getByRole('button', { name: 'हिन्दी' }).first().click();
  await teacher.setViewportSize({ width: 360, height: 740 });
  await expect(teacher.getByRole('heading', { level: 1, name: HI['marks.title']!.replace('{subject}', 'गणित') })).toBeVisible();
  await shot(teacher, 'marks-grid-hi-360');

  // ── the admin ──
  const page = await (await browser.newContext({ viewport: { width: 1200, height: 800 }, acceptDownloads: true })).newPage();
  await signInWithTokens(page, adminTokens);
  await page.goto(`/workspace/${school.id}/exams`);
  await page.getByRole('link', { name: 'Half-yearly examination' }).click();
  await page.getByRole('button', { name: EN['exam.publish'] }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: EN['exam.publish'] }).click();
  // Only Mathematics has marks: publishing is refused, the empty sheets are listed, nothing is published.
  const incomplete = page.getByRole('alert').filter({ hasText: EN['exam.incompleteTitle']! });
  await expect(incomplete).toBeVisible();
  await expect(incomplete).toContainText(EN['exam.incompleteHelp']!);
  await expect(page.getByText(EN['exams.published']!, { exact: true })).toHaveCount(0);
  // The admin publishes knowingly.
  await incomplete.getByRole('button', { name: EN['exam.publishAnyway'] }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: EN['exam.publishAnyway'] }).click();
  await expect(page.getByText(EN['exams.published']!, { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: EN['exam.results'] })).toContainText('Asha Verma');
  await page.getByRole('button', { name: EN['cards.print'] }).click();
  await expect(page.getByText(EN['cards.ready']!)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'exam-published');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: EN['cards.download'] }).click()]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The teacher's grid is now locked.
  await teacher.reload();
  await expect(teacher.getByText(HI['marks.locked']!)).toBeVisible();
});
