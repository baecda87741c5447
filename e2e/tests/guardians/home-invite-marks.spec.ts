import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  approveSchool,
  createClassesApi,
  createSchoolApi,
  createSectionsApi,
  createSubjectsApi,
  defaultAcademicYear,
  loginApi,
  newUser,
  signInWithTokens,
  staffToken,
  verifiedUser,
  type Tokens,
} from '../app/support/api';
import { acceptInvitation, api, messages } from '../app/support/workspace';
import { newestMail } from '../app/support/mail';
import { docScreenshot } from '../../screens';

const GD = messages('guardian');
const NT = messages('notices');
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

async function phone(browser: Browser, tokens: Tokens): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage();
  await signInWithTokens(page, tokens);
  return page;
}

/**
 * Issue 19 at phone width: the notice board's card on a teacher's and a guardian's home page (the
 * unread one marked, one tap opens it and records the read); "Invite guardians" on the student's
 * record sends the invitation e-mail; the guardian reads the published marks on screen.
 */
test.describe('notices on the home page, inviting guardians, marks on screen (360 px)', () => {
  test.use(PHONE);

  test('teacher and guardian homes show the notice board; the record invites; the guardian sees the marks', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const admin = await verifiedUser(request, 'gmadm');
    const adminTokens = await loginApi(request, admin);
    const token = adminTokens.accessToken;
    const school = await createSchoolApi(request, token);
    const year = defaultAcademicYear();
    const start = Number(year.slice(0, 4));
    const lastYear = `${start - 1}-${String(start % 100).padStart(2, '0')}`;
    await createClassesApi(request, token, school.id, year, ['Class 5']);
    await createSectionsApi(request, token, school.id, year, [{ className: 'Class 5', sectionNames: ['A'] }]);
    await createSubjectsApi(request, token, school.id, year, [{ className: 'Class 5', subjectNames: ['Mathematics', 'English'] }]);
    // Last year's class, for the year choice of the marks.
    await createClassesApi(request, token, school.id, lastYear, ['Class 4']);
    await createSectionsApi(request, token, school.id, lastYear, [{ className: 'Class 4', sectionNames: ['A'] }]);
    await createSubjectsApi(request, token, school.id, lastYear, [{ className: 'Class 4', subjectNames: ['Mathematics', 'English'] }]);
    await approveSchool(request, await staffToken(request), school.id);
    const s = `/schools/${school.id}`;
    const { sections } = await api<{ sections: { section: { id: string; classId: string; className: string } }[] }>(request, 'GET', `${s}/timetable`, token);
    const section = sections.find((x) => x.section.className === 'Class 5')!.section;

    // A teacher, by invitation; a child whose mother's e-mail is on the record; a notice to the school.
    const teacherEmail = newUser('gmtch').email;
    await api(request, 'POST', `${s}/invitations`, token, { email: teacherEmail, role: 'teacher', name: 'Sunita Rao' });
    const teacherTokens = await acceptInvitation(request, teacherEmail, 'gmtch');
    const parent = newUser('gmpar');
    const { student: child } = await api<{ student: { id: string } }>(request, 'POST', `${s}/students`, token, {
      firstName: 'Meera',
      lastName: 'Verma',
      dateOfBirth: '2016-05-14',
      gender: 'female',
      sectionId: section.id,
      guardians: [
        { name: 'Sunita Verma', relation: 'mother', phone: '9876543210', email: parent.email },
        { name: 'Rajesh Verma', relation: 'father', phone: '9876543211' },
      ],
    });
    const title = 'Sports day on Friday';
    await api(request, 'POST', `${s}/notices`, token, { title, body: 'Children come in their house colours.', audience: 'school', publish: true, sendEmail: false });

    // The half-yearly marks, published.
    const { classes } = await api<{ classes: { id: string; subjects: { id: string; name: string }[] }[] }>(request, 'GET', `${s}/exam-classes`, token);
    const subject = (name: string) => classes[0]!.subjects.find((x) => x.name === name)!.id;
    const { exam } = await api<{ exam: { id: string } }>(request, 'POST', `${s}/exams`, token, {
      name: 'Half-yearly examination',
      academicYear: year,
      classIds: [classes[0]!.id],
      components: [{ name: 'Written', maxMarks: 100 }],
    });
    for (const [name, marks] of [['Mathematics', 88], ['English', 45]] as const) {
      await api(request, 'PUT', `${s}/exams/${exam.id}/marks`, token, { sectionId: section.id, subjectId: subject(name), marks: [{ studentId: child.id, component: 'Written', marks }] });
    }
    await api(request, 'POST', `${s}/exams/${exam.id}/publish`, token, { allowIncomplete: true });

    // Last year the child was in Class 4 A (enrolled there, then moved up to this year's section); its annual exam, published.
    const { classes: lastClasses } = await api<{ classes: { id: string; sections: { id: string }[]; subjects: { id: string; name: string }[] }[] }>(
      request,
      'GET',
      `${s}/exam-classes?academicYear=${lastYear}`,
      token,
    );
    const four = lastClasses[0]!;
    await api(request, 'PATCH', `${s}/students/${child.id}`, token, { sectionId: four.sections[0]!.id });
    await api(request, 'PATCH', `${s}/students/${child.id}`, token, { sectionId: section.id });
    const { exam: annual } = await api<{ exam: { id: string } }>(request, 'POST', `${s}/exams`, token, {
      name: 'Annual examination',
      academicYear: lastYear,
      classIds: [four.id],
      components: [{ name: 'Written', maxMarks: 100 }],
    });
    // A closed year's marks cannot change (409 YEAR_CLOSED): last year is made current while its
    // marks are entered and published, as a school finishing last year's results would, then this year again.
    const { items: years } = await api<{ items: { id: string; name: string }[] }>(request, 'GET', `${s}/academic-years`, token);
    const yearId = (name: string) => years.find((y) => y.name === name)!.id;
    await api(request, 'POST', `${s}/academic-years/${yearId(lastYear)}/make-current`, token);
    for (const [name, marks] of [['Mathematics', 91], ['English', 77]] as const) {
      const subjectId = four.subjects.find((x) => x.name === name)!.id;
      await api(request, 'PUT', `${s}/exams/${annual.id}/marks`, token, { sectionId: four.sections[0]!.id, subjectId, marks: [{ studentId: child.id, component: 'Written', marks }] });
    }
    await api(request, 'POST', `${s}/exams/${annual.id}/publish`, token, { allowIncomplete: true });
    await api(request, 'POST', `${s}/academic-years/${yearId(year)}/make-current`, token);

    // ── the teacher's home: the notice, new; one tap opens it and records the read ──
    const teacher = await phone(browser, teacherTokens);
    await teacher.goto(`/workspace/${school.id}`);
    const board = teacher.getByTestId('notices-home-card');
    await expect(board.getByRole('heading', { name: new RegExp(NT['notices.home.title']!) })).toBeVisible();
    const item = board.getByTestId('home-notice').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(item.getByText(NT['notices.new']!, { exact: true })).toBeVisible();
    const head = item.getByRole('button', { name: new RegExp(title) });
    expect((await head.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await head.click();
    await expect(item.getByText('Children come in their house colours.')).toBeVisible();
    await expect(item).toHaveAttribute('data-unread', 'false');
    await expect(item.getByText(NT['notices.new']!, { exact: true })).toHaveCount(0);
    await docScreenshot(teacher, { path: 'docs/screens/home-notices-teacher-360-en.png', fullPage: true });
    const delivered = await api<{ items: { title: string; delivery?: { read: number } }[] }>(request, 'GET', `${s}/notices`, token);
    expect(delivered.items.find((n) => n.title === title)?.delivery?.read).toBe(1);
    await board.getByRole('link', { name: NT['notices.home.all'] }).click();
    await expect(teacher).toHaveURL(new RegExp(`/workspace/${school.id}/notices$`));
    await expect(teacher.getByRole('heading', { level: 1, name: new RegExp(NT['notices.heading']!) })).toBeVisible();

    // ── the admin invites the guardians from the student's record ──
    const office = await phone(browser, adminTokens);
    await office.goto(`/workspace/${school.id}/students/${child.id}`);
    const invite = office.getByRole('button', { name: GD['invite.action'] });
    await expect(invite).toBeVisible();
    expect((await invite.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await invite.click();
    const dialog = office.getByRole('dialog');
    const list = dialog.getByTestId('invite-guardians');
    await expect(list.locator('li').filter({ hasText: 'Rajesh Verma' })).toContainText(GD['invite.noEmailOnRecord']!);
    expect(newestMail(parent.email)).toBeNull();
    await dialog.getByRole('button', { name: GD['invite.send'] }).click();
    await expect(list.locator('li').filter({ hasText: 'Sunita Verma' })).toHaveAttribute('data-outcome', 'invited');
    await expect(list.locator('li').filter({ hasText: 'Sunita Verma' })).toContainText(GD['invite.outcome.invited']!);
    await expect(list.locator('li').filter({ hasText: 'Rajesh Verma' })).toHaveAttribute('data-outcome', 'noEmail');
    await docScreenshot(office, { path: 'docs/screens/invite-guardians-360-en.png', fullPage: true });
    // The invitation e-mail reached the mother; she makes her account from it.
    const guardianTokens = await acceptInvitation(request, parent.email, 'gmpar');
    await dialog.getByRole('button', { name: GD['invite.done'] }).click();
    await expect(dialog).toHaveCount(0);

    // ── the guardian's home: the same notice, new for her ──
    const guardian = await phone(browser, guardianTokens);
    await guardian.goto(`/workspace/${school.id}`);
    const gBoard = guardian.getByTestId('notices-home-card');
    await expect(gBoard.getByTestId('home-notice').filter({ hasText: title })).toHaveAttribute('data-unread', 'true');
    await expect(gBoard.getByTestId('notices-home-unread')).toBeVisible();
    await docScreenshot(guardian, { path: 'docs/screens/home-notices-guardian-360-en.png', fullPage: true });

    // ── the guardian's child: the published marks on screen ──
    await guardian.goto(`/workspace/${school.id}/my-children`);
    const exams = guardian.locator('[data-slot="results"]').getByTestId('published-exam');
    await expect(exams).toHaveCount(1);
    const shown = exams.first();
    await expect(shown.getByRole('heading', { name: 'Half-yearly examination' })).toBeVisible();
    const maths = shown.locator('tr[data-subject="Mathematics"]');
    await expect(maths.getByTestId('subject-marks')).toHaveText('88 / 100');
    await expect(maths.getByTestId('subject-grade')).toHaveText('A2');
    const english = shown.locator('tr[data-subject="English"]');
    await expect(english.getByTestId('subject-marks')).toHaveText('45 / 100');
    await expect(english.getByTestId('subject-grade')).toHaveText('C2');
    await expect(shown.getByTestId('exam-total')).toHaveText('133 / 200 (66.5 %)');
    await expect(shown.getByTestId('exam-result')).toHaveText(GD['results.result.pass']!);
    // Nothing wider than the phone.
    expect(await guardian.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shown.scrollIntoViewIfNeeded();
    await docScreenshot(guardian, { path: 'docs/screens/guardian-marks-360-en.png', fullPage: true });

    // ── the year choice: this year by default, last year's marks and report card on request ──
    const results = guardian.locator('[data-slot="results"]');
    const yearPicker = results.getByLabel(GD['results.year']!);
    await expect(yearPicker).toHaveValue(year);
    await expect(yearPicker.locator('option')).toHaveText([`${year} · Class 5 A`, `${lastYear} · Class 4 A`]);
    expect((await yearPicker.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await yearPicker.selectOption(lastYear);
    await expect(exams.first().getByRole('heading', { name: 'Annual examination' })).toBeVisible();
    await expect(exams).toHaveCount(1);
    await expect(exams.first().locator('tr[data-subject="Mathematics"]').getByTestId('subject-marks')).toHaveText('91 / 100');
    await expect(exams.first().getByTestId('exam-total')).toHaveText('168 / 200 (84.0 %)');
    await expect(results.getByText(GD['results.intro']!.replace('{year}', lastYear))).toBeVisible();
    const cardDownload = guardian.waitForEvent('download');
    await results.getByRole('button', { name: GD['results.downloadEn'] }).click();
    const cardFile = await cardDownload;
    expect(cardFile.suggestedFilename()).toBe(`report-card-${lastYear}-en.pdf`);
    expect(readFileSync((await cardFile.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(results.getByTestId('results-unpublished')).toHaveCount(0);
    expect(await guardian.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await yearPicker.selectOption(year);
    await expect(exams.first().getByRole('heading', { name: 'Half-yearly examination' })).toBeVisible();
  });
});
