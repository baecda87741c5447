import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, PASSWORD, approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, newUser, staffToken, verifiedUser } from '../app/support/api';
import { newestMail } from '../app/support/mail';
import { api } from '../app/support/workspace';
import { pdfText } from '../../../backend/test/exams/pdf-text';
import { pdfQrCodes } from '../../../backend/test/certificates/pdf-qr';
import { docScreenshot } from '../../screens';

/**
 * Issue 30 "Done when", end to end on the real server: the office opens a leaver's record, issues
 * a transfer certificate, prints it twice (the first the original, the second marked DUPLICATE),
 * the QR code printed on it is read back and a phone (360 px) opens that address and sees the
 * certificate issued, in English and Hindi. The class teacher sees no certificate action on a
 * record. The office then issues the class's other leaver's TC in bulk from the register, in Hindi
 * at 360 px, and once the admin publishes the TC list the school's page leads to it (initials
 * only). Screenshots go to docs/screens/.
 */
const ROOT = join(__dirname, '..', '..', '..');
const SCREENS = join(ROOT, 'docs', 'screens');
const catalogue = (feature: string, lang: 'en' | 'hi') => JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'features', feature, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const EN = catalogue('certificates', 'en');
const HI = catalogue('certificates', 'hi');
const WS = catalogue('workspace', 'en');

/** Invites a member by e-mail and accepts the invitation with a new account. */
async function member(request: APIRequestContext, token: string, schoolId: string, role: 'teacher' | 'office', name: string) {
  const person = newUser(role.slice(0, 3));
  await api(request, 'POST', `/schools/${schoolId}/invitations`, token, { email: person.email, role, name });
  const deadline = Date.now() + 15_000;
  let link: string | undefined;
  while (!link) {
    link = /\/join\?token=([A-Za-z0-9_-]+)/.exec(newestMail(person.email) ?? '')?.[1];
    if (!link && Date.now() > deadline) throw new Error(`no invitation reached ${person.email}`);
    if (!link) await new Promise((r) => setTimeout(r, 200));
  }
  const res = await request.post(`${API}/invitations/accept`, { data: { token: link, username: person.username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const { user } = await loginApi(request, person);
  return { ...person, id: user.id };
}

async function signIn(browser: Browser, portal: string, username: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 760 : 900 }, isMobile: width < 500, hasTouch: width < 500 });
  const page = await context.newPage();
  await page.goto(`${portal}/sign-in`);
  await page.getByLabel(WS['signIn.username']!).fill(username);
  await page.getByLabel(WS['signIn.password']!, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: WS['signIn.submit'] }).click();
  await expect(page).toHaveURL(/\/workspace\//);
  return page;
}

/**
 * Clicks a print button and answers the PDF the app fetched for it (taken on its way to the page,
 * which opens it in a new tab; the tab is closed).
 */
async function print(page: Page, button: string): Promise<Buffer> {
  let bytes: Buffer | null = null;
  const pattern = /\/certificates\/[^/]+\/pdf\?lang=/;
  await page.route(pattern, async (route) => {
    // Node does not resolve *.localhost as the browser does: the same call, to the same server, by localhost.
    const url = new URL(route.request().url());
    url.hostname = 'localhost';
    const response = await route.fetch({ url: url.toString() });
    expect(response.status()).toBe(200);
    bytes = await response.body();
    await route.fulfill({ response, body: bytes });
  });
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => bytes?.length ?? 0).toBeGreaterThan(1000);
  await page.unroute(pattern);
  for (const p of page.context().pages()) if (p !== page) await p.close();
  return bytes!;
}

const todayIst = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

test('the office issues a TC for a leaver, prints it twice (DUPLICATE), a phone opens its QR address; bulk for the class in Hindi at 360 px', async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await verifiedUser(request, 'tcadm');
  const { accessToken } = await loginApi(request, admin);
  const school = await createSchoolApi(request, accessToken, { board: 'CBSE', affiliationNumber: '2130456', principalName: 'Dr. Meera Iyer' });
  await approveSchool(request, await staffToken(request), school.id);
  const year = defaultAcademicYear();
  await createClassesApi(request, accessToken, school.id, year, ['Class 10']);
  await createSectionsApi(request, accessToken, school.id, year, [{ className: 'Class 10', sectionNames: ['A'] }]);
  const { classes } = await api<{ classes: { name: string; sections: { id: string; name: string }[] }[] }>(request, 'GET', `/school/classes-sections/${school.id}`, accessToken);
  const sectionId = classes.find((c) => c.name === 'Class 10')!.sections[0].id;
  const ids: Record<string, string> = {};
  for (const [firstName, lastName] of [
    ['Ravi', 'Kumar'],
    ['Sita', 'Devi'],
  ] as const) {
    const { student } = await api(request, 'POST', `/schools/${school.id}/students`, accessToken, {
      firstName,
      lastName,
      dateOfBirth: '2010-05-14',
      gender: firstName === 'Ravi' ? 'male' : 'female',
      sectionId,
      guardians: [{ name: `Mohan ${lastName}`, relation: 'father', phone: '9876543210' }],
    });
    ids[firstName] = student.id;
  }
  // Both leave; Ravi's TC is issued from his record, Sita's in bulk from the register.
  for (const who of ['Ravi', 'Sita']) {
    await api(request, 'PATCH', `/schools/${school.id}/students/${ids[who]}`, accessToken, { status: 'left', leftOn: todayIst(), leavingReason: 'Family moved to Lucknow' });
  }
  const office = await member(request, accessToken, school.id, 'office', 'Kavita Joshi');
  const teacher = await member(request, accessToken, school.id, 'teacher', 'Meena Iyer');
  const { staff } = await api<{ staff: { id: string } }>(request, 'POST', `/schools/${school.id}/staff`, accessToken, { employeeCode: 'T001', name: 'Meena Iyer', userId: teacher.id });
  await api(request, 'PUT', `/schools/${school.id}/sections/${sectionId}/class-teacher`, accessToken, { staffId: staff.id });
  const portal = `http://${school.subdomain}.localhost:${new URL(baseURL!).port}`;

  // The class teacher reads Ravi's record but has no certificate action on it.
  const teacherPage = await signIn(browser, portal, teacher.username, 1100);
  await teacherPage.goto(`${portal}/workspace/${school.id}/students/${ids.Ravi}`);
  await expect(teacherPage.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible({ timeout: 30_000 });
  await expect(teacherPage.getByTestId('certificates-action')).toHaveCount(0);
  await teacherPage.context().close();

  // The office: the record's Certificates action; a TC is the choice for a leaver.
  const page = await signIn(browser, portal, office.username, 1100);
  await page.goto(`${portal}/workspace/${school.id}/students/${ids.Ravi}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('certificates-action').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(EN['cert.kind']!, { exact: true })).toHaveValue('transfer');
  await dialog.getByLabel(EN['cert.field.conduct']!).fill('Very good');
  await dialog.getByLabel(EN['cert.field.games']!).fill('Cricket');
  await docScreenshot(page, { path: join(SCREENS, 'certificates-issue-tc-en.png') });
  await dialog.getByRole('button', { name: EN['cert.issue'], exact: true }).click();
  const number = `TC/${year}/0001`;
  await expect(page.getByTestId('certificate-issued')).toHaveText(EN['cert.issued']!.replace('{number}', number));

  // Printed twice: the original, then a DUPLICATE.
  const first = await print(page, EN['cert.print']!);
  const text = await pdfText(first);
  expect(text).toContain('TRANSFER CERTIFICATE');
  expect(text).toContain(number);
  expect(text).toContain('Ravi Kumar');
  expect(text).toContain('2130456');
  expect(text).toContain('Very good');
  expect(text).not.toContain('DUPLICATE');
  const second = await print(page, EN['cert.print']!);
  expect(await pdfText(second)).toContain('DUPLICATE');
  await docScreenshot(page, { path: join(SCREENS, 'certificates-issued-en.png') });

  // The QR code on the certificate, read from the PDF: the school portal's verification address.
  const [address] = await pdfQrCodes(first);
  expect(address).toMatch(new RegExp(`^${portal.replace(/[.]/g, '\\.')}/verify/[A-Za-z0-9_-]{22}$`));

  // A phone opens it: issued, in English, then in Hindi.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
  await phone.goto(address);
  await expect(phone.getByTestId('verify-result')).toHaveAttribute('data-status', 'issued');
  await expect(phone.getByTestId('verify-result')).toHaveText(EN['cert.verify.valid']!);
  await expect(phone.getByText(number)).toBeVisible();
  await expect(phone.getByText('Ravi K.')).toBeVisible();
  await expect(phone.getByText('Ravi Kumar')).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await docScreenshot(phone, { path: join(SCREENS, 'certificates-verify-360-en.png'), fullPage: true });
  await phone.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: HI['cert.verify.title'] })).toBeVisible();
  await expect(phone.getByTestId('verify-result')).toHaveText(HI['cert.verify.valid']!);
  await docScreenshot(phone, { path: join(SCREENS, 'certificates-verify-360-hi.png'), fullPage: true });
  await phone.context().close();
  await page.context().close();

  // The register at 360 px in Hindi: Class 10's leavers, Ravi's TC shown, Sita's issued in bulk.
  // (The language is chosen at desktop width, where the switch is in the top bar, then the window narrows.)
  const small = await signIn(browser, portal, office.username, 1000);
  await small.goto(`${portal}/workspace/${school.id}/certificates`);
  await small.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(small.getByRole('heading', { level: 2, name: HI['cert.leavers.title'] })).toBeVisible({ timeout: 30_000 });
  await small.setViewportSize({ width: 360, height: 760 });
  await small.getByLabel(HI['cert.leavers.class']!, { exact: true }).selectOption({ label: `Class 10 (${year})` });
  const table = small.getByTestId('leavers-table');
  await expect(table.getByRole('row', { name: /Ravi Kumar/ })).toContainText(number);
  await expect(table.getByRole('row', { name: /Sita Devi/ })).toContainText(HI['cert.leavers.ready']!);
  const issueButton = small.getByTestId('leavers-issue');
  expect((await issueButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await issueButton.click();
  const result = small.getByTestId('leavers-result');
  await expect(result).toContainText(`TC/${year}/0002 · Sita Devi`);
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await result.scrollIntoViewIfNeeded();
  await docScreenshot(small, { path: join(SCREENS, 'certificates-leavers-360-hi.png'), fullPage: true });
  await small.context().close();

  // The admin publishes the TC list: the school's page links to it; names only as initials.
  await api(request, 'PUT', `/schools/${school.id}/certificates/settings`, accessToken, { publishTcList: true });
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
  await visitor.goto(`${portal}/`);
  await visitor.getByTestId('portal-tc-list').getByRole('link').click();
  await expect(visitor).toHaveURL(`${portal}/transfer-certificates`);
  const list = visitor.getByTestId('published-list');
  await expect(list.getByRole('row', { name: new RegExp(number) })).toContainText('R. K.');
  await expect(list.getByRole('row', { name: new RegExp(`TC/${year}/0002`) })).toContainText('S. D.');
  await expect(visitor.getByText('Ravi')).toHaveCount(0);
  await docScreenshot(visitor, { path: join(SCREENS, 'certificates-published-360-en.png'), fullPage: true });
  await visitor.context().close();
});
