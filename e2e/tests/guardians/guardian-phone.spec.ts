import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { approveSchool, createClassesApi, createSchoolApi, createSectionsApi, createSubjectsApi, defaultAcademicYear, loginApi, newUser, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import { api } from '../app/support/workspace';
import { newestMail } from '../app/support/mail';
import { EN as WS_EN, msg } from '../workspace/catalogue';
import { docScreenshot } from '../../screens';

const PORT = process.env.E2E_PORT ?? '3210';
const features = join(__dirname, '..', '..', '..', 'web', 'src', 'features');
const load = (feature: string, lang: string) => JSON.parse(readFileSync(join(features, feature, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const GD = { en: load('guardian', 'en'), hi: load('guardian', 'hi') };
const NT = { en: load('notices', 'en'), hi: load('notices', 'hi') };

/** The /join link of the newest e-mail to `address`, waiting for it to arrive. */
async function invitationLink(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const link = /https?:\/\/[^\s"<>]+\/join\?token=[A-Za-z0-9_-]+/.exec(newestMail(address) ?? '')?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No invitation reached ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Issue 19 at phone width, on the real server: the office invites a child's guardian from the
 * student's record; the guardian opens the e-mail's link on the school's host, chooses a username
 * and password, sees their child (and no other), and reads the notice sent to the child's class.
 */
test.describe('a guardian on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('signs in from the invitation e-mail, sees their child, reads a notice', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const admin = await verifiedUser(request, 'gdadm');
    const { accessToken: token } = await loginApi(request, admin);
    const school = await createSchoolApi(request, token);
    const year = defaultAcademicYear();
    await createClassesApi(request, token, school.id, year, ['Class 5', 'Class 6']);
    await createSectionsApi(request, token, school.id, year, [
      { className: 'Class 5', sectionNames: ['A'] },
      { className: 'Class 6', sectionNames: ['A'] },
    ]);
    await approveSchool(request, await staffToken(request), school.id);
    const portal = `http://${school.subdomain}.localhost:${PORT}`;

    const { sections } = await api<{ sections: { section: { id: string; classId: string; className: string } }[] }>(request, 'GET', `/schools/${school.id}/timetable`, token);
    const five = sections.find((s) => s.section.className === 'Class 5')!.section;
    const six = sections.find((s) => s.section.className === 'Class 6')!.section;
    const parent = newUser('gdpar');
    const student = async (firstName: string, sectionId: string, email: string) =>
      (
        await api<{ student: { id: string } }>(request, 'POST', `/schools/${school.id}/students`, token, {
          firstName,
          lastName: 'Verma',
          dateOfBirth: '2016-05-14',
          gender: 'female',
          sectionId,
          guardians: [{ name: 'Sunita Verma', relation: 'mother', phone: '9876543210', email }],
        })
      ).student;
    const child = await student('Meera', five.id, parent.email);
    await student('Othergirl', six.id, newUser('gdoth').email);
    await api(request, 'POST', `/schools/${school.id}/students/${child.id}/guardian-invitations`, token, {});

    // The school's day, through the API: today's attendance (not on a Sunday, a holiday), a
    // published exam, the year's fees with a UPI ID, and a payment at the counter.
    const todayIst = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const marked = new Date(`${todayIst}T00:00:00Z`).getUTCDay() !== 0;
    if (marked) await api(request, 'PUT', `/schools/${school.id}/sections/${five.id}/attendance/${todayIst}`, token, { records: [{ studentId: child.id, status: 'present' }] });
    await createSubjectsApi(request, token, school.id, year, [{ className: 'Class 5', subjectNames: ['Mathematics'] }]);
    const { classes: examClasses } = await api<{ classes: { id: string; name: string; subjects: { id: string; name: string }[] }[] }>(request, 'GET', `/schools/${school.id}/exam-classes`, token);
    const examClass = examClasses.find((c) => c.name === 'Class 5')!;
    const { exam } = await api<{ exam: { id: string } }>(request, 'POST', `/schools/${school.id}/exams`, token, {
      name: 'Half-yearly examination',
      academicYear: year,
      classIds: [examClass.id],
      components: [{ name: 'Written', maxMarks: 100 }],
    });
    await api(request, 'PUT', `/schools/${school.id}/exams/${exam.id}/marks`, token, {
      sectionId: five.id,
      subjectId: examClass.subjects[0]!.id,
      marks: [{ studentId: child.id, component: 'Written', marks: 88 }],
    });
    await api(request, 'POST', `/schools/${school.id}/exams/${exam.id}/publish`, token, { allowIncomplete: true });
    const start = Number(year.slice(0, 4));
    const { head } = await api<{ head: { id: string } }>(request, 'POST', `/schools/${school.id}/fee-heads`, token, { name: 'Tuition fee', tuition: true });
    await api(request, 'POST', `/schools/${school.id}/fee-structures`, token, {
      classId: five.classId,
      academicYear: year,
      instalments: [
        { name: 'Quarter 1', dueOn: `${start}-04-10`, items: [{ headId: head.id, amount: 450_000 }] },
        { name: 'Quarter 2', dueOn: `${start + 1}-03-10`, items: [{ headId: head.id, amount: 450_000 }] },
      ],
    });
    await api(request, 'PUT', `/schools/${school.id}/fees/settings`, token, { upiId: 'sunrise@sbi', upiName: 'Sunrise Public School' });
    const { receipt } = await api<{ receipt: { id: string; number: string } }>(request, 'POST', `/schools/${school.id}/payments`, token, { studentId: child.id, amount: 250_000, mode: 'cash', paidOn: todayIst });
    const title = 'Annual day on 20 December';
    await api(request, 'POST', `/schools/${school.id}/notices`, token, { title, body: 'Parents are welcome at 10 am.', audience: 'classes', classIds: [five.classId], publish: true });
    await api(request, 'POST', `/schools/${school.id}/notices`, token, { title: 'Class 6 trip', body: 'Not for Class 5.', audience: 'classes', classIds: [six.classId], publish: true });

    // The guardian opens the link from the e-mail on a phone and chooses a username and password.
    const link = await invitationLink(parent.email);
    expect(new URL(link).host).toBe(`${school.subdomain}.localhost:${PORT}`);
    const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: msg(WS_EN, 'join.heading', { school: school.name }) })).toBeVisible();
    await page.getByLabel(WS_EN['join.username']!).fill(parent.username);
    await page.getByLabel(WS_EN['join.password']!, { exact: true }).fill(parent.password);
    await page.getByRole('button', { name: WS_EN['join.submit'] }).click();
    await expect(page).toHaveURL(`${portal}/workspace/${school.id}`);

    // Their child, and no other.
    await page.getByRole('button', { name: WS_EN['shell.openMenu'] }).click();
    await page.locator('.ws-drawer').getByRole('link', { name: WS_EN['nav.myChildren'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: GD.en['children.heading'] })).toBeVisible();
    await expect(page.getByTestId('child-details').getByRole('heading', { name: 'Meera Verma' })).toBeVisible();
    await expect(page.getByTestId('child-details')).toContainText('Class 5 A');
    await expect(page.getByText('Othergirl')).toHaveCount(0);
    await expect(page.getByText(title)).toBeVisible();

    // Attendance: today's mark and the running percentage against 75 %.
    const attendance = page.locator('[data-slot="attendance"]');
    await expect(attendance).toBeVisible();
    if (marked) {
      // The page's "today" is the school's day when it loaded: a run that crosses midnight IST after
      // marking sees the new day, rightly not marked yet; the marked day's cell is still checked.
      const loadedOn = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
      if (loadedOn === todayIst) await expect(attendance.getByTestId('attendance-today')).toHaveText(GD.en['attendance.status.present']!);
      await expect(attendance.getByTestId('attendance-percentage')).toHaveText(msg(GD.en, 'attendance.percent', { pct: '100.0' }));
      await expect(attendance.locator(`[data-date="${todayIst}"]`)).toHaveAttribute('data-status', 'present');
    }

    // Dues: Quarter 1 partly paid (₹4,500 − ₹2,500), the UPI QR for it, and the receipt.
    const dues = page.locator('[data-slot="dues"]');
    await expect(dues.locator('[data-instalment]').first()).toContainText('Quarter 1');
    await expect(dues.locator('[data-instalment]').first().getByTestId('instalment-balance')).toHaveText('₹2,000.00');
    await expect(dues.getByTestId('dues-balance')).toHaveText('₹6,500.00');
    await expect(dues.getByTestId('upi-qr').locator('img')).toBeVisible();
    const receiptButton = dues.getByRole('button', { name: msg(GD.en, 'dues.downloadReceipt', { number: receipt.number }) });
    const box = await receiptButton.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    const receiptDownload = page.waitForEvent('download');
    await receiptButton.click();
    const receiptFile = await receiptDownload;
    expect(receiptFile.suggestedFilename()).toBe(`receipt-${receipt.number.replace(/\//g, '-')}.pdf`);
    expect(readFileSync((await receiptFile.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    // The guardian's copy is not the school's print: the office's first print stays the original.
    await expect(dues.getByTestId('receipt-copy-note')).toHaveText(GD.en['dues.receiptCopy']!);
    expect((await api<{ receipt: { printCount: number } }>(request, 'GET', `/schools/${school.id}/receipts/${receipt.id}`, token)).receipt.printCount).toBe(0);

    // Results: the published report card, downloaded with the guardian's sign-in.
    const results = page.locator('[data-slot="results"]');
    const cardDownload = page.waitForEvent('download');
    await results.getByRole('button', { name: GD.en['results.downloadEn'] }).click();
    const cardFile = await cardDownload;
    expect(cardFile.suggestedFilename()).toBe(`report-card-${year}-en.pdf`);
    expect(readFileSync((await cardFile.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(results.getByTestId('results-unpublished')).toHaveCount(0);
    await docScreenshot(page, { path: 'docs/screens/guardian-child-360-en.png', fullPage: true });

    // The notice board: the class's notice, not the other class's; reading it clears "new".
    await page.getByRole('link', { name: GD.en['notices.all'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(NT.en['notices.heading']!) })).toBeVisible();
    await expect(page.getByText('Class 6 trip')).toHaveCount(0);
    const card = page.getByTestId('notice').filter({ hasText: title });
    await expect(card.getByText(NT.en['notices.new']!, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: new RegExp(title) }).click();
    await expect(card.getByText('Parents are welcome at 10 am.')).toBeVisible();
    await expect(card.getByText(NT.en['notices.new']!, { exact: true })).toHaveCount(0);
    await docScreenshot(page, { path: 'docs/screens/notices-360-en.png', fullPage: true });
    const notices = await api<{ items: { title: string; delivery?: { read: number } }[] }>(request, 'GET', `/schools/${school.id}/notices`, token);
    expect(notices.items.find((n) => n.title === title)?.delivery?.read).toBe(1);

    // The same in Hindi: the account's language (as the language switch saves it), on the next load.
    const guardianToken = (await page.evaluate(() => localStorage.getItem('vidyalaya_access_token')))!;
    const pref = await request.fetch('/api/v1/me/preferences', { method: 'PATCH', data: { language: 'hi' }, headers: { authorization: `Bearer ${guardianToken}` } });
    expect(pref.status()).toBe(200);
    // The next visit: the document asks for the child this page last showed (its record, attendance and
    // section's timetable) in its one first request, and the page asks for none of them again.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const first = page.waitForRequest((r) => r.url().endsWith('/api/v1/batch'));
    await page.goto(`${portal}/workspace/${school.id}/my-children`);
    const S = `/api/v1/schools/${school.id}`;
    expect((await first).postDataJSON().paths).toEqual(expect.arrayContaining([`${S}/students/${child.id}`, `${S}/students/${child.id}/attendance`, `${S}/sections/${five.id}/timetable`]));
    await expect(page.getByRole('heading', { level: 1, name: GD.hi['children.heading'] })).toBeVisible();
    await expect(page.getByTestId('attendance-percentage')).toBeVisible();
    for (const path of [`${S}/students/${child.id}`, `${S}/students/${child.id}/attendance`, `${S}/sections/${five.id}/timetable`]) expect(sent, path).not.toContain(`GET ${path}`);
    await expect(page.getByTestId('dues-balance')).toHaveText('₹6,500.00');
    await expect(page.getByRole('button', { name: GD.hi['results.downloadHi'] })).toBeVisible();
    await docScreenshot(page, { path: 'docs/screens/guardian-child-360-hi.png', fullPage: true });
    await page.goto(`${portal}/workspace/${school.id}/notices`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(NT.hi['notices.heading']!) })).toBeVisible();
    await docScreenshot(page, { path: 'docs/screens/notices-360-hi.png', fullPage: true });
  });
});

test('the office writes a notice to a class from the notice board (desktop)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await verifiedUser(request, 'ntadm');
  const tokens = await loginApi(request, admin);
  const school = await createSchoolApi(request, tokens.accessToken);
  const year = defaultAcademicYear();
  await createClassesApi(request, tokens.accessToken, school.id, year, ['Class 5', 'Class 6']);
  await createSectionsApi(request, tokens.accessToken, school.id, year, [{ className: 'Class 5', sectionNames: ['A', 'B'] }]);
  await approveSchool(request, await staffToken(request), school.id);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithTokens(page, tokens);
  await page.goto(`/workspace/${school.id}/notices`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(NT.en['notices.heading']!) })).toBeVisible();
  await expect(page.getByText(NT.en['notices.emptyTitle']!)).toBeVisible();
  await page.getByRole('button', { name: NT.en['notices.write'] }).click();
  await page.getByLabel(NT.en['notices.title']!).fill('Parent–teacher meeting');
  await page.getByLabel(NT.en['notices.body']!, { exact: true }).fill('Saturday, 9 am to 1 pm, in the classrooms.');
  await page.getByLabel(NT.en['notices.audienceLabel']!).selectOption('classes');
  await page.getByText('Class 5', { exact: true }).click();
  await page.getByText(NT.en['notices.sendEmail']!).click();
  await docScreenshot(page, { path: 'docs/screens/notices-compose-desktop-en.png', fullPage: true });
  await page.getByRole('button', { name: NT.en['notices.send'] }).click();
  const card = page.getByTestId('notice').filter({ hasText: 'Parent–teacher meeting' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Class 5', { exact: true })).toBeVisible();
  const list = await api<{ items: { title: string; audience: string; status: string; targetNames: string[] }[] }>(request, 'GET', `/schools/${school.id}/notices`, tokens.accessToken);
  expect(list.items).toEqual([expect.objectContaining({ title: 'Parent–teacher meeting', audience: 'classes', status: 'published', targetNames: ['Class 5'] })]);
  await docScreenshot(page, { path: 'docs/screens/notices-desktop-en.png', fullPage: true });

  // The office's side of data rights: a correction request answered from the queue.
  const { sections } = await api<{ sections: { section: { id: string } }[] }>(request, 'GET', `/schools/${school.id}/timetable`, tokens.accessToken);
  const { student } = await api<{ student: { id: string } }>(request, 'POST', `/schools/${school.id}/students`, tokens.accessToken, {
    firstName: 'Kabir',
    lastName: 'Singh',
    dateOfBirth: '2016-02-01',
    gender: 'male',
    sectionId: sections[0]!.section.id,
    guardians: [{ name: 'Harpreet Singh', relation: 'father', phone: '9876500000' }],
  });
  await api(request, 'POST', `/schools/${school.id}/students/${student.id}/data-requests`, tokens.accessToken, { message: 'The surname is Singh Bedi.' });
  await page.goto(`/workspace/${school.id}/data-requests`);
  const item = page.getByTestId('data-request').filter({ hasText: 'The surname is Singh Bedi.' });
  await expect(item).toBeVisible();
  await docScreenshot(page, { path: 'docs/screens/data-requests-desktop-en.png', fullPage: true });
  await item.getByRole('button', { name: GD.en['office.resolve'] }).click();
  await expect(page.getByText(GD.en['office.noRequests']!)).toBeVisible();
});
