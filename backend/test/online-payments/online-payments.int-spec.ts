import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp, type TestResponse } from '../support/app';
import { signAccessToken } from '../../src/common/auth/access-tokens';
import { RazorpayStandIn } from './razorpay-stand-in';

const TUITION = 300_000; // ₹3,000.00 a quarter
const LATE = 5_000; // ₹50.00 once an instalment is late

/** Waits for a condition the job worker brings about (no timed assertion: it polls until true). */
async function until(what: string, check: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('online fee payment (Razorpay): gateway, orders, confirmation and webhook exactly once, advance, refund, reconciliation, pay links', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let rz: RazorpayStandIn;
  const answers: string[] = [];
  const url = (path: string, school = a) => `/schools/${school.schoolId}${path}`;
  const KEY_ID = `rzp_test_${uniq()}`;
  const KEY_SECRET = `ks_${uniq()}${uniq()}`;
  const WEBHOOK_SECRET = `wh_${uniq()}${uniq()}`;
  let q1: string;
  let q2: string;
  let q3: string;
  let sectionId: string;

  /** Every call goes through here, so the test can check no answer ever carried a secret. */
  const call = async (method: string, path: string, opts: Parameters<TestApp['call']>[2] = {}): Promise<TestResponse> => {
    const res = await t.call(method, path, opts);
    answers.push(JSON.stringify(res.body));
    return res;
  };
  /** Moves the app's clock on; the members' access tokens are signed again for the new time. */
  const advance = (ms: number) => {
    t.clock.advance(ms);
    for (const school of [a, b]) for (const m of Object.values(school.members)) m.token = signAccessToken({ id: m.id, username: m.username, role: 'admin' }, t.config.jwtSecret, t.clock.now());
  };
  const newStudent = async (school = a, section = sectionId): Promise<string> => {
    const res = await call('POST', url('/students', school), {
      token: school.members.admin.token,
      body: {
        firstName: 'Diya',
        lastName: `Verma${uniq().slice(0, 4)}`,
        dateOfBirth: '2016-05-14',
        gender: 'female',
        sectionId: section,
        guardians: [{ name: 'Sunita Verma', relation: 'mother', phone: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }],
      },
    });
    expect(res.status).toBe(201);
    return res.body.data.student.id;
  };
  const linkGuardian = (studentId: string, school = a) =>
    t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [school.schoolId, studentId, school.members.guardian.id]);
  const openOrder = async (studentId: string, instalmentIds: string[], token = a.members.guardian.token) => {
    const res = await call('POST', url(`/students/${studentId}/payment-orders`), { token, body: { instalmentIds } });
    expect(res.status).toBe(201);
    return res.body.data.order;
  };
  const confirm = (orderId: string, body: Record<string, unknown>, token = a.members.guardian.token) => call('POST', url(`/payment-orders/${orderId}/confirm`), { token, body });
  const sendWebhook = (w: { body: string; signature: string }, schoolId = a.schoolId) =>
    call('POST', `/webhooks/razorpay/${schoolId}`, { rawBody: w.body, headers: { 'x-razorpay-signature': w.signature } });
  const receiptsOf = (studentId: string): Promise<{ id: string; number: string; amount: string; mode: string; reference: string; status: string }[]> =>
    t.db.query(`SELECT id, number, amount, mode, reference, status FROM fee_receipts WHERE school_id = $1 AND student_id = $2 ORDER BY seq`, [a.schoolId, studentId]);

  beforeAll(async () => {
    rz = new RazorpayStandIn(KEY_ID, KEY_SECRET, WEBHOOK_SECRET);
    await rz.start();
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000', RAZORPAY_API_URL: rz.baseUrl, RAZORPAY_TIMEOUT_MS: '3000', JOBS_POLL_MS: '50' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 4') RETURNING id`, [a.schoolId]);
    const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    sectionId = s.id;
    const head = await call('POST', url('/fee-heads'), { token: a.members.accountant.token, body: { name: 'Tuition fee', tuition: true } });
    const structure = await call('POST', url('/fee-structures'), {
      token: a.members.admin.token,
      body: {
        classId: c.id,
        academicYear: '2026-27',
        lateFee: { kind: 'fixed', amount: LATE, graceDays: 0 },
        instalments: [
          { name: 'Quarter 1', dueOn: '2026-04-10', items: [{ headId: head.body.data.head.id, amount: TUITION }] },
          { name: 'Quarter 2', dueOn: '2026-07-10', items: [{ headId: head.body.data.head.id, amount: TUITION }] },
          { name: 'Quarter 3', dueOn: '2026-10-10', items: [{ headId: head.body.data.head.id, amount: TUITION }] },
        ],
      },
    });
    expect(structure.status).toBe(201);
    [q1, q2, q3] = structure.body.data.structure.instalments.map((i: { id: string }) => i.id);
  });
  afterAll(async () => {
    await t?.close();
    await rz?.stop();
  });

  it('gateway settings: admin only; secrets are write-only and sealed at rest; test keys show test mode; {provider:none} turns it off', async () => {
    const none = await call('GET', url('/payments-gateway'), { token: a.members.admin.token });
    expect(none.body.data).toEqual({ provider: 'none', keyId: null, keySecretSet: false, webhookSecretSet: false, testMode: false });
    const missing = await call('PUT', url('/payments-gateway'), { token: a.members.admin.token, body: { provider: 'razorpay', keyId: KEY_ID } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual({ keySecret: 'Enter the Razorpay key secret', webhookSecret: 'Enter the webhook secret set in the Razorpay dashboard' });
    const body = { provider: 'razorpay', keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET };
    expect((await call('PUT', url('/payments-gateway'), { token: a.members.accountant.token, body })).status).toBe(403);
    const set = await call('PUT', url('/payments-gateway'), { token: a.members.admin.token, body });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ provider: 'razorpay', keyId: KEY_ID, keySecretSet: true, webhookSecretSet: true, testMode: true });
    const [row] = await t.db.query(`SELECT key_secret, webhook_secret FROM payment_gateways WHERE school_id = $1`, [a.schoolId]);
    for (const sealed of [row.key_secret, row.webhook_secret] as Buffer[]) {
      expect(sealed.toString('latin1')).not.toContain(KEY_SECRET);
      expect(sealed.toString('latin1')).not.toContain(WEBHOOK_SECRET);
    }
    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND action = 'payment_gateway.updated'`, [a.schoolId]);
    expect(JSON.stringify(audit)).not.toContain(KEY_SECRET);
    expect(audit[0].after).toEqual({ provider: 'razorpay', keyId: KEY_ID, keySecretSet: true, webhookSecretSet: true, testMode: true });

    // Another school turns its gateway on and off.
    const bBody = { ...body, keyId: 'rzp_live_Other00001' };
    expect((await call('PUT', url('/payments-gateway', b), { token: b.members.admin.token, body: bBody })).body.data.testMode).toBe(false);
    expect((await call('PUT', url('/payments-gateway', b), { token: b.members.admin.token, body: { provider: 'none' } })).body.data.provider).toBe('none');
  });

  it('an order: the amount (balance plus late fee now) is fixed by the server and sent in Razorpay’s format; a guardian only for their own child; a failing or silent gateway is 503 with nothing stored', async () => {
    const st = await newStudent();
    expect((await call('POST', url(`/students/${st}/payment-orders`), { token: a.members.guardian.token, body: { instalmentIds: [q1] } })).status).toBe(404);
    await linkGuardian(st);
    const before = rz.seen.length;
    const order = await openOrder(st, [q1, q2]);
    expect(order).toMatchObject({ amountPaise: 2 * (TUITION + LATE), keyId: KEY_ID, status: 'created' });
    expect(order.lines.map((l: any) => [l.name, l.balancePaise, l.lateFeePaise, l.amountPaise])).toEqual([
      ['Quarter 1', TUITION, LATE, TUITION + LATE],
      ['Quarter 2', TUITION, LATE, TUITION + LATE],
    ]);
    const sent = rz.seen[before];
    expect(sent).toMatchObject({ method: 'POST', path: '/orders', authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}` });
    expect(sent.body).toEqual({ amount: 2 * (TUITION + LATE), currency: 'INR', receipt: order.id, notes: { school_id: a.schoolId, student_id: st, order_id: order.id } });
    expect(order.gatewayOrderId).toBe([...rz.orders.keys()].pop());

    // The office may open one for a walk-in; a body naming no instalment, or another class's, is refused.
    expect((await call('POST', url(`/students/${st}/payment-orders`), { token: a.members.office.token, body: { instalmentIds: [] } })).status).toBe(400);
    expect((await call('POST', url(`/students/${st}/payment-orders`), { token: a.members.teacher.token, body: { instalmentIds: [q3] } })).status).toBe(403);
    expect((await openOrder(st, [q3], a.members.office.token)).amountPaise).toBe(TUITION + LATE);

    const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM payment_orders WHERE school_id = $1`, [a.schoolId]))[0].n;
    const stored = await count();
    rz.mode = 'fail';
    const failed = await call('POST', url(`/students/${st}/payment-orders`), { token: a.members.guardian.token, body: { instalmentIds: [q1] } });
    rz.mode = 'hang';
    const silent = await call('POST', url(`/students/${st}/payment-orders`), { token: a.members.guardian.token, body: { instalmentIds: [q1] } });
    rz.mode = 'ok';
    for (const res of [failed, silent]) {
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('GATEWAY_UNAVAILABLE');
    }
    expect(await count()).toBe(stored);
  });

  it('confirmation: a bad signature is 400 and records nothing; a good one records one online receipt (the gateway’s payment id as reference); the webhook after it changes nothing', async () => {
    const st = await newStudent();
    await linkGuardian(st);
    const order = await openOrder(st, [q1]);
    const pay = rz.pay(order.gatewayOrderId);
    const forged = await confirm(order.id, { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id, 'not-the-secret') });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('PAYMENT_SIGNATURE_INVALID');
    const otherPay = await confirm(order.id, { gatewayPaymentId: 'pay_Other0000001', signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) });
    expect(otherPay.status).toBe(400);
    expect(await receiptsOf(st)).toEqual([]);

    const ok = await confirm(order.id, { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.order).toMatchObject({ status: 'paid', gatewayPaymentId: pay.id, advancePaise: 0 });
    expect(ok.body.data.receipt).toMatchObject({ amountPaise: TUITION + LATE, number: expect.stringMatching(/^\d{4}-\d{2}\/\d+$/) });
    const again = await confirm(order.id, { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) });
    expect(again.body.data.receipt.number).toBe(ok.body.data.receipt.number);
    expect((await sendWebhook(rz.webhook('payment.captured', { payment: pay }))).status).toBe(200);
    expect((await sendWebhook(rz.webhook('order.paid', { payment: pay }))).status).toBe(200);
    const receipts = await receiptsOf(st);
    expect(receipts).toEqual([expect.objectContaining({ amount: String(TUITION + LATE), mode: 'online', reference: pay.id, status: 'active' })]);

    // The guardian's dues show Quarter 1 paid; the accountant's day book lists it under online.
    const fees = await call('GET', url(`/students/${st}/fees`), { token: a.members.guardian.token });
    expect(fees.body.data.instalments[0]).toMatchObject({ name: 'Quarter 1', balance: 0, status: 'paid' });
    const dayBook = await call('GET', url('/fees/day-book'), { token: a.members.accountant.token });
    expect(dayBook.body.data.receipts.map((r: any) => r.number)).toContain(ok.body.data.receipt.number);
    expect(dayBook.body.data.collections.find((c: any) => c.mode === 'online')).toBeTruthy();
  });

  it('webhook: a bad or missing signature is 400 and records nothing; webhook then confirmation gives one receipt; a failed payment marks the order failed', async () => {
    const st = await newStudent();
    await linkGuardian(st);
    const order = await openOrder(st, [q1]);
    const pay = rz.pay(order.gatewayOrderId);
    const forged = rz.webhook('payment.captured', { payment: pay }, 'wrong-secret');
    expect((await sendWebhook(forged)).status).toBe(400);
    const tampered = rz.webhook('payment.captured', { payment: pay });
    expect((await sendWebhook({ body: tampered.body.replace(String(pay.amount), '1'), signature: tampered.signature })).status).toBe(400);
    const unsigned = await call('POST', `/webhooks/razorpay/${a.schoolId}`, { rawBody: tampered.body });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect(await receiptsOf(st)).toEqual([]);

    expect((await sendWebhook(tampered)).status).toBe(200);
    const ok = await confirm(order.id, { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) });
    expect(ok.status).toBe(200);
    expect(await receiptsOf(st)).toHaveLength(1);
    const [via] = await t.db.query(`SELECT recorded_via FROM online_payments WHERE school_id = $1 AND gateway_payment_id = $2`, [a.schoolId, pay.id]);
    expect(via.recorded_via).toBe('webhook');

    const other = await openOrder(st, [q2]);
    const failedPay = rz.pay(other.gatewayOrderId, 'failed');
    expect((await sendWebhook(rz.webhook('payment.failed', { payment: failedPay }))).status).toBe(200);
    const listed = await call('GET', url('/payment-orders?status=failed'), { token: a.members.accountant.token });
    expect(listed.body.data.items.map((o: any) => o.id)).toContain(other.id);
  });

  it('20 concurrent duplicate webhooks record one receipt', async () => {
    const st = await newStudent();
    const order = await openOrder(st, [q1, q2], a.members.office.token);
    const pay = rz.pay(order.gatewayOrderId);
    const w = rz.webhook('payment.captured', { payment: pay });
    const results = await Promise.all(Array.from({ length: 20 }, () => sendWebhook(w)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const receipts = await receiptsOf(st);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ amount: String(2 * (TUITION + LATE)), mode: 'online', reference: pay.id });
    const payments = await t.db.query(`SELECT count(*)::int AS n FROM online_payments WHERE school_id = $1 AND gateway_payment_id = $2`, [a.schoolId, pay.id]);
    expect(payments[0].n).toBe(1);
  });

  it('dues paid meanwhile: the payment is kept in full as an advance on the student’s account, never lost', async () => {
    const st = await newStudent();
    await linkGuardian(st);
    const order = await openOrder(st, [q1]);
    const today = (await call('GET', url(`/students/${st}/fees`), { token: a.members.accountant.token })).body.data.asOf;
    const cash = await call('POST', url('/payments'), { token: a.members.accountant.token, body: { studentId: st, amount: TUITION + LATE, mode: 'cash', paidOn: today, instalmentIds: [q1] } });
    expect(cash.status).toBe(201);
    const pay = rz.pay(order.gatewayOrderId);
    const ok = await confirm(order.id, { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.order).toMatchObject({ status: 'paid', advancePaise: TUITION + LATE });
    const receipts = await receiptsOf(st);
    expect(receipts.map((r) => [r.mode, r.amount])).toEqual([
      ['cash', String(TUITION + LATE)],
      ['online', String(TUITION + LATE)],
    ]);
    const [adv] = await t.db.query(`SELECT advance_amount FROM online_payments WHERE school_id = $1 AND gateway_payment_id = $2`, [a.schoolId, pay.id]);
    expect(Number(adv.advance_amount)).toBe(TUITION + LATE);
    // The office and the guardian see it on the child's fees; another child shows none.
    for (const token of [a.members.accountant.token, a.members.guardian.token]) {
      const fees = await call('GET', url(`/students/${st}/fees`), { token });
      expect(fees.body.data.advance).toBe(TUITION + LATE);
    }
    expect((await call('GET', url(`/students/${await newStudent()}/fees`), { token: a.members.accountant.token })).body.data.advance).toBe(0);
  });

  it('refund: only an online receipt, through the gateway’s refund call; the receipt is cancelled once it is processed', async () => {
    const st = await newStudent();
    const order = await openOrder(st, [q1], a.members.accountant.token);
    const pay = rz.pay(order.gatewayOrderId);
    const ok = await confirm(order.id, { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) }, a.members.accountant.token);
    const receiptId = ok.body.data.receipt.id;
    expect((await call('POST', url(`/receipts/${receiptId}/refund`), { token: a.members.guardian.token, body: { reason: 'Paid twice' } })).status).toBe(403);
    expect((await call('POST', url(`/receipts/${receiptId}/refund`, b), { token: b.members.accountant.token, body: { reason: 'Paid twice' } })).status).toBe(404);

    // Razorpay takes the refund as pending; it is processed later and says so by webhook.
    rz.refundStatus = 'pending';
    const refund = await call('POST', url(`/receipts/${receiptId}/refund`), { token: a.members.accountant.token, body: { reason: 'Paid twice' } });
    expect(refund.status).toBe(200);
    expect(refund.body.data.refund).toMatchObject({ receiptId, gatewayPaymentId: pay.id, status: 'pending', amountPaise: TUITION + LATE, reason: 'Paid twice' });
    expect((await call('POST', url(`/receipts/${receiptId}/refund`), { token: a.members.accountant.token, body: { reason: 'Again' } })).body.error.code).toBe('REFUND_IN_PROGRESS');
    const refundRow = async () => (await t.db.query(`SELECT refund_status, refund_id FROM online_payments WHERE school_id = $1 AND gateway_payment_id = $2`, [a.schoolId, pay.id]))[0];
    await until('the refund job', async () => !!(await refundRow()).refund_id);
    const call_ = rz.seen.find((s) => s.path === `/payments/${pay.id}/refund`);
    expect(call_?.body).toMatchObject({ amount: TUITION + LATE, speed: 'normal' });
    expect(await refundRow()).toMatchObject({ refund_status: 'pending', refund_id: expect.stringMatching(/^rfnd_/) });
    const receiptStatus = async () => (await t.db.query(`SELECT status FROM fee_receipts WHERE school_id = $1 AND id = $2`, [a.schoolId, receiptId]))[0].status;
    expect(await receiptStatus()).toBe('active');
    const refundId = (await refundRow()).refund_id;
    const processed = rz.webhook('refund.processed', { refund: { id: refundId, entity: 'refund', amount: TUITION + LATE, currency: 'INR', payment_id: pay.id, status: 'processed' }, payment: { ...pay, status: 'refunded' } });
    expect((await sendWebhook(processed)).status).toBe(200);
    expect(await receiptStatus()).toBe('cancelled');
    expect((await refundRow()).refund_status).toBe('processed');
    rz.refundStatus = 'processed';
    // Its dues are owed again.
    const fees = await call('GET', url(`/students/${st}/fees`), { token: a.members.accountant.token });
    expect(fees.body.data.instalments[0].balance).toBe(TUITION + LATE);

    // A cash receipt is not refunded through the gateway.
    const today = fees.body.data.asOf;
    const cash = await call('POST', url('/payments'), { token: a.members.accountant.token, body: { studentId: st, amount: 1000, mode: 'cash', paidOn: today } });
    const refused = await call('POST', url(`/receipts/${cash.body.data.receipt.id}/refund`), { token: a.members.accountant.token, body: { reason: 'No' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('REFUND_NOT_ALLOWED');
    // Counter payments cannot claim to be online.
    const online = await call('POST', url('/payments'), { token: a.members.accountant.token, body: { studentId: st, amount: 1000, mode: 'online', reference: 'pay_Fake00000001', paidOn: today } });
    expect(online.status).toBe(400);
  });

  it('tenancy: another school’s ids answer 404; a webhook signed with another school’s secret is refused', async () => {
    const st = await newStudent();
    const order = await openOrder(st, [q1], a.members.office.token);
    expect((await call('POST', url(`/students/${st}/payment-orders`, b), { token: b.members.office.token, body: { instalmentIds: [q1] } })).status).toBe(404);
    expect((await call('GET', url(`/payment-orders/${order.id}`, b), { token: b.members.accountant.token })).status).toBe(404);
    const pay = rz.pay(order.gatewayOrderId);
    expect((await confirm(order.id, { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) }, b.members.office.token)).status).toBe(404);
    expect((await call('POST', url(`/students/${st}/pay-links`, b), { token: b.members.office.token })).status).toBe(404);
    // School b's gateway (set with a's secrets) cannot record school a's order: it is not b's.
    await call('PUT', url('/payments-gateway', b), { token: b.members.admin.token, body: { provider: 'razorpay', keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: `${WEBHOOK_SECRET}-b` } });
    expect((await sendWebhook(rz.webhook('payment.captured', { payment: pay }), b.schoolId)).status).toBe(400);
    const signedForB = rz.webhook('payment.captured', { payment: pay }, `${WEBHOOK_SECRET}-b`);
    expect((await sendWebhook(signedForB, b.schoolId)).status).toBe(200);
    expect(await receiptsOf(st)).toEqual([]);
    const bList = await call('GET', url('/payment-orders', b), { token: b.members.accountant.token });
    expect(bList.body.data.total).toBe(0);
  });

  it('an order left open 30 minutes is checked with the gateway by a job, which records a captured payment', async () => {
    const st = await newStudent();
    const order = await openOrder(st, [q3], a.members.office.token);
    const pay = rz.pay(order.gatewayOrderId);
    advance(31 * 60_000);
    await until('the reconciliation job', async () => (await receiptsOf(st)).length === 1);
    expect(rz.seen.some((s) => s.method === 'GET' && s.path === `/orders/${order.gatewayOrderId}/payments`)).toBe(true);
    const [row] = await t.db.query(`SELECT recorded_via FROM online_payments WHERE school_id = $1 AND gateway_payment_id = $2`, [a.schoolId, pay.id]);
    expect(row.recorded_via).toBe('reconcile');
    const listed = await call('GET', url(`/payment-orders?status=paid&studentId=${st}`), { token: a.members.accountant.token });
    expect(listed.body.data.items).toEqual([expect.objectContaining({ id: order.id, status: 'paid', receiptNumber: expect.any(String) })]);
  });

  it('a pay link opens one child’s dues and the payment without signing in, shows nothing else, and expires after 7 days', async () => {
    const st = await newStudent();
    await newStudent(); // a classmate the link must not show
    expect((await call('POST', url(`/students/${st}/pay-links`), { token: a.members.guardian.token })).status).toBe(403);
    const made = await call('POST', url(`/students/${st}/pay-links`), { token: a.members.office.token });
    expect(made.status).toBe(201);
    const { token, url: link, expiresAt } = made.body.data.link;
    expect(link).toBe(`http://${a.subdomain}.localhost:3000/pay/${token}`);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBeGreaterThan(6.9 * 86_400_000);

    const view = await call('GET', `/public/pay/${token}`);
    expect(view.status).toBe(200);
    expect(Object.keys(view.body.data).sort()).toEqual(['asOf', 'expiresAt', 'gateway', 'instalments', 'school', 'student']);
    expect(Object.keys(view.body.data.student).sort()).toEqual(['className', 'name']);
    expect(view.body.data.gateway).toEqual({ provider: 'razorpay', keyId: KEY_ID, testMode: true, checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' });
    expect(view.body.data.instalments.map((i: any) => i.name)).toEqual(['Quarter 1', 'Quarter 2', 'Quarter 3']);

    const order = await call('POST', `/public/pay/${token}/orders`, { body: { instalmentIds: [q1] } });
    expect(order.status).toBe(201);
    const o = order.body.data.order;
    expect(o.studentId).toBe(st);
    const pay = rz.pay(o.gatewayOrderId);
    const bad = await call('POST', `/public/pay/${token}/orders/${o.id}/confirm`, { body: { gatewayPaymentId: pay.id, signature: '0'.repeat(64) } });
    expect(bad.status).toBe(400);
    const paid = await call('POST', `/public/pay/${token}/orders/${o.id}/confirm`, { body: { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(o.gatewayOrderId, pay.id) } });
    expect(paid.status).toBe(200);
    expect(paid.body.data.receipt.amountPaise).toBe(TUITION + LATE);
    expect(await receiptsOf(st)).toHaveLength(1);

    // Another student's order is not reachable through this link; a forged token is 404.
    const other = await openOrder(await newStudent(), [q1], a.members.office.token);
    expect((await call('POST', `/public/pay/${token}/orders/${other.id}/confirm`, { body: { gatewayPaymentId: pay.id, signature: '0'.repeat(64) } })).status).toBe(404);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await call('GET', `/public/pay/${forged}`)).body.error.code).toBe('PAY_LINK_INVALID');

    advance(7 * 86_400_000 + 60_000);
    const expired = await call('GET', `/public/pay/${token}`);
    expect(expired.status).toBe(422);
    expect(expired.body.error.code).toBe('PAY_LINK_EXPIRED');
    expect((await call('POST', `/public/pay/${token}/orders`, { body: { instalmentIds: [q2] } })).body.error.code).toBe('PAY_LINK_EXPIRED');
  });

  it('no answer ever carried a key secret or webhook secret', () => {
    expect(answers.length).toBeGreaterThan(50);
    for (const a of answers) {
      expect(a).not.toContain(KEY_SECRET);
      expect(a).not.toContain(WEBHOOK_SECRET);
    }
  });
});
