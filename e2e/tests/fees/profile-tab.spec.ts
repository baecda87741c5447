import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import en from '../../../web/src/features/fees/i18n/en.json';
import hi from '../../../web/src/features/fees/i18n/hi.json';
import { docScreenshot } from '../../screens';

/*
 * Issue 18, the screens beyond the counter, on the real server: the school's admin opens a
 * student's profile and its "Fees" tab (dues per instalment, concessions, receipts); cancels a
 * receipt with a reason (it keeps its number, shows as cancelled, and its amount is due again);
 * adds a sibling concession on the tuition head and sees the dues drop, then removes it; follows the
 * link to the counter for this student; edits the class's fee structure on Set-up; and uses the tab
 * in Hindi at 360 px with touch-sized buttons. (A guardian never reaches the students section: the
 * workspace shell keeps them to their own nav; their child's dues and receipts are on "My children",
 * and the read routes' guardian scoping is tested in backend/test/fees.)
 */
const SCREENS = 'docs/screens';

async function call<T = any>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, token: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data as T;
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function touchSized(page: Page, name: string | RegExp) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

test('the Fees tab on a profile: cancel a receipt with a reason, add and remove a concession, the counter link, edit the structure; Hindi at 360 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await verifiedUser(request, 'feetab');
  const token = (await loginApi(request, admin)).accessToken;
  const school = await createSchoolApi(request, token);
  await approveSchool(request, await staffToken(request), school.id);
  const year = defaultAcademicYear();
  const start = Number(year.slice(0, 4));
  await createClassesApi(request, token, school.id, year, ['Class 4']);
  await createSectionsApi(request, token, school.id, year, [{ className: 'Class 4', sectionNames: ['A'] }]);
  const { classes } = await call<{ classes: { id: string; name: string; sections: { id: string }[] }[] }>(request, 'GET', `/school/classes-sections/${school.id}`, token);
  const cls = classes.find((c) => c.name === 'Class 4')!;
  const tuition = (await call(request, 'POST', `/schools/${school.id}/fee-heads`, token, { name: 'Tuition fee', tuition: true })).head.id;
  const transport = (await call(request, 'POST', `/schools/${school.id}/fee-heads`, token, { name: 'Transport', tuition: false })).head.id;
  await call(request, 'POST', `/schools/${school.id}/fee-structures`, token, {
    classId: cls.id,
    academicYear: year,
    instalments: [
      { name: 'Term 1', dueOn: `${start}-04-10`, items: [{ headId: tuition, amount: 450_000 }, { headId: transport, amount: 100_000 }] },
      { name: 'Term 2', dueOn: `${start + 1}-03-10`, items: [{ headId: tuition, amount: 450_000 }] },
    ],
  });
  const { student } = await call(request, 'POST', `/schools/${school.id}/students`, token, {
    firstName: 'Anaya',
    lastName: 'Kulkarni',
    dateOfBirth: `${start - 9}-08-21`,
    gender: 'female',
    sectionId: cls.sections[0].id,
    guardians: [{ name: 'Prakash Kulkarni', relation: 'father', phone: '9822012345' }],
  });
  const todayIst = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const { receipt } = await call(request, 'POST', `/schools/${school.id}/payments`, token, { studentId: student.id, amount: 300_000, mode: 'cash', paidOn: todayIst });

  await signInWithTokens(page, await loginApi(request, admin));
  await page.goto(`/workspace/${school.id}/students/${student.id}`);
  await page.getByRole('tab', { name: en['fees.title'] }).click();
  const tab = page.getByTestId('student-fees');
  // ₹4,500 + ₹1,000 + ₹4,500 less the ₹3,000 paid.
  await expect(tab.getByTestId('fees-balance')).toHaveText(rupees(700_000));
  await expect(tab.getByRole('row', { name: /Term 1/ })).toContainText(rupees(550_000));
  await expect(tab.getByTestId(`receipt-${receipt.number}`)).toBeVisible();
  await expect(tab.getByRole('button', { name: `${en['fees.receipts.reprint']} ${receipt.number}` })).toBeVisible();

  // Cancel the receipt: the reason is required; it keeps its number and shows as cancelled; the dues show the amount again.
  await tab.getByRole('button', { name: `${en['fees.receipts.cancel']} ${receipt.number}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(en['fees.receipts.cancelTitle'].replace('{number}', receipt.number));
  await dialog.getByRole('button', { name: en['fees.receipts.confirmCancel'] }).click();
  await expect(dialog).toContainText(en['fees.receipts.reasonRequired']);
  await dialog.getByLabel(en['fees.receipts.reason']).fill('Paid twice by mistake');
  await docScreenshot(page, { path: `${SCREENS}/fees-cancel-receipt-en.png`, fullPage: true });
  await dialog.getByRole('button', { name: en['fees.receipts.confirmCancel'] }).click();
  await expect(dialog).toBeHidden();
  const row = tab.getByTestId(`receipt-${receipt.number}`);
  await expect(row).toContainText(en['fees.counter.cancelled']);
  await expect(row).toContainText(en['fees.receipts.cancelledBecause'].replace('{reason}', 'Paid twice by mistake'));
  await expect(row.getByRole('button', { name: new RegExp(escape(en['fees.receipts.cancel'])) })).toHaveCount(0);
  await expect(tab.getByTestId('fees-balance')).toHaveText(rupees(1_000_000));
  const after = await call(request, 'GET', `/schools/${school.id}/receipts/${receipt.id}`, token);
  expect(after.receipt).toMatchObject({ number: receipt.number, status: 'cancelled', cancelReason: 'Paid twice by mistake' });

  // A sibling concession of 10 % on tuition: the dues drop by ₹900; who approved it is shown; removing it restores them.
  await tab.getByLabel(en['fees.concessions.kindLabel'], { exact: true }).selectOption('sibling');
  await tab.getByLabel(en['fees.concessions.percentLabel']).fill('10');
  // Blueprint draws the box over the input: a person taps the label.
  await tab.locator('label.fees-check', { hasText: 'Tuition fee' }).click();
  await expect(tab.getByRole('checkbox', { name: 'Tuition fee' })).toBeChecked();
  await tab.getByLabel(en['fees.concessions.note']).fill('Elder brother in Class 8');
  await tab.getByRole('button', { name: en['fees.concessions.save'] }).click();
  await expect(tab.getByTestId('fees-concession')).toHaveText(rupees(90_000));
  await expect(tab.getByTestId('fees-balance')).toHaveText(rupees(910_000));
  const concession = tab.getByTestId('concession');
  await expect(concession).toContainText(`${en['fees.concessions.kind.sibling']} · 10% · Tuition fee`);
  await expect(concession).toContainText(en['fees.concessions.approvedBy'].replace('{name}', admin.username));
  await docScreenshot(page, { path: `${SCREENS}/fees-profile-tab-en.png`, fullPage: true });
  await concession.getByRole('button', { name: new RegExp(`^${escape(en['fees.concessions.remove'])}`) }).click();
  await expect(tab.getByText(en['fees.concessions.none'])).toBeVisible();
  await expect(tab.getByTestId('fees-balance')).toHaveText(rupees(1_000_000));

  // The counter for this student, from the tab.
  await tab.getByRole('link', { name: en['fees.profile.takePayment'] }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${school.id}/fees\\?student=${student.id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(escape(en['fees.counter.dues'].replace('{name}', 'Anaya Kulkarni'))) })).toBeVisible();
  await expect(page.getByTestId('fees-balance')).toHaveText(rupees(1_000_000));

  // Set-up: edit the structure (Term 2 tuition to ₹4,000, a new Term 3 of ₹1,000 transport); the tab's dues follow.
  await page.getByRole('link', { name: en['fees.tab.setup'] }).click();
  await page.getByRole('button', { name: `${en['fees.setup.edit']}: Class 4` }).click();
  await expect(page.getByRole('heading', { name: en['fees.setup.editStructure'].replace('{name}', 'Class 4').replace('{year}', year) })).toBeVisible();
  await page.locator(`#fees-edit-amt-1-${tuition}`).fill('4000');
  await page.getByRole('button', { name: en['fees.setup.addInstalment'] }).click();
  await page.locator('#fees-edit-inst-2').fill('Term 3');
  await page.locator('#fees-edit-due-2').fill(`${start + 1}-03-20`);
  await page.locator(`#fees-edit-amt-2-${transport}`).fill('1000');
  await page.getByRole('button', { name: en['fees.setup.updateStructure'] }).click();
  await expect(page.getByText(en['fees.setup.structureUpdated'])).toBeVisible();
  const structures = await call(request, 'GET', `/schools/${school.id}/fee-structures?classId=${cls.id}`, token);
  expect(structures.items[0].instalments.map((i: any) => [i.name, i.amount])).toEqual([
    ['Term 1', 550_000],
    ['Term 2', 400_000],
    ['Term 3', 100_000],
  ]);

  // Hindi at 360 px: the tab fits the screen; its buttons are touch-sized.
  await page.goto(`/workspace/${school.id}/students/${student.id}`);
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('tab', { name: hi['fees.title'] }).click();
  await expect(page.getByTestId('student-fees').getByTestId('fees-balance')).toHaveText(/10,500\.00/);
  await touchSized(page, `${hi['fees.receipts.reprint']} ${receipt.number}`);
  await touchSized(page, hi['fees.concessions.save']);
  await touchSized(page, `${hi['fees.receipts.download']} ${receipt.number}`);
  const link = await page.getByRole('link', { name: hi['fees.profile.takePayment'] }).boundingBox();
  expect(link!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await docScreenshot(page, { path: `${SCREENS}/fees-profile-tab-hi-360.png`, fullPage: true });
});

