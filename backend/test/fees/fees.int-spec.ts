import { createUserWithToken, createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type SignedIn, type TestApp } from '../support/app';

import { execFileSync } from 'node:child_process';

/**
 * A PDF's text, read back with pdf-parse 2. Its pdf.js loads a worker through a dynamic import,
 * which Jest's CommonJS sandbox does not allow, so the reading runs in a plain Node process.
 */
function pdfText(pdf: Buffer): string {
  const script = `const { PDFParse } = require('pdf-parse');
    const chunks = []; process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => { const r = await new PDFParse({ data: Buffer.concat(chunks) }).getText(); process.stdout.write(r.text); });`;
  return execFileSync(process.execPath, ['-e', script], { input: pdf, cwd: __dirname, encoding: 'utf8' });
}

const TUITION = 300_000; // ₹3,000.00 a quarter
const ANNUAL = 50_000;
const TRANSPORT = 100_000;

interface Setup {
  classId: string;
  sectionId: string;
  otherClassId: string;
  otherSectionId: string;
  tuition: string;
  annual: string;
  transport: string;
}

/** A class (one section) of 2026-27, inserted directly. */
async function addClass(t: TestApp, schoolId: string, name: string): Promise<{ classId: string; sectionId: string }> {
  const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [schoolId, name]);
  const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
  return { classId: c.id, sectionId: s.id };
}

describe('fees: structures, concessions, dues, payments, receipts, reports', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let s: Setup;
  let accountant2: SignedIn;
  let acc: string;
  let admin: string;
  const url = (path: string, school = a) => `/schools/${school.schoolId}${path}`;

  const newStudent = async (sectionId: string, extra: Record<string, unknown> = {}, school = a): Promise<string> => {
    const res = await t.call('POST', url('/students', school), {
      token: school.members.admin.token,
      body: {
        firstName: 'Aarav',
        lastName: `Sharma${uniq().slice(0, 4)}`,
        dateOfBirth: '2016-05-14',
        gender: 'male',
        sectionId,
        guardians: [{ name: 'Rakesh Sharma', relation: 'father', phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }],
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    return res.body.data.student.id;
  };
  const fees = async (studentId: string, asOf: string, token = acc) => {
    const res = await t.call('GET', url(`/students/${studentId}/fees?asOf=${asOf}`), { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  // Every payment's answer is built from what was written (FeesService.recordPayment); each one here
  // is checked against the receipt read back, field for field.
  const pay = async (body: Record<string, unknown>, token = acc, school = a) => {
    const res = await t.call('POST', url('/payments', school), { token, body: { mode: 'cash', paidOn: '2026-11-02', ...body } });
    if (res.status === 201) {
      const read = await t.call('GET', url(`/receipts/${res.body.data.receipt.id}`, school), { token: school.members.admin.token });
      expect(res.body.data.receipt).toEqual(read.body.data.receipt);
    }
    return res;
  };

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    acc = a.members.accountant.token;
    admin = a.members.admin.token;
    accountant2 = await createUserWithToken(t);
    await t.db.query(`INSERT INTO school_members (school_id, user_id, role) VALUES ($1, $2, 'accountant')`, [a.schoolId, accountant2.id]);
    const five = await addClass(t, a.schoolId, 'Class 5');
    const six = await addClass(t, a.schoolId, 'Class 6');
    const head = async (name: string, tuition: boolean) => {
      const res = await t.call('POST', url('/fee-heads'), { token: acc, body: { name, tuition } });
      expect(res.status).toBe(201);
      return res.body.data.head.id as string;
    };
    s = {
      classId: five.classId,
      sectionId: five.sectionId,
      otherClassId: six.classId,
      otherSectionId: six.sectionId,
      tuition: await head('Tuition fee', true),
      annual: await head('Annual charges', false),
      transport: await head('Transport', false),
    };
  });
  afterAll(() => t.close());

  const quarters = (sx: Setup) => [
    { name: 'Quarter 1', dueOn: '2026-04-10', items: [{ headId: sx.tuition, amount: TUITION }, { headId: sx.annual, amount: ANNUAL }, { headId: sx.transport, amount: TRANSPORT }] },
    { name: 'Quarter 2', dueOn: '2026-07-10', items: [{ headId: sx.tuition, amount: TUITION }, { headId: sx.transport, amount: TRANSPORT }] },
    { name: 'Quarter 3', dueOn: '2026-10-10', items: [{ headId: sx.tuition, amount: TUITION }, { headId: sx.transport, amount: TRANSPORT }] },
    { name: 'Quarter 4', dueOn: '2027-01-10', items: [{ headId: sx.tuition, amount: TUITION }, { headId: sx.transport, amount: TRANSPORT }] },
  ];

  it('heads and a structure: {head}, {structure} with totals; a repeated name or class is 409; a wrong year or a bad body is 400 with nothing stored', async () => {
    const dup = await t.call('POST', url('/fee-heads'), { token: acc, body: { name: 'tuition FEE', tuition: true } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('FEE_HEAD_EXISTS');
    const heads = await t.call('GET', url('/fee-heads'), { token: acc });
    expect(heads.body.data.items.map((h: any) => [h.name, h.tuition])).toEqual([
      ['Annual charges', false],
      ['Transport', false],
      ['Tuition fee', true],
    ]);

    const body = { classId: s.classId, academicYear: '2026-27', instalments: quarters(s), lateFee: { kind: 'per_day', amount: 1_000, graceDays: 5, cap: 20_000 } };
    const created = await t.call('POST', url('/fee-structures'), { token: admin, body });
    expect(created.status).toBe(201);
    const st = created.body.data.structure;
    expect(st).toMatchObject({ classId: s.classId, className: 'Class 5', academicYear: '2026-27', lateFee: { kind: 'per_day', amount: 1_000, graceDays: 5, cap: 20_000 } });
    expect(st.instalments.map((i: any) => [i.name, i.dueOn, i.amount])).toEqual([
      ['Quarter 1', '2026-04-10', 450_000],
      ['Quarter 2', '2026-07-10', 400_000],
      ['Quarter 3', '2026-10-10', 400_000],
      ['Quarter 4', '2027-01-10', 400_000],
    ]);
    expect(st.total).toBe(1_650_000);
    expect((await t.call('POST', url('/fee-structures'), { token: admin, body })).body.error.code).toBe('FEE_STRUCTURE_EXISTS');

    const before = await t.db.query(`SELECT count(*)::int AS n FROM fee_structures WHERE school_id = $1`, [a.schoolId]);
    const wrongYear = await t.call('POST', url('/fee-structures'), { token: admin, body: { ...body, classId: s.otherClassId, academicYear: '2025-26' } });
    expect(wrongYear.status).toBe(400);
    expect(wrongYear.body.error.details).toEqual({ academicYear: 'This class belongs to the academic year 2026-27' });
    const bad = await t.call('POST', url('/fee-structures'), {
      token: admin,
      body: { classId: s.otherClassId, academicYear: '2026-27', instalments: [{ name: 'Q1', dueOn: '2026-04-31', items: [{ headId: s.tuition, amount: 10.5 }, { headId: s.tuition, amount: 5 }] }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({
      'instalments.0.dueOn': 'Enter the due date as YYYY-MM-DD',
      'instalments.0.items.0.amount': 'Enter an amount from ₹0.01 to ₹1,00,00,000.00',
    });
    const twice = await t.call('POST', url('/fee-structures'), {
      token: admin,
      body: { classId: s.otherClassId, academicYear: '2026-27', instalments: [{ name: 'Q1', dueOn: '2026-04-30', items: [{ headId: s.tuition, amount: 10 }, { headId: s.tuition, amount: 5 }] }] },
    });
    expect(twice.body.error.details).toEqual({ 'instalments.0.items.1.headId': 'A fee head appears twice in this instalment' });
    const foreignHead = await t.call('POST', url('/fee-structures', b), {
      token: b.members.admin.token,
      body: { classId: s.otherClassId, academicYear: '2026-27', instalments: quarters(s) },
    });
    expect(foreignHead.status).toBe(404);
    const after = await t.db.query(`SELECT count(*)::int AS n FROM fee_structures WHERE school_id = $1`, [a.schoolId]);
    expect(after[0].n).toBe(before[0].n);

    const list = await t.call('GET', url(`/fee-structures?classId=${s.classId}`), { token: acc });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND entity_id = $2`, [a.schoolId, st.id]);
    expect(audit).toEqual([{ action: 'fee_structure.created' }]);
  });

  it('concessions: percent (rounded down to the paisa), amount (oldest instalment first, chosen heads), RTE tuition waived by default, approver recorded', async () => {
    const plain = await newStudent(s.sectionId);
    const none = await fees(plain, '2026-04-01');
    expect(none.instalments.map((i: any) => [i.amount, i.concession, i.lateFee, i.paid, i.balance])).toEqual([
      [450_000, 0, 0, 0, 450_000],
      [400_000, 0, 0, 0, 400_000],
      [400_000, 0, 0, 0, 400_000],
      [400_000, 0, 0, 0, 400_000],
    ]);

    // 15 % sibling concession on tuition: 3,000.00 × 15 % = 450.00 each quarter.
    const sibling = await newStudent(s.sectionId);
    const con = await t.call('POST', url(`/students/${sibling}/concessions`), { token: admin, body: { kind: 'sibling', percent: 15, headIds: [s.tuition], note: 'Elder sister in Class 8' } });
    expect(con.status).toBe(201);
    expect(con.body.data.concession).toMatchObject({ kind: 'sibling', percent: 15, amount: null, headIds: [s.tuition], approvedBy: a.members.admin.id });
    // A scholarship of ₹1,500.00 on transport: all of it from quarter 1's transport (₹1,000) then ₹500 from quarter 2's.
    expect((await t.call('POST', url(`/students/${sibling}/concessions`), { token: acc, body: { kind: 'scholarship', amount: 150_000, headIds: [s.transport] } })).status).toBe(201);
    const f = await fees(sibling, '2026-04-01');
    expect(f.instalments.map((i: any) => i.concession)).toEqual([45_000 + 100_000, 45_000 + 50_000, 45_000, 45_000]);
    expect(f.instalments[0].balance).toBe(450_000 - 145_000);
    expect(f.totals).toMatchObject({ amount: 1_650_000, concession: 330_000, paid: 0, balance: 1_320_000 });

    // Rounding: 7 % of ₹3,000.00 = 210.00 exactly; 33 % of ₹1,000.00 = ₹330.00; on a 1,000.01 head it rounds down.
    const odd = await newStudent(s.sectionId);
    await t.call('POST', url(`/students/${odd}/concessions`), { token: acc, body: { kind: 'staff', percent: 33 } });
    const g = await fees(odd, '2026-04-01');
    expect(g.instalments[0].items.map((i: any) => i.concession)).toEqual([99_000, 16_500, 33_000]);

    // An RTE student: tuition fully waived with no concession recorded; the other heads stay.
    const rte = await newStudent(s.sectionId, { rte: true });
    const r = await fees(rte, '2026-04-01');
    expect(r.rte).toBe(true);
    expect(r.concessions).toEqual([expect.objectContaining({ kind: 'rte', percent: 100, headIds: [s.tuition], implicit: true })]);
    expect(r.instalments.map((i: any) => i.balance)).toEqual([150_000, 100_000, 100_000, 100_000]);
    expect(r.instalments[0].items.find((i: any) => i.headId === s.tuition)).toMatchObject({ amount: TUITION, concession: TUITION, balance: 0 });

    const bad = await t.call('POST', url(`/students/${plain}/concessions`), { token: acc, body: { kind: 'gift', percent: 10, amount: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ kind: 'Kind must be sibling, staff, rte, scholarship or other' });
    const both = await t.call('POST', url(`/students/${plain}/concessions`), { token: acc, body: { kind: 'other', percent: 10, amount: 5 } });
    expect(both.body.error.details).toEqual({ percent: 'Give either a percent or an amount, not both' });
    const list = await t.call('GET', url(`/students/${sibling}/concessions`), { token: acc });
    expect(list.body.data.total).toBe(2);
  });

  it('late fees: per day after the grace period, capped; fixed once past the grace; frozen on the day the instalment is paid', async () => {
    const st = await newStudent(s.sectionId);
    // Quarter 1 is due 2026-04-10, grace 5 days: nothing until the 15th, ₹10 a day after, at most ₹200.
    expect((await fees(st, '2026-04-15')).instalments[0].lateFee).toBe(0);
    expect((await fees(st, '2026-04-16')).instalments[0].lateFee).toBe(1_000);
    expect((await fees(st, '2026-04-20')).instalments[0]).toMatchObject({ lateFee: 5_000, balance: 455_000, status: 'overdue' });
    expect((await fees(st, '2026-06-30')).instalments[0].lateFee).toBe(20_000);

    // Paid in full on 2026-04-18 (3 days late): the late fee stays ₹30 for ever after.
    const paid = await pay({ studentId: st, amount: 450_000 + 3_000, paidOn: '2026-04-18', instalmentIds: undefined });
    expect(paid.status).toBe(201);
    const later = await fees(st, '2026-11-01');
    expect(later.instalments[0]).toMatchObject({ lateFee: 3_000, paid: 453_000, balance: 0, status: 'paid' });
    expect(later.instalments[1]).toMatchObject({ lateFee: 20_000, status: 'overdue' });

    // A fixed rule: ₹100 once the day after the due date (no grace).
    const st2 = await t.call('GET', url(`/fee-structures?classId=${s.classId}`), { token: acc });
    const structureId = st2.body.data.items[0].id;
    const put = await t.call('PUT', url(`/fee-structures/${structureId}/late-fee`), { token: admin, body: { lateFee: { kind: 'fixed', amount: 10_000, graceDays: 0 } } });
    expect(put.status).toBe(200);
    expect(put.body.data.structure.lateFee).toEqual({ kind: 'fixed', amount: 10_000, graceDays: 0, cap: null });
    const other = await newStudent(s.sectionId);
    expect((await fees(other, '2026-04-10')).instalments[0].lateFee).toBe(0);
    expect((await fees(other, '2026-04-11')).instalments[0].lateFee).toBe(10_000);
    expect((await fees(other, '2026-12-31')).instalments[0].lateFee).toBe(10_000);
    // Back to the per-day rule for the rest of the file.
    await t.call('PUT', url(`/fee-structures/${structureId}/late-fee`), { token: admin, body: { lateFee: { kind: 'per_day', amount: 1_000, graceDays: 5, cap: 20_000 } } });
  });

  it('allocation: oldest dues first (heads, then the late fee), or the chosen instalments; more than is due is 422 and takes no number', async () => {
    const st = await newStudent(s.sectionId);
    // On 2026-04-12 nothing is late yet: 4,500 + 1,000 of quarter 2's tuition.
    const first = await pay({ studentId: st, amount: 550_000, paidOn: '2026-04-12', mode: 'upi', reference: 'UPI123456' });
    expect(first.status).toBe(201);
    const r = first.body.data.receipt;
    expect(r.number).toMatch(/^2026-27\/\d{6}$/);
    expect(r.allocations.map((x: any) => [x.instalmentName, x.headId, x.amount])).toEqual([
      ['Quarter 1', s.tuition, TUITION],
      ['Quarter 1', s.annual, ANNUAL],
      ['Quarter 1', s.transport, TRANSPORT],
      ['Quarter 2', s.tuition, 100_000],
    ]);
    expect(r.lines[0]).toEqual({ headId: s.tuition, headName: 'Tuition fee', tuition: true, amount: 400_000 });
    expect(r).toMatchObject({ amount: 550_000, mode: 'upi', reference: 'UPI123456', status: 'active', tuitionAmount: 400_000, amountInWords: 'Rupees Five Thousand Five Hundred Only' });

    const f = await fees(st, '2026-04-12');
    expect(f.instalments.map((i: any) => [i.paid, i.balance, i.status])).toEqual([
      [450_000, 0, 'paid'],
      [100_000, 300_000, 'partly_paid'],
      [0, 400_000, 'upcoming'],
      [0, 400_000, 'upcoming'],
    ]);

    // Chosen instalment: quarter 4 only.
    const q4 = f.instalments[3].instalmentId;
    const chosen = await pay({ studentId: st, amount: 400_000, paidOn: '2026-04-12', instalmentIds: [q4] });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data.receipt.allocations.every((x: any) => x.instalmentId === q4)).toBe(true);

    // Too much: refused, nothing stored, and the next receipt takes the very next number.
    const beforeCount = await t.db.query(`SELECT count(*)::int AS n FROM fee_receipts WHERE school_id = $1`, [a.schoolId]);
    const tooMuch = await pay({ studentId: st, amount: 400_001, paidOn: '2026-04-12', instalmentIds: [f.instalments[2].instalmentId] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('PAYMENT_EXCEEDS_DUES');
    const afterCount = await t.db.query(`SELECT count(*)::int AS n FROM fee_receipts WHERE school_id = $1`, [a.schoolId]);
    expect(afterCount[0].n).toBe(beforeCount[0].n);
    const next = await pay({ studentId: st, amount: 100, paidOn: '2026-04-12' });
    const seq = (n: string) => Number(n.split('/')[1]);
    expect(seq(next.body.data.receipt.number)).toBe(seq(chosen.body.data.receipt.number) + 1);

    // Bad input: a clear message per field.
    const bad = await pay({ studentId: st, amount: 0, mode: 'cheque', paidOn: '2026-13-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ amount: expect.any(String), paidOn: 'Enter the payment date as YYYY-MM-DD', reference: 'Enter the reference (UPI transaction, cheque, DD, transfer or card number) for this mode' });
    const future = await pay({ studentId: st, amount: 100, paidOn: '2099-01-01' });
    expect(future.body.error.details).toEqual({ paidOn: 'The payment date cannot be in the future' });
    // A student whose class has no structure.
    const noStructure = await newStudent(s.otherSectionId);
    expect((await pay({ studentId: noStructure, amount: 100 })).body.error.code).toBe('NO_FEE_STRUCTURE');
  });

  it('50 concurrent payments by two accountants take 50 consecutive receipt numbers: no gap, no duplicate', async () => {
    const students = await Promise.all([0, 1, 2, 3, 4].map(() => newStudent(s.sectionId)));
    const before = await t.db.query(`SELECT coalesce(max(seq), 0)::int AS n FROM fee_receipts WHERE school_id = $1 AND financial_year = '2026-27'`, [a.schoolId]);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pay({ studentId: students[i % 5], amount: 1_000 + i, paidOn: '2026-11-02' }, i % 2 ? accountant2.token : acc)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const seqs = results.map((r) => Number(r.body.data.receipt.number.split('/')[1])).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => before[0].n + 1 + i));
    const rows = await t.db.query(`SELECT seq::int FROM fee_receipts WHERE school_id = $1 AND financial_year = '2026-27' ORDER BY seq`, [a.schoolId]);
    expect(rows.map((r: any) => r.seq)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    // Every student's paid total is exactly what was paid for them.
    for (const [k, st] of students.entries()) {
      const expected = results.filter((_, i) => i % 5 === k).reduce((sum, r) => sum + r.body.data.receipt.amount, 0);
      expect((await fees(st, '2026-11-02')).totals.paid).toBe(expected);
    }
  });

  it('cancelling keeps the number, marks it cancelled with the reason, reverses the allocation; twice is 422; the day book lists it', async () => {
    const st = await newStudent(s.sectionId);
    const res = await pay({ studentId: st, amount: 200_000, paidOn: '2026-11-02', mode: 'cheque', reference: 'CHQ 004512' });
    const r = res.body.data.receipt;
    expect((await fees(st, '2026-11-02')).totals.paid).toBe(200_000);
    const cancelled = await t.call('POST', url(`/receipts/${r.id}/cancel`), { token: admin, body: { reason: 'Cheque bounced' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.receipt).toMatchObject({ id: r.id, number: r.number, status: 'cancelled', cancelReason: 'Cheque bounced', amount: 200_000 });
    expect((await fees(st, '2026-11-02')).totals.paid).toBe(0);
    const again = await t.call('POST', url(`/receipts/${r.id}/cancel`), { token: admin, body: { reason: 'Again' } });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('RECEIPT_CANCELLED');
    expect((await t.call('POST', url(`/receipts/${r.id}/cancel`), { token: admin, body: {} })).body.error.details).toEqual({ reason: 'Give the reason for cancelling (at most 200 characters)' });
    const audit = await t.db.query(`SELECT action, after->>'reason' AS reason FROM audit_log WHERE school_id = $1 AND entity_id = $2 ORDER BY id`, [a.schoolId, r.id]);
    expect(audit).toEqual([
      { action: 'fee_receipt.created', reason: null },
      { action: 'fee_receipt.cancelled', reason: 'Cheque bounced' },
    ]);

    const today = new Date(t.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const cancelDay = await t.call('GET', url(`/fees/day-book?date=${today}`), { token: acc });
    expect(cancelDay.body.data.cancellations).toContainEqual(expect.objectContaining({ receiptId: r.id, number: r.number, amount: 200_000, reason: 'Cheque bounced' }));
    const paidDay = await t.call('GET', url('/fees/day-book?date=2026-11-02'), { token: acc });
    expect(paidDay.status).toBe(200);
    const d = paidDay.body.data;
    expect(d.receipts.find((x: any) => x.id === r.id).status).toBe('cancelled');
    // Collections count the active receipts only.
    const active = d.receipts.filter((x: any) => x.status === 'active');
    expect(d.totals.amount).toBe(active.reduce((sum: number, x: any) => sum + x.amount, 0));
    expect(d.collections.find((c: any) => c.mode === 'cheque')).toBeUndefined();
  });

  it('the receipt PDF: school header, tuition on its own Section 80C line, total, words, mode and reference, GST note; a reprint says DUPLICATE', async () => {
    const st = await newStudent(s.sectionId);
    const res = await pay({ studentId: st, amount: 12_345_67, paidOn: '2026-11-02', mode: 'upi', reference: 'UTR 6123 4567' });
    expect(res.status).toBe(201);
    const id = res.body.data.receipt.id;
    const get = async (q = '') => {
      const r = await fetch(`${t.baseUrl}/api/v1/schools/${a.schoolId}/receipts/${id}/pdf${q}`, { headers: { authorization: `Bearer ${acc}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      return pdfText(Buffer.from(await r.arrayBuffer())).replace(/\s+/g, ' ');
    };
    const text = await get();
    expect(text).toContain(`Workspace School ${a.subdomain}`);
    expect(text).toContain(res.body.data.receipt.number);
    // Three quarters' tuition (₹9,000) on the Section 80C line; the rest goes to transport, annual charges and late fees.
    expect(text).toContain('Section 80C');
    expect(text).toContain('9,000.00');
    expect(text).toContain('Tuition fee in this receipt: 9,000.00 (Section 80C).');
    expect(text).toContain('Total 12,345.67');
    expect(text).toContain('Rupees Twelve Thousand Three Hundred Forty-Five and Sixty-Seven Paise Only');
    expect(text).toContain('Education services are exempt from GST.');
    expect(text).toContain('UPI');
    expect(text).toContain('UTR 6123 4567');
    expect(text).toContain('02/11/2026');
    expect(text).not.toContain('DUPLICATE');
    expect(await get()).toContain('DUPLICATE');
    expect(await get('?copy=original')).not.toContain('DUPLICATE');
  });

  it('a guardian’s download is the guardian’s copy, not a print: the office’s first print is still the original, its second DUPLICATE; both audited', async () => {
    const st = await newStudent(s.sectionId);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, st, a.members.guardian.id]);
    const res = await pay({ studentId: st, amount: 2_000_00, paidOn: '2026-11-02', mode: 'cash' });
    expect(res.status).toBe(201);
    const { id, number } = res.body.data.receipt;
    const get = async (token: string, q = '') => {
      const r = await fetch(`${t.baseUrl}/api/v1/schools/${a.schoolId}/receipts/${id}/pdf${q}`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      return pdfText(Buffer.from(await r.arrayBuffer())).replace(/\s+/g, ' ');
    };
    const printCount = async () => (await t.call('GET', url(`/receipts/${id}`), { token: acc })).body.data.receipt.printCount;
    const guardian = a.members.guardian.token;

    // The guardian downloads it twice (asking for the original changes nothing): the guardian's copy each time, never counted.
    for (const q of ['', '?copy=original']) {
      const copy = await get(guardian, q);
      expect(copy).toContain('FEE RECEIPT — GUARDIAN’S COPY');
      expect(copy).toContain('Downloaded by the guardian from the school portal on');
      expect(copy).toContain('The receipt issued by the school office is the original.');
      expect(copy).not.toContain('DUPLICATE');
      expect(copy).toContain(number);
      expect(copy).toContain('Total 2,000.00');
    }
    expect(await printCount()).toBe(0);

    // The office's first print is the original; its second is the duplicate.
    const first = await get(acc);
    expect(first).toContain('FEE RECEIPT');
    expect(first).not.toContain('DUPLICATE');
    expect(first).not.toContain('GUARDIAN');
    expect(await printCount()).toBe(1);
    const second = await get(admin);
    expect(second).toContain('FEE RECEIPT — DUPLICATE');
    expect(second).not.toContain('GUARDIAN');
    expect(await printCount()).toBe(2);
    // A guardian's download after the office's prints is still the guardian's copy.
    expect(await get(guardian)).toContain('GUARDIAN’S COPY');
    expect(await printCount()).toBe(2);

    // Every download and print is in the audit log, in order, with who did it.
    const audit = await t.db.query(`SELECT action, actor_id, after FROM audit_log WHERE school_id = $1 AND entity = 'fee_receipt' AND entity_id = $2 AND action <> 'fee_receipt.created' ORDER BY id`, [
      a.schoolId,
      id,
    ]);
    expect(audit.map((x: any) => [x.action, x.actor_id, x.after])).toEqual([
      ['fee_receipt.downloaded', a.members.guardian.id, { number, copy: 'guardian' }],
      ['fee_receipt.downloaded', a.members.guardian.id, { number, copy: 'guardian' }],
      ['fee_receipt.printed', a.members.accountant.id, { number, print: 1 }],
      ['fee_receipt.printed', a.members.admin.id, { number, print: 2 }],
      ['fee_receipt.downloaded', a.members.guardian.id, { number, copy: 'guardian' }],
    ]);
  });

  it('the defaulters list as on a date shrinks when a student pays; XLSX export; collection by class, head and mode', async () => {
    const st = await newStudent(s.sectionId);
    const list = async () => (await t.call('GET', url('/fees/defaulters?asOf=2026-11-02&pageSize=200'), { token: acc })).body.data;
    const before = await list();
    const mine = before.items.find((d: any) => d.studentId === st);
    // Quarters 1–3 are due; quarters 1 and 2 at the ₹200 cap, quarter 3 at 18 days past the grace (15 October) = ₹180.
    expect(mine).toMatchObject({ overdueInstalments: 3, lateFee: 20_000 + 20_000 + 18_000, balance: 1_250_000 + 58_000, oldestDueOn: '2026-04-10' });
    expect(before.asOf).toBe('2026-11-02');
    expect(before.totalBalance).toBe(before.items.reduce((sum: number, d: any) => sum + d.balance, 0));

    expect((await pay({ studentId: st, amount: mine.balance })).status).toBe(201);
    const after = await list();
    expect(after.items.find((d: any) => d.studentId === st)).toBeUndefined();
    expect(after.total).toBe(before.total - 1);
    expect(after.totalBalance).toBe(before.totalBalance - mine.balance);

    const xlsx = await fetch(`${t.baseUrl}/api/v1/schools/${a.schoolId}/fees/defaulters?asOf=2026-11-02&format=xlsx`, { headers: { authorization: `Bearer ${acc}` } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const ExcelJS = require('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()));
    const ws = wb.getWorksheet('Defaulters');
    expect(ws.getRow(1).getCell(1).value).toBe('Admission No.');
    expect(ws.rowCount).toBe(after.total + 3);

    const col = await t.call('GET', url('/fees/collection?from=2026-04-01&to=2027-03-31'), { token: acc });
    expect(col.status).toBe(200);
    const c = col.body.data;
    expect(c.byClass.map((x: any) => x.className)).toEqual(['Class 5']);
    expect(c.byClass[0].amount).toBe(c.total);
    expect(c.byHead.reduce((sum: number, h: any) => sum + h.amount, 0)).toBe(c.total);
    expect(c.byHead[0]).toMatchObject({ headName: 'Tuition fee', tuition: true });
    expect(c.byHead.map((h: any) => h.headName)).toContain('Late fee');
    expect(c.byMode.reduce((sum: number, m: any) => sum + m.amount, 0)).toBe(c.total);
  });

  it('UPI: 422 until the school sets its UPI ID; then a upi://pay link for the instalment’s balance, with a QR', async () => {
    const st = await newStudent(s.sectionId);
    const f = await fees(st, '2026-11-02');
    const q3 = f.instalments[2].instalmentId;
    const none = await t.call('GET', url(`/students/${st}/fees/upi-qr?instalmentId=${q3}`), { token: acc });
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('UPI_NOT_SET');
    // The dues say whether a QR can be had, so a page never asks for one in vain (issue 36): a
    // guardian's page made a 422 on every visit before.
    expect((await t.call('GET', url(`/students/${st}/fees`), { token: acc })).body.data.upiAvailable).toBe(false);
    expect((await t.call('PUT', url('/fees/settings'), { token: acc, body: { upiId: 'not an id' } })).status).toBe(400);
    const set = await t.call('PUT', url('/fees/settings'), { token: admin, body: { upiId: 'dpsschool@sbi', upiName: 'DPS School' } });
    expect(set.body.data.settings).toEqual({ upiId: 'dpsschool@sbi', upiName: 'DPS School' });
    expect((await t.call('GET', url(`/students/${st}/fees`), { token: acc })).body.data.upiAvailable).toBe(true);
    const qr = await t.call('GET', url(`/students/${st}/fees/upi-qr?instalmentId=${q3}`), { token: acc });
    expect(qr.status).toBe(200);
    const balance = (await fees(st, t.clock.now().toISOString().slice(0, 10))).instalments[2].balance;
    expect(qr.body.data.amount).toBe(balance);
    const rupees = `${Math.trunc(balance / 100)}.${String(balance % 100).padStart(2, '0')}`;
    expect(qr.body.data.link).toMatch(new RegExp(`^upi://pay\\?pa=dpsschool%40sbi&pn=DPS%20School&am=${rupees.replace('.', '\\.')}&tr=[A-Za-z0-9-]+&tn=[^&]+&cu=INR$`));
    expect(qr.body.data.qr).toMatch(/^data:image\/png;base64,/);
    expect(qr.body.data.svg).toContain('<svg');
  });

  it('permissions: teacher and office 403; a guardian sees only their own child’s dues and receipts; another school’s ids answer 404', async () => {
    const st = await newStudent(s.sectionId);
    const receipt = (await pay({ studentId: st, amount: 1_000 })).body.data.receipt;
    for (const role of ['teacher', 'office'] as const) {
      const token = a.members[role].token;
      expect((await pay({ studentId: st, amount: 100 }, token)).status).toBe(403);
      expect((await t.call('GET', url('/fee-heads'), { token })).status).toBe(403);
      expect((await t.call('GET', url(`/students/${st}/fees`), { token })).status).toBe(403);
      expect((await t.call('GET', url('/fees/day-book'), { token })).status).toBe(403);
      expect((await t.call('GET', url(`/receipts/${receipt.id}/pdf`), { token })).status).toBe(403);
    }
    const guardian = a.members.guardian.token;
    expect((await pay({ studentId: st, amount: 100 }, guardian)).status).toBe(403);
    expect((await t.call('GET', url('/fees/defaulters'), { token: guardian })).status).toBe(403);
    expect((await t.call('GET', url(`/students/${st}/fees`), { token: guardian })).status).toBe(404);
    expect((await t.call('GET', url(`/receipts/${receipt.id}`), { token: guardian })).status).toBe(404);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, st, a.members.guardian.id]);
    expect((await t.call('GET', url(`/students/${st}/fees`), { token: guardian })).status).toBe(200);
    expect((await t.call('GET', url(`/receipts/${receipt.id}`), { token: guardian })).status).toBe(200);
    // The guardian's own list of their child's receipts (the guardian's view has no fees.collect).
    const mine = await t.call('GET', url(`/students/${st}/receipts`), { token: guardian });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ total: 1, page: 1 });
    expect(mine.body.data.items.map((r: { id: string }) => r.id)).toEqual([receipt.id]);
    const stranger = await newStudent(s.sectionId);
    await pay({ studentId: stranger, amount: 500 });
    expect((await t.call('GET', url(`/students/${stranger}/receipts`), { token: guardian })).status).toBe(404);
    expect((await t.call('GET', url(`/students/${st}/receipts`), { token: a.members.teacher.token })).status).toBe(403);
    expect((await t.call('GET', url(`/students/${st}/receipts`), { token: a.members.accountant.token })).body.data.total).toBe(1);

    // Another school: its accountant cannot reach school A's records, and an outsider not even the school.
    const otherAcc = b.members.accountant.token;
    expect((await t.call('GET', url(`/students/${st}/fees`, b), { token: otherAcc })).status).toBe(404);
    expect((await t.call('GET', url(`/receipts/${receipt.id}`, b), { token: otherAcc })).status).toBe(404);
    expect((await t.call('GET', url(`/receipts/${receipt.id}/pdf`, b), { token: otherAcc })).status).toBe(404);
    expect((await t.call('GET', url(`/students/${st}/receipts`, b), { token: otherAcc })).status).toBe(404);
    expect((await t.call('POST', url(`/receipts/${receipt.id}/cancel`, b), { token: b.members.admin.token, body: { reason: 'x' } })).status).toBe(404);
    expect((await pay({ studentId: st, amount: 100 }, otherAcc, b)).status).toBe(404);
    expect((await t.call('POST', url(`/students/${st}/concessions`, b), { token: otherAcc, body: { kind: 'other', percent: 5 } })).status).toBe(404);
    expect((await t.call('GET', url('/fee-heads'), { token: a.outsider.token })).status).toBe(404);
    expect((await t.call('GET', url('/fee-heads'), { token: otherAcc })).status).toBe(404);
  });

  it('the financial year turns on 1 April: 2027-28 numbering starts again at 000001', async () => {
    // Move the clock past 1 April 2027 so both dates are in the past (people signed in after the move).
    const target = Date.parse('2027-04-02T06:00:00Z');
    t.clock.advance(Math.max(0, target - t.clock.now().getTime()));
    const c = await createSchoolWithMembers(t);
    const cls = await addClass(t, c.schoolId, 'Class 1');
    const head = (await t.call('POST', url('/fee-heads', c), { token: c.members.admin.token, body: { name: 'Tuition', tuition: true } })).body.data.head.id;
    await t.call('POST', url('/fee-structures', c), {
      token: c.members.admin.token,
      body: { classId: cls.classId, academicYear: '2026-27', instalments: [{ name: 'Year', dueOn: '2026-04-10', items: [{ headId: head, amount: 1_000_000 }] }] },
    });
    const st = await newStudent(cls.sectionId, {}, c);
    const token = c.members.accountant.token;
    const numbers: string[] = [];
    for (const paidOn of ['2027-03-30', '2027-03-31', '2027-04-01', '2027-04-02']) {
      const res = await pay({ studentId: st, amount: 1_000, paidOn }, token, c);
      expect(res.status).toBe(201);
      numbers.push(res.body.data.receipt.number);
    }
    expect(numbers).toEqual(['2026-27/000001', '2026-27/000002', '2027-28/000001', '2027-28/000002']);
  });
});
