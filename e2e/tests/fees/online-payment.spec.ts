import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, newUser, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import { newestMail } from '../app/support/mail';
import { EN as WS_EN } from '../workspace/catalogue';
import gdEn from '../../../web/src/features/guardian/i18n/en.json';
import { createHmac } from 'node:crypto';
import feesEn from '../../../web/src/features/fees/i18n/en.json';
import en from '../../../web/src/features/online-payments/i18n/en.json';
import hi from '../../../web/src/features/online-payments/i18n/hi.json';
import { fullChromium } from '../../browser';
import { docScreenshot } from '../../screens';

/*
 * Issue 32 in the browser: the office makes a pay link from the student's record (copy, WhatsApp);
 * a guardian opens it on a 360 px phone without signing in, in English and then in Hindi, pays
 * through Razorpay Checkout — here the local stand-in that e2e/serve.mjs starts
 * (e2e/razorpay-stand-in.mjs): its frame captures the payment and hands the page
 * razorpay_payment_id, razorpay_order_id and the HMAC-SHA256 signature Razorpay would — and sees the
 * receipt's number; the accountant then finds the online receipts in the day book.
 */
// The pay link is copied to the clipboard, which the headless shell does not take (e2e/browser.ts).
test.use({ launchOptions: fullChromium() });

async function call<T = any>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, token: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data as T;
}

test('a guardian pays from the office’s pay link on a phone, in English and Hindi, and sees the receipt', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const admin = await verifiedUser(request, 'pay32');
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
  await call(request, 'POST', `/schools/${school.id}/fee-structures`, token, {
    classId: cls.id,
    academicYear: year,
    instalments: [
      { name: 'Quarter 1', dueOn: `${start}-04-10`, items: [{ headId: tuition, amount: 1_250_000 }] },
      { name: 'Quarter 2', dueOn: `${start + 1}-03-10`, items: [{ headId: tuition, amount: 1_100_000 }] },
      { name: 'Quarter 3', dueOn: `${start + 1}-03-20`, items: [{ headId: tuition, amount: 900_000 }] },
    ],
  });
  const parent = newUser('pay32gd');
  const { student } = await call(request, 'POST', `/schools/${school.id}/students`, token, {
    firstName: 'Kavya',
    lastName: 'Menon',
    dateOfBirth: `${start - 9}-08-15`,
    gender: 'female',
    sectionId: cls.sections[0].id,
    guardians: [{ name: 'Lakshmi Menon', relation: 'mother', phone: '9812345678', email: parent.email }],
  });
  // The school's own Razorpay test keys (the stand-in takes any key and signs with its secret).
  const gateway = await call(request, 'PUT', `/schools/${school.id}/payments-gateway`, token, { provider: 'razorpay', keyId: 'rzp_test_StandIn0032', keySecret: 'stand-in key secret 32', webhookSecret: 'stand-in webhook secret 32' });
  expect(gateway).toMatchObject({ provider: 'razorpay', testMode: true, keySecretSet: true });

  await signInWithTokens(page, await loginApi(request, admin));
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const guardian = await phone.newPage();
  const receipts: string[] = [];
  let lastLink = '';

  for (const [lang, m, instalment, rupees] of [
    ['en', en, 'Quarter 1', '₹12,500.00'],
    ['hi', hi, 'Quarter 2', '₹11,000.00'],
  ] as const) {
    // The office: "Pay link" on the student's record makes the link, to copy or share on WhatsApp.
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto(`/workspace/${school.id}/students/${student.id}`);
    if (lang === 'hi') {
      await page.getByRole('button', { name: 'हिन्दी' }).first().click();
    }
    await page.getByRole('button', { name: m['link.action'] }).click();
    const dialog = page.getByRole('dialog');
    const url = await dialog.getByTestId('pay-link-url').inputValue();
    expect(url).toMatch(new RegExp(`^http://${school.subdomain}\\.localhost:\\d+/pay/[A-Za-z0-9._~-]+$`));
    await expect(dialog.getByText(new RegExp(`^${m['link.validUntil'].replace('{date}', '\\d{2}/\\d{2}/\\d{4}')}$`))).toBeVisible();
    const share = new URL((await dialog.getByTestId('pay-link-whatsapp').getAttribute('href'))!);
    expect(share.origin + share.pathname).toBe('https://wa.me/919812345678');
    expect(share.searchParams.get('text')).toContain(url);
    expect(share.searchParams.get('text')).toContain('Kavya Menon');
    await dialog.getByRole('button', { name: m['link.copy'], exact: true }).click();
    await expect(dialog.getByRole('button', { name: m['link.copied'], exact: true })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await docScreenshot(page, { path: `docs/screens/online-payment-pay-link-office-${lang}-360.png` });
    await dialog.getByRole('button', { name: m['link.done'], exact: true }).click();

    // The guardian, not signed in, on a phone: only this child's dues.
    lastLink = url;
    await guardian.goto(url);
    if (lang === 'hi') await guardian.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(guardian.getByTestId('pay-link-student')).toHaveText(m['pay.forChildClass'].replace('{name}', 'Kavya Menon').replace('{className}', 'Class 4 A'));
    await expect(guardian.getByTestId('pay-panel')).toBeVisible();
    await expect(guardian.getByText(m['gateway.testMode'])).toBeVisible();
    if (lang === 'hi') {
      // Quarter 1 was paid in English; Quarter 2 is not due yet, so it starts unticked.
      await expect(guardian.getByText('Quarter 1')).toHaveCount(0);
      await guardian.getByText(instalment).click();
    }
    await expect(guardian.getByTestId('pay-total')).toHaveText(m['pay.total'].replace('{amount}', rupees));
    expect(await guardian.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const payButton = guardian.getByTestId('pay-online');
    expect((await payButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await docScreenshot(guardian, { path: `docs/screens/online-payment-pay-link-${lang}-360.png`, fullPage: true });
    await payButton.click();

    // Checkout (the stand-in's frame): pay by UPI.
    const checkout = guardian.frameLocator('iframe[name="razorpay-checkout-frame"]');
    await expect(checkout.getByTestId('standin-amount')).toHaveText(rupees);
    await docScreenshot(guardian, { path: `docs/screens/online-payment-checkout-${lang}-360.png` });
    await checkout.getByRole('button', { name: `Pay ${rupees} by UPI` }).click();

    const done = guardian.getByTestId('pay-done');
    await expect(done).toContainText(m['pay.done'].replace('{amount}', rupees));
    const number = ((await guardian.getByTestId('pay-receipt-number').textContent()) ?? '').match(/\d[\w/-]*$/)?.[0];
    expect(number).toBeTruthy();
    expect(await guardian.getByTestId('pay-receipt-number').textContent()).toBe(m['pay.receiptNumber'].replace('{number}', number!));
    receipts.push(number!);
    await docScreenshot(guardian, { path: `docs/screens/online-payment-receipt-${lang}-360.png`, fullPage: true });
  }
  expect(new Set(receipts).size).toBe(2);

  // Recorded once each as online receipts with the gateway's payment id: the day book shows both at once.
  const day = await call<{ receipts: { number: string; mode: string; amount: number; reference: string | null }[] }>(request, 'GET', `/schools/${school.id}/fees/day-book`, token);
  const online = day.receipts.filter((r) => receipts.includes(r.number));
  expect(online.map((r) => [r.mode, r.amount])).toEqual(expect.arrayContaining([['online', 1_250_000], ['online', 1_100_000]]));
  expect(online.every((r) => /^pay_/.test(r.reference ?? ''))).toBe(true);
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`/workspace/${school.id}/fees/day-book`);
  for (const n of receipts) await expect(page.getByText(n, { exact: true })).toBeVisible();

  // A payment Razorpay took whose browser never came back (no confirmation, no webhook yet): Quarter 3.
  const token3 = new URL(lastLink).pathname.split('/').pop()!;
  const lost = await request.post(`${API}/public/pay/${token3}/orders`, { data: { instalmentIds: [(await call(request, 'GET', `/schools/${school.id}/students/${student.id}/fees`, token)).instalments.find((i: { name: string }) => i.name === 'Quarter 3').instalmentId] } });
  expect(lost.status()).toBe(201);
  const lostOrder = (await lost.json()).data.order;
  const taken = await request.post(`${new URL(lostOrder.checkoutUrl).origin}/v1/checkout/pay`, { data: { order_id: lostOrder.gatewayOrderId } });
  expect(taken.ok()).toBe(true);
  const lostPaymentId = (await taken.json()).razorpay_payment_id as string;

  // The accountant's reconciliation on the payments page (the admin's screen is in Hindi now): the two
  // receipts match Razorpay's captured payments; the lost one is named; at 360 px, then in English.
  await page.goto(`/workspace/${school.id}/payments`);
  const recon = page.getByTestId('reconciliation');
  await expect(recon.getByRole('heading', { name: hi['recon.title'] })).toBeVisible();
  await expect(page.getByTestId('recon-mismatches')).toHaveText('1');
  for (const n of receipts) await expect(recon.locator('li[data-issues="none"]').filter({ hasText: n })).toBeVisible();
  await expect(recon.locator('li[data-issues="paid_without_receipt"]')).toContainText(hi['recon.issue.paid_without_receipt']);
  await expect(recon.locator('li[data-issues="paid_without_receipt"]')).toContainText('₹9,000.00');
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await recon.scrollIntoViewIfNeeded();
  await docScreenshot(page, { path: 'docs/screens/online-payment-reconciliation-hi-360.png', fullPage: true });
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(recon.getByRole('heading', { name: en['recon.title'] })).toBeVisible();
  await expect(recon.locator('li[data-issues="paid_without_receipt"]')).toContainText(en['recon.issue.paid_without_receipt']);
  const [xlsx] = await Promise.all([page.waitForEvent('download'), recon.getByRole('button', { name: en['recon.export'] }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^online-reconciliation-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await docScreenshot(page, { path: 'docs/screens/online-payment-reconciliation-en.png', fullPage: true });
  // The bank transfer Razorpay made for them (the stand-in pays out at once, keeping 2 % + 18 % GST):
  // its UTR, what reached the bank, each payment beside its receipt, and the lost one named.
  const settle = page.getByTestId('settlements');
  await expect(settle.getByRole('heading', { name: en['settle.title'] })).toBeVisible();
  await expect(settle.getByTestId('settlement')).toHaveCount(1);
  await expect(settle.getByTestId('settlement')).toContainText(/UTR\d{8}/);
  await expect(page.getByTestId('settle-totals')).toContainText('₹31,733.00');
  for (const n of receipts) await expect(settle.locator('li[data-issues="none"]').filter({ hasText: n })).toBeVisible();
  await expect(settle.locator('li[data-issues="settled_without_receipt"]')).toContainText(en['settle.issue.settled_without_receipt']);
  await settle.scrollIntoViewIfNeeded();
  await docScreenshot(page, { path: 'docs/screens/online-payment-settlements-en.png' });

  // Meanwhile Quarter 3 is paid in cash at the counter; then Razorpay's webhook for the lost payment
  // arrives (signed over its raw body with the school's webhook secret): recorded, and kept as an advance.
  const fees = await call(request, 'GET', `/schools/${school.id}/students/${student.id}/fees`, token);
  const q3 = fees.instalments.find((i: { name: string }) => i.name === 'Quarter 3').instalmentId;
  await call(request, 'POST', `/schools/${school.id}/payments`, token, { studentId: student.id, amount: 900_000, mode: 'cash', paidOn: fees.asOf, instalmentIds: [q3] });
  const event = JSON.stringify({
    entity: 'event',
    account_id: 'acc_StandIn0032',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: lostPaymentId, entity: 'payment', amount: 900_000, currency: 'INR', status: 'captured', order_id: lostOrder.gatewayOrderId, method: 'upi', captured: true } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  const hook = await request.post(`${API}/webhooks/razorpay/${school.id}`, {
    data: event,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', 'stand-in webhook secret 32').update(event).digest('hex') },
  });
  expect(hook.status()).toBe(200);
  expect((await call(request, 'GET', `/schools/${school.id}/students/${student.id}/fees`, token)).advance).toBe(900_000);
  // The office's dues table at the counter says so, on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/workspace/${school.id}/fees?student=${student.id}`);
  await expect(page.getByTestId('fees-advance')).toHaveText(feesEn['fees.counter.advanceHeld'].replace('{amount}', '₹9,000.00'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByTestId('fees-advance').scrollIntoViewIfNeeded();
  await docScreenshot(page, { path: 'docs/screens/online-payment-advance-counter-en-360.png' });

  // The guardian, once invited and signed in, sees the advance under the child's dues.
  await call(request, 'POST', `/schools/${school.id}/students/${student.id}/guardian-invitations`, token, {});
  let invitation = '';
  for (const deadline = Date.now() + 15_000; !invitation && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    invitation = /https?:\/\/[^\s"<>]+\/join\?token=[A-Za-z0-9_-]+/.exec(newestMail(parent.email) ?? '')?.[0] ?? '';
  }
  expect(invitation).not.toBe('');
  await guardian.goto(invitation);
  // The phone last paid in Hindi, so the join page opens in Hindi; the guardian switches to English.
  await guardian.getByRole('button', { name: 'English' }).click();
  await guardian.getByLabel(WS_EN['join.username']!).fill(parent.username);
  await guardian.getByLabel(WS_EN['join.password']!, { exact: true }).fill(parent.password);
  await guardian.getByRole('button', { name: WS_EN['join.submit'] }).click();
  await expect(guardian).toHaveURL(new RegExp(`/workspace/${school.id}$`));
  await guardian.goto(`${new URL(guardian.url()).origin}/workspace/${school.id}/my-children`);
  const dues = guardian.getByTestId('child-dues');
  await expect(dues.getByTestId('dues-advance')).toHaveText('₹9,000.00');
  await expect(dues.getByText(gdEn['dues.advance'])).toBeVisible();
  await dues.getByTestId('dues-advance').scrollIntoViewIfNeeded();
  await docScreenshot(guardian, { path: 'docs/screens/online-payment-advance-guardian-360.png' });

  // A link for another school's child or a forged token opens nothing.
  await guardian.goto(`http://${school.subdomain}.localhost:${new URL(page.url()).port}/pay/not-a-real-token-at-all`);
  await expect(guardian.getByTestId('pay-link-error')).toBeVisible();
  await phone.close();
});
