import ExcelJS from 'exceljs';
import { pdfText } from '../exams/pdf-text';
import { admitStudent, createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * Issue 36, the counter's money (DECISIONS "Fixes to the workspace contract": Money in messages,
 * Payments; "Fees"): a reference for every mode but cash, refusals in rupees, the RTE waiver on
 * tuition heads only (none → nothing waived) by the one rule of the dues page, the counter and the
 * defaulters list, the receipt's guardian, instalments, balance left and the staff member's name, a
 * Section 80C line on every receipt, the Hindi guardian's copy, and the day book as a workbook.
 */
describe('fees at the counter: references, rupees in messages, the RTE rule, the receipt, the day book workbook', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let acc: string;
  let admin: string;
  const url = (path: string, school = a) => `/schools/${school.schoolId}${path}`;

  const addClass = async (schoolId: string, name: string) => {
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [schoolId, name]);
    const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    return { classId: c.id as string, sectionId: s.id as string };
  };
  const head = async (school: SchoolWithMembers, name: string, tuition: boolean) => {
    const res = await t.call('POST', url('/fee-heads', school), { token: school.members.accountant.token, body: { name, tuition } });
    expect(res.status).toBe(201);
    return res.body.data.head.id as string;
  };
  const newStudent = (school: SchoolWithMembers, sectionId: string, extra: Record<string, unknown> = {}) => admitStudent(t, school, sectionId, extra);
  const receiptCount = async (schoolId: string) => (await t.db.query(`SELECT count(*)::int AS n FROM fee_receipts WHERE school_id = $1`, [schoolId]))[0].n as number;
  const file = async (path: string, token: string) => {
    const r = await fetch(`${t.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: r.status, type: r.headers.get('content-type'), disposition: r.headers.get('content-disposition'), body: Buffer.from(await r.arrayBuffer()) };
  };

  let sectionId: string;
  let tuition: string;
  let annual: string;
  let q1: string;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    acc = a.members.accountant.token;
    admin = a.members.admin.token;
    const cls = await addClass(a.schoolId, 'Class 4');
    sectionId = cls.sectionId;
    tuition = await head(a, 'Tuition fee', true);
    annual = await head(a, 'Annual charges', false);
    // Term 1 lists annual charges first, so a small payment goes to them alone (no tuition in it).
    const created = await t.call('POST', url('/fee-structures'), {
      token: admin,
      body: {
        classId: cls.classId,
        academicYear: '2026-27',
        instalments: [
          { name: 'Term 1', dueOn: '2026-04-10', items: [{ headId: annual, amount: 500_000 }, { headId: tuition, amount: 1_200_000 }] },
          { name: 'Term 2', dueOn: '2026-10-10', items: [{ headId: tuition, amount: 1_200_000 }] },
        ],
      },
    });
    expect(created.status).toBe(201);
    q1 = created.body.data.structure.instalments[0].id;
    // The accountant's full name, as the school knows them.
    await t.db.query(`UPDATE school_members SET name = 'Anil Kumar Verma' WHERE school_id = $1 AND user_id = $2`, [a.schoolId, a.members.accountant.id]);
  });
  afterAll(() => t.close());

  it('every mode but cash needs a reference (400 naming reference, nothing written); cash needs none', async () => {
    const st = await newStudent(a, sectionId);
    const before = await receiptCount(a.schoolId);
    for (const mode of ['upi', 'cheque', 'dd', 'bank_transfer', 'card']) {
      for (const reference of [undefined, '', '   ']) {
        const res = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 10_000, mode, paidOn: '2026-11-02', ...(reference === undefined ? {} : { reference }) } });
        expect([mode, reference, res.status]).toEqual([mode, reference, 400]);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
        expect(res.body.error.details).toEqual({ reference: 'Enter the reference (UPI transaction, cheque, DD, transfer or card number) for this mode' });
      }
    }
    expect(await receiptCount(a.schoolId)).toBe(before);
    const cash = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 10_000, mode: 'cash', paidOn: '2026-11-02' } });
    expect(cash.status).toBe(201);
    const transfer = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 10_000, mode: 'bank_transfer', reference: 'NEFT N123456', paidOn: '2026-11-02' } });
    expect(transfer.status).toBe(201);
    expect(transfer.body.data.receipt.reference).toBe('NEFT N123456');
  });

  it('a payment above the dues is refused in rupees as the screen shows them, never paise', async () => {
    const st = await newStudent(a, sectionId);
    const all = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 2_900_001, mode: 'cash', paidOn: '2026-11-02' } });
    expect(all.status).toBe(422);
    expect(all.body.error.code).toBe('PAYMENT_EXCEEDS_DUES');
    expect(all.body.error.details).toEqual({ amount: 'At most ₹29,000.00 is due' });
    expect(all.body.error.message).toBe('At most ₹29,000.00 is due.');
    const one = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 2_000_000, mode: 'cash', paidOn: '2026-11-02', instalmentIds: [q1] } });
    expect(one.status).toBe(422);
    expect(one.body.error.details).toEqual({ amount: 'At most ₹17,000.00 is due on these instalments' });
    expect(JSON.stringify(all.body) + JSON.stringify(one.body)).not.toMatch(/paise/i);
    // A structure's amount out of range says so in rupees too.
    const bad = await t.call('POST', url('/fee-heads'), { token: acc, body: { name: 'Lab', tuition: false } });
    const cls = await addClass(a.schoolId, 'Class 9');
    const structure = await t.call('POST', url('/fee-structures'), {
      token: admin,
      body: { classId: cls.classId, academicYear: '2026-27', instalments: [{ name: 'T1', dueOn: '2026-04-10', items: [{ headId: bad.body.data.head.id, amount: 0 }] }] },
    });
    expect(structure.status).toBe(400);
    expect(structure.body.error.details).toEqual({ 'instalments.0.items.0.amount': 'Enter an amount from ₹0.01 to ₹1,00,00,000.00' });
  });

  it('the receipt: guardian, instalments paid, balance left, the staff member’s full name, a Section 80C line even with no tuition in it', async () => {
    const st = await newStudent(a, sectionId);
    // ₹3,000 goes to Term 1's annual charges alone.
    const res = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 300_000, mode: 'upi', reference: 'UTR 88812', paidOn: '2026-11-02' } });
    expect(res.status).toBe(201);
    const r = res.body.data.receipt;
    expect(r).toMatchObject({ guardianName: 'Lakshmi Iyer', collectedByName: 'Anil Kumar Verma', tuitionAmount: 0, balanceAfter: 2_600_000, dueAfter: 2_600_000 });
    expect(r.lines).toEqual([{ headId: annual, headName: 'Annual charges', tuition: false, amount: 300_000 }]);
    const fees = (await t.call('GET', url(`/students/${st}/fees?asOf=2026-11-02`), { token: acc })).body.data;
    expect(fees.totals.balance).toBe(r.balanceAfter);

    const pdf = await file(url(`/receipts/${r.id}/pdf`), acc);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = (await pdfText(pdf.body)).replace(/\s+/g, ' ');
    expect(text).toContain('Parent / guardian: Lakshmi Iyer');
    expect(text).toContain('Instalments paid: Term 1 (₹3,000.00)');
    expect(text).toContain('Balance for the year after this payment: ₹26,000.00');
    expect(text).toContain('Received by Anil Kumar Verma');
    expect(text).not.toContain(a.members.accountant.username);
    // No tuition in this payment: the Section 80C line still stands, at 0.00.
    expect(text).toContain('Tuition fee (eligible for deduction under Section 80C of the Income-tax Act) 0.00');
    expect(text).toContain('Tuition fee in this receipt: 0.00 (Section 80C).');

    // The next payment reaches the tuition: its line and amount, and a smaller balance (part of it due later).
    const second = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 1_000_000, mode: 'cash', paidOn: '2026-11-02' } });
    expect(second.body.data.receipt).toMatchObject({ tuitionAmount: 800_000, balanceAfter: 1_600_000 });
    const text2 = (await pdfText((await file(url(`/receipts/${second.body.data.receipt.id}/pdf`), acc)).body)).replace(/\s+/g, ' ');
    expect(text2).toContain('Instalments paid: Term 1 (₹10,000.00)');
    expect(text2).toContain('Tuition fee in this receipt: 8,000.00 (Section 80C).');
    expect(text2).toContain('Balance for the year after this payment: ₹16,000.00');
  });

  it('the Hindi receipt: the guardian’s copy and the labels in Hindi', async () => {
    const st = await newStudent(a, sectionId);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, st, a.members.guardian.id]);
    const res = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 100_000, mode: 'cash', paidOn: '2026-11-02' } });
    const id = res.body.data.receipt.id;
    const hi = await file(url(`/receipts/${id}/pdf?lang=hi`), a.members.guardian.token);
    expect(hi.status).toBe(200);
    const text = (await pdfText(hi.body)).replace(/\s+/g, ' ');
    expect(text).not.toContain('GUARDIAN’S COPY');
    expect(text).not.toContain('FEE RECEIPT');
    expect(text).toContain('80C');
    expect(text).toContain('Lakshmi Iyer');
    const en = (await pdfText((await file(url(`/receipts/${id}/pdf`), a.members.guardian.token)).body)).replace(/\s+/g, ' ');
    expect(en).toContain('FEE RECEIPT — GUARDIAN’S COPY');
    expect((await t.call('GET', url(`/receipts/${id}/pdf?lang=fr`), { token: acc })).status).toBe(400);
  });

  it('RTE with no tuition head: nothing is waived, and the dues page, the counter and the defaulters list agree', async () => {
    const b = await createSchoolWithMembers(t);
    const cls = await addClass(b.schoolId, 'Class 2');
    const annualB = await head(b, 'Annual charges', false);
    const transportB = await head(b, 'Transport', false);
    const created = await t.call('POST', url('/fee-structures', b), {
      token: b.members.admin.token,
      body: { classId: cls.classId, academicYear: '2026-27', instalments: [{ name: 'Term 1', dueOn: '2026-04-10', items: [{ headId: annualB, amount: 400_000 }, { headId: transportB, amount: 200_000 }] }] },
    });
    expect(created.status).toBe(201);
    const rte = await newStudent(b, cls.sectionId, { rte: true });
    const accB = b.members.accountant.token;

    const fees = (await t.call('GET', url(`/students/${rte}/fees?asOf=2026-11-02`, b), { token: accB })).body.data;
    expect(fees.rte).toBe(true);
    expect(fees.concessions).toEqual([]);
    expect(fees.totals).toMatchObject({ amount: 600_000, concession: 0, balance: 600_000 });
    expect((await t.call('GET', url(`/students/${rte}/concessions`, b), { token: accB })).body.data.items).toEqual([]);

    const defaulters = (await t.call('GET', url('/fees/defaulters?asOf=2026-11-02', b), { token: accB })).body.data;
    expect(defaulters.items).toEqual([expect.objectContaining({ studentId: rte, balance: fees.totals.balance, overdueInstalments: 1 })]);

    // The counter takes what the page says is due, and not a paisa more.
    const over = await t.call('POST', url('/payments', b), { token: accB, body: { studentId: rte, amount: 600_001, mode: 'cash', paidOn: '2026-11-02' } });
    expect(over.body.error.details).toEqual({ amount: 'At most ₹6,000.00 is due' });
    const paid = await t.call('POST', url('/payments', b), { token: accB, body: { studentId: rte, amount: 600_000, mode: 'cash', paidOn: '2026-11-02' } });
    expect(paid.status).toBe(201);
    expect(paid.body.data.receipt.balanceAfter).toBe(0);
    expect((await t.call('GET', url('/fees/defaulters?asOf=2026-11-02', b), { token: accB })).body.data.items).toEqual([]);

    // With a tuition head the waiver covers it alone, on every screen alike.
    const tuitionB = await head(b, 'Tuition fee', true);
    const cls2 = await addClass(b.schoolId, 'Class 3');
    await t.call('POST', url('/fee-structures', b), {
      token: b.members.admin.token,
      body: { classId: cls2.classId, academicYear: '2026-27', instalments: [{ name: 'Term 1', dueOn: '2026-04-10', items: [{ headId: tuitionB, amount: 900_000 }, { headId: annualB, amount: 100_000 }] }] },
    });
    const rte2 = await newStudent(b, cls2.sectionId, { rte: true });
    const f2 = (await t.call('GET', url(`/students/${rte2}/fees?asOf=2026-11-02`, b), { token: accB })).body.data;
    expect(f2.concessions).toEqual([expect.objectContaining({ kind: 'rte', headIds: [tuitionB], implicit: true })]);
    expect(f2.totals).toMatchObject({ concession: 900_000, balance: 100_000 });
    const d2 = (await t.call('GET', url(`/fees/defaulters?asOf=2026-11-02&classId=${cls2.classId}`, b), { token: accB })).body.data;
    expect(d2.items).toEqual([expect.objectContaining({ studentId: rte2, balance: 100_000 })]);
  });

  it('the day book as a workbook: receipts, modes and totals as rupee numbers, a formula-like name kept as text', async () => {
    const st = await newStudent(a, sectionId, { firstName: '=HYPERLINK("http://x.test")', lastName: 'Shah' });
    const p1 = await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 123_456, mode: 'cheque', reference: '-CHQ 991', paidOn: '2026-10-15' } });
    expect(p1.status).toBe(201);
    const json = (await t.call('GET', url('/fees/day-book?date=2026-10-15'), { token: acc })).body.data;
    const x = await file(url('/fees/day-book?date=2026-10-15&format=xlsx'), acc);
    expect(x.status).toBe(200);
    expect(x.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(x.disposition).toBe('attachment; filename="day-book-2026-10-15.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.body as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Day book')!;
    const rows: unknown[][] = [];
    const numbers: number[] = [];
    ws.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
      numbers.push(row.number);
    });
    expect(String(rows[0][0])).toContain('day book of 15/10/2026');
    const receiptRow = rows.find((r) => r[0] === p1.body.data.receipt.number)!;
    expect(receiptRow[1]).toBe(`'=HYPERLINK("http://x.test") Shah`);
    expect(receiptRow[4]).toBe('Cheque');
    expect(receiptRow[5]).toBe(`'-CHQ 991`);
    expect(receiptRow[6]).toBe(1234.56);
    const total = rows.find((r) => r[0] === 'Total collected')!;
    expect(total[1]).toBe(json.totals.count);
    expect(total[6]).toBe(json.totals.amount / 100);
    expect(ws.getCell(`G${numbers[rows.indexOf(receiptRow)]}`).numFmt).toContain('##0.00');
    // The guard still holds: a teacher gets 403 for the workbook too.
    expect((await file(url('/fees/day-book?format=xlsx'), a.members.teacher.token)).status).toBe(403);
  });
});
