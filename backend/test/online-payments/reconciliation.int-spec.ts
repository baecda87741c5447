import ExcelJS from 'exceljs';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { RazorpayStandIn } from './razorpay-stand-in';

const TUITION = 250_000; // ₹2,500.00 a quarter

/**
 * The accountant's reconciliation (issue 32): the online receipts of a period against the payments
 * the gateway (the local Razorpay stand-in, in its REST formats: GET /payments?from=&to=, GET
 * /payments/{id}) took for the school's orders; each line names what is wrong.
 */
describe('online payments reconciliation: receipts of a period against the gateway’s payments, with the mismatches and a workbook', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let rz: RazorpayStandIn;
  const KEY_ID = `rzp_test_${uniq()}`;
  const KEY_SECRET = `ks_${uniq()}${uniq()}`;
  const WEBHOOK_SECRET = `wh_${uniq()}${uniq()}`;
  let sectionId: string;
  let q1: string;
  let today: string;
  const url = (path: string, school = a) => `/schools/${school.schoolId}${path}`;
  const acc = () => a.members.accountant.token;

  const newStudent = async (lastName: string): Promise<string> => {
    const res = await t.call('POST', url('/students'), {
      token: a.members.admin.token,
      body: { firstName: 'Ishaan', lastName, dateOfBirth: '2016-02-11', gender: 'male', sectionId, guardians: [{ name: 'Meera Joshi', relation: 'mother', phone: '9811122233' }] },
    });
    expect(res.status).toBe(201);
    return res.body.data.student.id;
  };
  const openOrder = async (studentId: string) => {
    const res = await t.call('POST', url(`/students/${studentId}/payment-orders`), { token: acc(), body: { instalmentIds: [q1] } });
    expect(res.status).toBe(201);
    return res.body.data.order as { id: string; gatewayOrderId: string; amountPaise: number };
  };
  /** Checkout takes the payment and the browser confirms it: one online receipt. */
  const payAndConfirm = async (lastName: string) => {
    const order = await openOrder(await newStudent(lastName));
    const pay = rz.pay(order.gatewayOrderId);
    const res = await t.call('POST', url(`/payment-orders/${order.id}/confirm`), { token: acc(), body: { gatewayPaymentId: pay.id, signature: rz.checkoutSignature(order.gatewayOrderId, pay.id) } });
    expect(res.status).toBe(200);
    return { order, pay, receipt: res.body.data.receipt as { id: string; number: string } };
  };
  const report = (query: string, token = acc(), school = a) => t.call('GET', url(`/online-payments/reconciliation${query}`, school), { token });

  beforeAll(async () => {
    rz = new RazorpayStandIn(KEY_ID, KEY_SECRET, WEBHOOK_SECRET);
    await rz.start();
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000', RAZORPAY_API_URL: rz.baseUrl, RAZORPAY_TIMEOUT_MS: '3000' });
    rz.now = () => t.clock.now();
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 6') RETURNING id`, [a.schoolId]);
    const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'B') RETURNING id`, [c.id]);
    sectionId = s.id;
    const head = await t.call('POST', url('/fee-heads'), { token: acc(), body: { name: 'Tuition fee', tuition: true } });
    const structure = await t.call('POST', url('/fee-structures'), {
      token: a.members.admin.token,
      body: { classId: c.id, academicYear: '2026-27', instalments: [{ name: 'Quarter 1', dueOn: '2026-04-10', items: [{ headId: head.body.data.head.id, amount: TUITION }] }] },
    });
    expect(structure.status).toBe(201);
    q1 = structure.body.data.structure.instalments[0].id;
    const gateway = { provider: 'razorpay', keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET };
    expect((await t.call('PUT', url('/payments-gateway'), { token: a.members.admin.token, body: gateway })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await rz?.stop();
  });

  it('each online receipt with the gateway’s payment; a paid order without a receipt, a receipt without a captured payment and differing amounts are named', async () => {
    const matched = await payAndConfirm('Joshi');
    // Paid at the gateway, but neither the browser nor the webhook came back (yet): no receipt.
    const lost = await openOrder(await newStudent('Kulkarni'));
    const lostPay = rz.pay(lost.gatewayOrderId);
    // The gateway captured a different amount from the receipt's.
    const differs = await payAndConfirm('Patil');
    differs.pay.amount = TUITION - 100;
    // Refunded at the gateway (from its dashboard) while the receipt is still active.
    const refunded = await payAndConfirm('Deshpande');
    refunded.pay.status = 'refunded';
    // A receipt whose payment the gateway does not know (say, taken under keys the school has since replaced).
    const unknown = await payAndConfirm('Nair');
    rz.payments.delete(unknown.order.gatewayOrderId);
    today = (await t.call('GET', url(`/students/${await newStudent('Rao')}/fees`), { token: acc() })).body.data.asOf;
    // A failed attempt took no money: not a line.
    const failedOrder = await openOrder(await newStudent('Iyer'));
    const failed = rz.pay(failedOrder.gatewayOrderId, 'failed');

    const res = await report(`?from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ from: today, to: today });
    const byPayment = new Map<string, any>(r.lines.map((l: any) => [l.gatewayPaymentId, l]));
    expect(byPayment.get(matched.pay.id)).toEqual({
      gatewayPaymentId: matched.pay.id,
      gatewayOrderId: matched.order.gatewayOrderId,
      receiptId: matched.receipt.id,
      receiptNumber: matched.receipt.number,
      receiptStatus: 'active',
      paidOn: today,
      studentName: expect.stringContaining('Joshi'),
      receiptAmountPaise: TUITION,
      gatewayAmountPaise: TUITION,
      gatewayStatus: 'captured',
      issues: [],
    });
    expect(byPayment.get(lostPay.id)).toMatchObject({ receiptId: null, receiptNumber: null, gatewayAmountPaise: TUITION, gatewayStatus: 'captured', studentName: expect.stringContaining('Kulkarni'), issues: ['paid_without_receipt'] });
    expect(byPayment.get(differs.pay.id)).toMatchObject({ receiptAmountPaise: TUITION, gatewayAmountPaise: TUITION - 100, issues: ['amount_mismatch'] });
    expect(byPayment.get(refunded.pay.id)).toMatchObject({ receiptStatus: 'active', gatewayStatus: 'refunded', issues: ['receipt_without_capture'] });
    expect(byPayment.get(unknown.pay.id)).toMatchObject({ receiptNumber: unknown.receipt.number, gatewayStatus: null, gatewayAmountPaise: null, issues: ['receipt_without_capture'] });
    expect(byPayment.has(failed.id)).toBe(false);
    expect(r.lines).toHaveLength(5);
    // The receipts in number order, then what has no receipt.
    expect(r.lines.map((l: any) => l.receiptNumber)).toEqual([matched.receipt.number, differs.receipt.number, refunded.receipt.number, unknown.receipt.number, null]);
    expect(r.totals).toEqual({ receipts: 4, receiptPaise: 4 * TUITION, captured: 3, capturedPaise: 3 * TUITION - 100, mismatches: 4 });

    // Once the lost payment is recorded (its webhook arrives), it matches; a cancelled receipt whose payment the gateway still holds is named.
    const hook = rz.webhook('payment.captured', { payment: lostPay });
    expect((await t.call('POST', `/webhooks/razorpay/${a.schoolId}`, { rawBody: hook.body, headers: { 'x-razorpay-signature': hook.signature } })).status).toBe(200);
    const cancel = await t.call('POST', url(`/receipts/${matched.receipt.id}/cancel`), { token: acc(), body: { reason: 'Entered twice by mistake' } });
    expect(cancel.status).toBe(200);
    const again = (await report(`?from=${today}`)).body.data;
    const lines = new Map<string, any>(again.lines.map((l: any) => [l.gatewayPaymentId, l]));
    expect(lines.get(lostPay.id)).toMatchObject({ receiptStatus: 'active', issues: [] });
    expect(lines.get(matched.pay.id)).toMatchObject({ receiptStatus: 'cancelled', gatewayStatus: 'captured', issues: ['paid_without_receipt'] });
    expect(again.totals).toMatchObject({ receipts: 4, captured: 3, mismatches: 4 });

    // Another day holds none of it.
    const [y, m, d] = today.split('-').map(Number);
    const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    expect((await report(`?from=${yesterday}&to=${yesterday}`)).body.data).toEqual({
      from: yesterday,
      to: yesterday,
      lines: [],
      totals: { receipts: 0, receiptPaise: 0, captured: 0, capturedPaise: 0, mismatches: 0 },
    });
  });

  it('as a workbook: a row a payment with the mismatch spelled out, the amounts as rupee numbers, the totals', async () => {
    const r = await fetch(`${t.baseUrl}/api/v1${url(`/online-payments/reconciliation?from=${today}&to=${today}&format=xlsx`)}`, { headers: { authorization: `Bearer ${acc()}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="online-reconciliation-${today}-to-${today}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await r.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('Reconciliation')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(String(rows[0][0])).toContain('online payments reconciliation');
    expect(rows[1]).toEqual(['Receipt No.', 'Paid on', 'Student', 'Gateway payment', 'Gateway order', 'Receipt (₹)', 'Gateway (₹)', 'Gateway status', 'Mismatch']);
    const differs = rows.find((x) => x[8] === 'Amounts differ')!;
    expect(differs[5]).toBe(TUITION / 100);
    expect(differs[6]).toBe((TUITION - 100) / 100);
    expect(rows.filter((x) => x[7] === 'Not found')).toHaveLength(1);
    expect(rows.filter((x) => x[8] === 'Matched')).toHaveLength(1);
    expect(rows.find((x) => x[0] === 'Lines with a mismatch')![2]).toBe(4);
  });

  it('settlements: each bank transfer with its UTR, the school’s payments credited less the fee and GST, refunds debited, each beside its receipt; another business’s lines left out', async () => {
    const ok = await payAndConfirm('Menon');
    const orphanOrder = await openOrder(await newStudent('Shenoy'));
    const orphan = rz.pay(orphanOrder.gatewayOrderId);
    const stillActive = await payAndConfirm('Kamath');
    // Paid out two days later (T+2), 10:30 IST.
    const [y, m, d] = today.split('-').map(Number);
    const on = new Date(Date.UTC(y, m - 1, d + 2, 5, 0));
    const settledOn = on.toISOString().slice(0, 10);
    const transfer = rz.settle([{ payment: ok.pay, fee: 5_000 }, { payment: orphan, fee: 5_000 }, { payment: stillActive.pay, refundId: 'rfnd_StandIn00001' }], on);

    const res = await t.call('GET', url(`/online-payments/settlements?from=${settledOn}&to=${settledOn}`), { token: acc() });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.settlements).toHaveLength(1);
    const s = r.settlements[0];
    // 5,000 paise fee + 18 % GST (900) out of each payment; the refund debited whole.
    expect(s).toMatchObject({ settlementId: transfer.id, utr: transfer.utr, settledOn, creditPaise: 2 * (TUITION - 5_900), debitPaise: TUITION, feePaise: 2 * 5_900, taxPaise: 2 * 900, netPaise: 2 * (TUITION - 5_900) - TUITION });
    const byEntity = new Map<string, any>(s.lines.map((l: any) => [l.gatewayEntityId, l]));
    expect(byEntity.get(ok.pay.id)).toEqual({
      type: 'payment',
      gatewayEntityId: ok.pay.id,
      gatewayPaymentId: ok.pay.id,
      gatewayOrderId: ok.order.gatewayOrderId,
      receiptId: ok.receipt.id,
      receiptNumber: ok.receipt.number,
      receiptStatus: 'active',
      studentName: expect.stringContaining('Menon'),
      amountPaise: TUITION,
      creditPaise: TUITION - 5_900,
      debitPaise: 0,
      feePaise: 5_900,
      taxPaise: 900,
      issues: [],
    });
    expect(byEntity.get(orphan.id)).toMatchObject({ type: 'payment', receiptId: null, studentName: expect.stringContaining('Shenoy'), issues: ['settled_without_receipt'] });
    expect(byEntity.get('rfnd_StandIn00001')).toMatchObject({ type: 'refund', gatewayPaymentId: stillActive.pay.id, receiptNumber: stillActive.receipt.number, receiptStatus: 'active', debitPaise: TUITION, issues: ['refund_on_active_receipt'] });
    expect(s.lines).toHaveLength(3);
    expect(r.totals).toEqual({ settlements: 1, creditPaise: s.creditPaise, debitPaise: TUITION, feePaise: 2 * 5_900, taxPaise: 2 * 900, netPaise: s.netPaise, mismatches: 2 });
    // Razorpay was asked for that day in its own format.
    expect(rz.seen.some((q) => q.path === `/settlements/recon/combined?year=${y}&month=${settledOn.slice(5, 7)}&day=${settledOn.slice(8, 10)}&count=100&skip=0`)).toBe(true);

    // The day of the payments themselves had no transfer; a range holding both days gives the one.
    expect((await t.call('GET', url(`/online-payments/settlements?from=${today}&to=${today}`), { token: acc() })).body.data.settlements).toEqual([]);
    expect((await t.call('GET', url(`/online-payments/settlements?from=${today}&to=${settledOn}`), { token: acc() })).body.data.totals.settlements).toBe(1);
    // At most 31 days; only fees.manage; another school reads none of it.
    const long = await t.call('GET', url('/online-payments/settlements?from=2026-04-01&to=2026-05-15'), { token: acc() });
    expect(long.status).toBe(400);
    expect(long.body.error.details).toEqual({ to: 'Choose at most 31 days at a time' });
    expect((await t.call('GET', url('/online-payments/settlements'), { token: a.members.office.token })).status).toBe(403);
    expect((await t.call('GET', url('/online-payments/settlements'), { token: b.members.accountant.token })).status).toBe(404);
    rz.mode = 'fail';
    const down = await t.call('GET', url(`/online-payments/settlements?from=${settledOn}`), { token: acc() });
    rz.mode = 'ok';
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('GATEWAY_UNAVAILABLE');
  });

  it('bad dates are 400 naming the field; only fees.manage reads it; a silent gateway is 503; another school sees none of it', async () => {
    const backwards = await report('?from=2026-11-10&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details).toEqual({ to: 'The end date must not be before the start date' });
    const long = await report('?from=2026-04-01&to=2026-10-01');
    expect(long.status).toBe(400);
    expect(long.body.error.details).toEqual({ to: 'Choose at most 92 days at a time' });
    expect((await report('?from=2026-13-01')).status).toBe(400);
    for (const role of ['teacher', 'office', 'guardian'] as const) expect((await report('', a.members[role].token)).status).toBe(403);
    expect((await report('', a.members.admin.token)).status).toBe(200);

    rz.mode = 'fail';
    const down = await report(`?from=${today}`);
    rz.mode = 'ok';
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('GATEWAY_UNAVAILABLE');

    // School b: no gateway yet; then the same Razorpay account, but none of a's orders are b's.
    expect((await report('', b.members.accountant.token, b)).body.error.code).toBe('GATEWAY_NOT_SET');
    expect((await report('', b.members.accountant.token)).status).toBe(404);
    await t.call('PUT', url('/payments-gateway', b), { token: b.members.admin.token, body: { provider: 'razorpay', keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET } });
    const theirs = await report(`?from=${today}`, b.members.accountant.token, b);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.lines).toEqual([]);
  });
});
