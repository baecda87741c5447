import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, signInWithTokens, staffToken, verifiedUser, type Tokens } from '../app/support/api';
import { invitationToken } from '../app/support/workspace';
import en from '../../../web/src/features/fees/i18n/en.json';
import hi from '../../../web/src/features/fees/i18n/hi.json';
import { fullChromium } from '../../browser';
import { docScreenshot } from '../../screens';

/*
 * Issue 18 "Done when": on the real server, the school's accountant (invited by e-mail) finds a
 * student at the counter, sees the dues and the UPI QR, collects a part payment by UPI and opens the
 * receipt PDF; the day book shows it and the defaulters list shrinks by what was paid.
 */
// The receipt opens in the browser's PDF viewer, which the headless shell does not have (e2e/browser.ts).
test.use({ launchOptions: fullChromium() });

const SCREENS = 'docs/screens';

async function call<T = any>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, token: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data as T;
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

test('the accountant collects a part payment by UPI, opens the receipt; the day book shows it; the defaulters list shrinks', async ({ page, request }) => {
  test.setTimeout(180_000);
  // A school with Class 5 A, a tuition head and a quarterly structure (the first quarter already due), a UPI ID.
  const admin = await verifiedUser(request, 'feesadm');
  const adminTokens = await loginApi(request, admin);
  const token = adminTokens.accessToken;
  const school = await createSchoolApi(request, token);
  await approveSchool(request, await staffToken(request), school.id);
  const year = defaultAcademicYear();
  const start = Number(year.slice(0, 4));
  await createClassesApi(request, token, school.id, year, ['Class 5']);
  await createSectionsApi(request, token, school.id, year, [{ className: 'Class 5', sectionNames: ['A'] }]);
  const { classes } = await call<{ classes: { id: string; name: string; sections: { id: string }[] }[] }>(request, 'GET', `/school/classes-sections/${school.id}`, token);
  const cls = classes.find((c) => c.name === 'Class 5')!;
  const tuition = (await call(request, 'POST', `/schools/${school.id}/fee-heads`, token, { name: 'Tuition fee', tuition: true })).head.id;
  await call(request, 'POST', `/schools/${school.id}/fee-structures`, token, {
    classId: cls.id,
    academicYear: year,
    instalments: [
      { name: 'Quarter 1', dueOn: `${start}-04-10`, items: [{ headId: tuition, amount: 450_000 }] },
      { name: 'Quarter 2', dueOn: `${start + 1}-03-10`, items: [{ headId: tuition, amount: 450_000 }] },
    ],
  });
  await call(request, 'PUT', `/schools/${school.id}/fees/settings`, token, { upiId: 'sunrise@sbi', upiName: 'Sunrise Public School' });
  const { student } = await call(request, 'POST', `/schools/${school.id}/students`, token, {
    firstName: 'Ishaan',
    lastName: 'Verma',
    dateOfBirth: `${start - 10}-06-01`,
    gender: 'male',
    sectionId: cls.sections[0].id,
    guardians: [{ name: 'Neha Verma', relation: 'mother', phone: '9876501234' }],
  });

  // The accountant joins from the invitation e-mail.
  const email = `accounts.${Date.now()}@example.test`;
  await call(request, 'POST', `/schools/${school.id}/invitations`, token, { email, role: 'accountant', name: 'Kiran Accounts' });
  const username = `kiran${Date.now().toString(36)}`;
  const password = 'Ganga#Office2025';
  const accepted = await request.post(`${API}/invitations/accept`, { data: { token: await invitationToken(email), username, password } });
  expect(accepted.ok()).toBe(true);
  const tokens: Tokens = await loginApi(request, { username, password });
  await signInWithTokens(page, tokens);
  const base = `/workspace/${school.id}/fees`;

  // Before: one defaulter owing the first quarter (₹4,500.00).
  await page.goto(`${base}/defaulters`);
  await expect(page.getByTestId('defaulters-summary')).toHaveText(en['fees.defaulters.totalDue'].replace('{count}', '1').replace('{amount}', rupees(450_000)));

  // The counter: find by admission number, see the dues, show the UPI QR, collect ₹1,500 by UPI.
  await page.getByRole('link', { name: en['fees.tab.counter'] }).click();
  await page.getByLabel(en['fees.counter.search']).fill(student.admissionNumber);
  await page.getByRole('button', { name: new RegExp(`Ishaan Verma`) }).click();
  await expect(page.getByRole('heading', { name: new RegExp(en['fees.counter.dues'].replace('{name}', 'Ishaan Verma')) })).toBeVisible();
  await expect(page.getByTestId('fees-balance')).toHaveText(rupees(900_000));
  await page.getByRole('button', { name: en['fees.counter.upi'] }).click();
  const qr = page.locator('img.fees-qr');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('alt')).toMatch(/^upi:\/\/pay\?pa=sunrise%40sbi&pn=Sunrise%20Public%20School&am=4500\.00&tr=/);
  await page.getByLabel(en['fees.counter.amountLabel']).fill('1500');
  await page.getByLabel(en['fees.counter.mode']).selectOption('upi');
  await page.getByLabel(en['fees.counter.reference']).fill('UTR 4021 7788 1234');
  await docScreenshot(page, { path: `${SCREENS}/fees-counter-en.png`, fullPage: true });
  await page.getByRole('button', { name: en['fees.counter.collect'] }).click();
  await expect(page.getByTestId('fees-balance')).toHaveText(rupees(750_000));
  const receiptButton = page.getByRole('button', { name: new RegExp(`${en['fees.counter.openReceipt'].replace(/[()]/g, '\\$&')} · \\d{4}-\\d{2}/000001`) });
  await expect(receiptButton).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent('popup'), receiptButton.click()]);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  const receipts = await call(request, 'GET', `/schools/${school.id}/receipts?studentId=${student.id}`, tokens.accessToken);
  expect(receipts.items[0]).toMatchObject({ amount: 150_000, mode: 'upi', reference: 'UTR 4021 7788 1234', printCount: 1 });
  expect(receipts.items[0].number).toMatch(/^\d{4}-\d{2}\/000001$/);

  // The day book of today shows the receipt and ₹1,500.00 by UPI.
  await page.getByRole('link', { name: en['fees.tab.dayBook'] }).click();
  await expect(page.getByTestId('day-book-total')).toHaveText(rupees(150_000));
  await expect(page.getByRole('cell', { name: receipts.items[0].number })).toBeVisible();
  await docScreenshot(page, { path: `${SCREENS}/fees-day-book-en.png`, fullPage: true });

  // The defaulters list shrinks by what was paid.
  await page.getByRole('link', { name: en['fees.tab.defaulters'] }).click();
  await expect(page.getByTestId('defaulters-summary')).toHaveText(en['fees.defaulters.totalDue'].replace('{count}', '1').replace('{amount}', rupees(300_000)));
  await docScreenshot(page, { path: `${SCREENS}/fees-defaulters-en.png`, fullPage: true });

  // Hindi, at 360 px: the same counter, touch-sized.
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: hi['fees.title'] })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('link', { name: hi['fees.tab.counter'] }).click();
  await page.getByLabel(hi['fees.counter.search']).fill('Ishaan');
  await page.getByRole('button', { name: /Ishaan Verma/ }).click();
  await expect(page.getByTestId('fees-balance')).toHaveText(/7,500\.00/);
  const collect = page.getByRole('button', { name: hi['fees.counter.collect'] });
  expect((await collect.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await docScreenshot(page, { path: `${SCREENS}/fees-counter-hi-360.png`, fullPage: true });
});
