import ExcelJS from 'exceljs';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { pdfText } from '../exams/pdf-text';
import { pdfQrCodes } from './pdf-qr';

/** Class 10 (section A) of 2026-27, inserted directly. */
async function addClass(t: TestApp, schoolId: string, name: string): Promise<{ classId: string; sectionId: string }> {
  const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [schoolId, name]);
  const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
  return { classId: c.id, sectionId: s.id };
}

const YEAR_OF = (d: Date) => {
  const ist = new Date(d.getTime() + 330 * 60_000);
  const y = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
};

describe('certificates: TC, bonafide and character certificates, the register, the public check, ID cards', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let cls: { classId: string; sectionId: string };
  let otherCls: { classId: string; sectionId: string };
  let year: string;
  let admin: string;
  let office: string;
  const url = (path: string, school = a) => `/schools/${school.schoolId}${path}`;

  const newStudent = async (extra: Record<string, unknown> = {}, school = a, sectionId = cls.sectionId): Promise<{ id: string; admissionNumber: string; lastName: string }> => {
    const lastName = `Sharma${uniq().slice(0, 4)}`;
    const res = await t.call('POST', url('/students', school), {
      token: school.members.admin.token,
      body: {
        firstName: 'Aarav',
        lastName,
        dateOfBirth: '2010-05-14',
        gender: 'male',
        sectionId,
        socialCategory: 'obc',
        bloodGroup: 'B+',
        guardians: [
          { name: 'Rakesh Sharma', relation: 'father', phone: '9876543210' },
          { name: 'Sunita Sharma', relation: 'mother', phone: '9876543211' },
        ],
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    return { id: res.body.data.student.id, admissionNumber: res.body.data.student.admissionNumber, lastName };
  };
  const leave = async (studentId: string, school = a) => {
    const res = await t.call('PATCH', url(`/students/${studentId}`, school), {
      token: school.members.office.token,
      body: { status: 'left', leftOn: '2026-11-20', leavingReason: 'Family moved to Lucknow' },
    });
    expect(res.status).toBe(200);
  };
  const issue = (studentId: string, body: Record<string, unknown>, token = office, school = a) =>
    t.call('POST', url(`/students/${studentId}/certificates`, school), { token, body });
  const pdf = async (certificateId: string, token = office, query = '') => {
    const res = await fetch(`${t.baseUrl}/api/v1${url(`/certificates/${certificateId}/pdf${query}`)}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const count = async (sql: string, params: unknown[]) => Number((await t.db.query(sql, params))[0].n);

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    admin = a.members.admin.token;
    office = a.members.office.token;
    year = YEAR_OF(t.clock.now());
    await t.db.query(`UPDATE schools SET affiliation_number = '2130456', school_code = $2, board = 'CBSE', name = 'Kendriya Vidya Niketan' WHERE id = $1`, [
      a.schoolId,
      `0${String(Date.now()).slice(-10)}`,
    ]);
    cls = await addClass(t, a.schoolId, 'Class 10');
    otherCls = await addClass(t, b.schoolId, 'Class 10');
    // A fee structure with an instalment due in April: a leaver owes ₹1,500.00 until it is paid.
    const head = await t.call('POST', url('/fee-heads'), { token: a.members.accountant.token, body: { name: 'Tuition fee', tuition: true } });
    expect(head.status).toBe(201);
    const structure = await t.call('POST', url('/fee-structures'), {
      token: admin,
      body: { classId: cls.classId, academicYear: '2026-27', instalments: [{ name: 'Quarter 1', dueOn: '2026-04-10', items: [{ headId: head.body.data.head.id, amount: 150_000 }] }] },
    });
    expect(structure.status).toBe(201);
  });
  afterAll(() => t.close());

  it('a bonafide certificate needs a purpose; issued, it answers {certificate} with BON/<year>/0001 and a 128-bit verification code', async () => {
    const s = await newStudent();
    const missing = await issue(s.id, { kind: 'bonafide' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.purpose).toBeTruthy();
    const wrongField = await issue(s.id, { kind: 'bonafide', purpose: 'Bank account', fields: { boardResult: 'x' } });
    expect(wrongField.status).toBe(400);
    expect(await count(`SELECT count(*) AS n FROM certificates WHERE school_id = $1`, [a.schoolId])).toBe(0);

    const res = await issue(s.id, { kind: 'bonafide', purpose: 'Opening a bank account' });
    expect(res.status).toBe(201);
    const c = res.body.data.certificate;
    expect(c).toMatchObject({ kind: 'bonafide', number: `BON/${year}/0001`, status: 'issued', purpose: 'Opening a bank account' });
    expect(c.issuedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(c.verifyCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const audit = await t.db.query(`SELECT action, after FROM audit_log WHERE school_id = $1 AND entity_id = $2`, [a.schoolId, c.id]);
    expect(audit.map((r: any) => r.action)).toEqual(['certificate.issued']);
    expect(audit[0].after.number).toBe(`BON/${year}/0001`);
  });

  it('20 concurrent issues take the numbers 0001 to 0020 without gaps or repeats', async () => {
    const students: { id: string }[] = [];
    for (let i = 0; i < 5; i += 1) students.push(await newStudent());
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => issue(students[i % 5].id, { kind: 'character', fields: { conduct: 'Good' } }, i % 2 ? office : admin)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.body.data.certificate.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `CHR/${year}/${String(i + 1).padStart(4, '0')}`));
  });

  describe('a transfer certificate', () => {
    let leaver: { id: string; admissionNumber: string; lastName: string };
    let tcId: string;
    let tcNumber: string;
    let verifyCode: string;

    beforeAll(async () => {
      leaver = await newStudent({ admissionDate: '2019-04-02' });
      await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) SELECT $1, id FROM global_subjects ORDER BY sort_order LIMIT 2`, [cls.classId]);
    });

    it('is refused for an active student (422 STUDENT_NOT_LEFT) and, with dues unpaid, 422 DUES_OUTSTANDING naming the amount in rupees; nothing is written', async () => {
      const active = await issue(leaver.id, { kind: 'transfer' });
      expect(active.status).toBe(422);
      expect(active.body.error.code).toBe('STUDENT_NOT_LEFT');
      await leave(leaver.id);
      const dues = await issue(leaver.id, { kind: 'transfer' });
      expect(dues.status).toBe(422);
      expect(dues.body.error.code).toBe('DUES_OUTSTANDING');
      expect(dues.body.error.message).toContain('₹1,500.00');
      expect(await count(`SELECT count(*) AS n FROM certificates WHERE school_id = $1 AND kind = 'transfer'`, [a.schoolId])).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM certificate_counters WHERE school_id = $1 AND kind = 'transfer' AND next_value > 1`, [a.schoolId])).toBe(0);
    });

    it('the office cannot override dues (403); an admin can, with a reason (400 without), audited; the fields come from the record, with the office’s edits', async () => {
      const byOffice = await issue(leaver.id, { kind: 'transfer', overrideDues: true, reason: 'Fee waived by the management' }, office);
      expect(byOffice.status).toBe(403);
      const noReason = await issue(leaver.id, { kind: 'transfer', overrideDues: true }, admin);
      expect(noReason.status).toBe(400);
      expect(noReason.body.error.details.reason).toBeTruthy();

      const res = await issue(leaver.id, { kind: 'transfer', overrideDues: true, reason: 'Fee waived by the management', fields: { conduct: 'Very good', games: 'Cricket' } }, admin);
      expect(res.status).toBe(201);
      const c = res.body.data.certificate;
      expect(c).toMatchObject({ kind: 'transfer', number: `TC/${year}/0001`, status: 'issued', duesOverridden: true });
      tcId = c.id;
      tcNumber = c.number;
      verifyCode = c.verifyCode;
      const got = await t.call('GET', url(`/certificates/${tcId}`), { token: office });
      expect(got.body.data.certificate.fields).toMatchObject({
        studentName: `Aarav ${leaver.lastName}`,
        fatherName: 'Rakesh Sharma',
        motherName: 'Sunita Sharma',
        nationality: 'Indian',
        category: 'Yes (OBC)',
        dateOfBirth: '2010-05-14',
        dateOfBirthInWords: 'Fourteenth May Two Thousand Ten',
        classLastStudied: 'Class 10 (2026-27)',
        feesPaidUpTo: 'None paid',
        conduct: 'Very good',
        games: 'Cricket',
        reasonForLeaving: 'Family moved to Lucknow',
      });
      expect(got.body.data.certificate.fields.firstAdmission).toContain('02/04/2019');
      expect(got.body.data.certificate.fields.subjects.length).toBeGreaterThan(0);
      const [audit] = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND entity_id = $2 AND action = 'certificate.issued'`, [a.schoolId, tcId]);
      expect(audit.after).toMatchObject({ number: tcNumber, duesOverridden: true, duesPaise: 150_000, overrideReason: 'Fee waived by the management' });
    });

    it('one live TC per student: a second answers 409 CERTIFICATE_EXISTS', async () => {
      const again = await issue(leaver.id, { kind: 'transfer', overrideDues: true, reason: 'Again' }, admin);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('CERTIFICATE_EXISTS');
    });

    it('the PDF: the record’s fields, the affiliation number and UDISE code; the first print is the original, every later one DUPLICATE; Hindi too', async () => {
      const first = await pdf(tcId);
      expect(first.status).toBe(200);
      expect(first.type).toBe('application/pdf');
      const text = await pdfText(first.bytes);
      expect(text).toContain('TRANSFER CERTIFICATE');
      expect(text).toContain(tcNumber);
      expect(text).toContain(`Aarav ${leaver.lastName}`);
      expect(text).toContain('Fourteenth May Two Thousand Ten');
      expect(text).toContain('14/05/2010');
      expect(text).toContain('2130456');
      expect(text).toContain('UDISE code');
      expect(text).toContain('Kendriya Vidya Niketan');
      expect(text).toContain(`/verify/${verifyCode}`);
      expect(text).not.toContain('DUPLICATE');
      // The QR code, decoded from the PDF's image: the portal's verification address, which answers.
      const qr = await pdfQrCodes(first.bytes);
      expect(qr).toEqual([expect.stringMatching(new RegExp(`^https?://${a.subdomain}\\.[^/]+/verify/${verifyCode}$`))]);
      const fromQr = await t.call('GET', `/public/certificates/${qr[0].split('/verify/')[1]}`);
      expect(fromQr.body.data).toMatchObject({ number: tcNumber, status: 'issued' });
      const second = await pdf(tcId);
      expect(await pdfText(second.bytes)).toContain('DUPLICATE');
      const hindi = await pdf(tcId, office, '?lang=hi');
      expect(hindi.status).toBe(200);
      const hindiText = await pdfText(hindi.bytes);
      expect(hindiText).toContain('DUPLICATE');
      expect(hindiText).toContain('Name of the pupil');
      const prints = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND entity_id = $2 AND action = 'certificate.printed' ORDER BY at`, [a.schoolId, tcId]);
      expect(prints.map((r: any) => r.after.print)).toEqual([1, 2, 3]);
      const badLang = await pdf(tcId, office, '?lang=fr');
      expect(badLang.status).toBe(400);
    });

    it('the public check answers what the certificate says about itself, the surname as an initial; no sign-in', async () => {
      const res = await t.call('GET', `/public/certificates/${verifyCode}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ kind: 'transfer', number: tcNumber, schoolName: 'Kendriya Vidya Niketan', studentName: 'Aarav S.', issuedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), status: 'issued' });
      const unknown = await t.call('GET', `/public/certificates/${'A'.repeat(22)}`);
      expect(unknown.status).toBe(404);
      for (const bad of ['short', `${verifyCode}x`, 'not%20a%20code', "'%20OR%201=1"]) {
        const r = await t.call('GET', `/public/certificates/${bad}`);
        expect(r.status).toBe(404);
      }
    });

    it('cancel keeps the number (422 twice); the public check says cancelled; a reissue takes the next number and refers to the old one', async () => {
      const noReason = await t.call('POST', url(`/certificates/${tcId}/cancel`), { token: office, body: {} });
      expect(noReason.status).toBe(400);
      const cancelled = await t.call('POST', url(`/certificates/${tcId}/cancel`), { token: office, body: { reason: 'Date of birth misspelt' } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.certificate).toMatchObject({ number: tcNumber, status: 'cancelled', cancelReason: 'Date of birth misspelt' });
      const twice = await t.call('POST', url(`/certificates/${tcId}/cancel`), { token: office, body: { reason: 'Again' } });
      expect(twice.status).toBe(422);
      expect(twice.body.error.code).toBe('CERTIFICATE_CANCELLED');
      const check = await t.call('GET', `/public/certificates/${verifyCode}`);
      expect(check.body.data.status).toBe('cancelled');

      const reissued = await issue(leaver.id, { kind: 'transfer', overrideDues: true, reason: 'Fee waived by the management' }, admin);
      expect(reissued.status).toBe(201);
      expect(reissued.body.data.certificate).toMatchObject({ number: `TC/${year}/0002`, status: 'issued', replacesNumber: tcNumber });
      const text = await pdfText((await pdf(reissued.body.data.certificate.id)).bytes);
      expect(text).toContain(tcNumber);
      const cancelledPdf = await pdfText((await pdf(tcId)).bytes);
      expect(cancelledPdf).toContain('CANCELLED');
      const audit = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND entity_id = $2 AND action = 'certificate.cancelled'`, [a.schoolId, tcId]);
      expect(audit[0].after).toMatchObject({ number: tcNumber, status: 'cancelled', reason: 'Date of birth misspelt' });
    });

    it('a passed-out student with no dues gets a TC without any override', async () => {
      const s = await newStudent();
      const paid = await t.call('POST', url('/payments'), { token: a.members.accountant.token, body: { studentId: s.id, amount: 150_000, mode: 'cash', paidOn: '2026-04-05' } });
      expect(paid.status).toBe(201);
      const patched = await t.call('PATCH', url(`/students/${s.id}`), { token: office, body: { status: 'passed_out' } });
      expect(patched.status).toBe(200);
      const res = await issue(s.id, { kind: 'transfer' });
      expect(res.status).toBe(201);
      expect(res.body.data.certificate.duesOverridden).toBe(false);
      const got = await t.call('GET', url(`/certificates/${res.body.data.certificate.id}`), { token: office });
      expect(got.body.data.certificate.fields).toMatchObject({ qualifiedForPromotion: 'Yes', feesPaidUpTo: expect.stringContaining('Quarter 1') });
    });
  });

  it('the register: a list by kind and year; as XLSX with formula-like text neutralised', async () => {
    const s = await newStudent();
    const formula = await issue(s.id, { kind: 'bonafide', purpose: '=HYPERLINK("http://evil.example","x")' });
    expect(formula.status).toBe(201);
    const list = await t.call('GET', url(`/certificates?kind=transfer&academicYear=${year}`), { token: office });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(list.body.data.items.every((c: any) => c.kind === 'transfer')).toBe(true);
    const other = await t.call('GET', url('/certificates?academicYear=2001-02'), { token: office });
    expect(other.body.data.total).toBe(0);
    const bad = await t.call('GET', url('/certificates?kind=diploma'), { token: office });
    expect(bad.status).toBe(400);

    const res = await fetch(`${t.baseUrl}/api/v1${url('/certificates?format=xlsx&kind=bonafide')}`, { headers: { authorization: `Bearer ${office}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const ws = wb.getWorksheet('Certificates')!;
    const purposes: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) purposes.push(String(row.getCell(7).value));
    });
    expect(purposes).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(purposes.every((p) => !p.startsWith('='))).toBe(true);
  });

  it('ID cards: a section’s cards as a PDF with the admission numbers, blood group and guardian phone; another school’s section is 404', async () => {
    const s = await newStudent({ apaarId: '123456789012' });
    const res = await fetch(`${t.baseUrl}/api/v1${url(`/sections/${cls.sectionId}/id-cards`)}`, { headers: { authorization: `Bearer ${office}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = await res.arrayBuffer();
    const text = await pdfText(Buffer.from(bytes));
    expect(text).toContain(s.admissionNumber);
    expect(text).toContain('123456789012');
    expect(text).toContain('B+');
    expect(text).toContain('9876543210');
    expect(await pdfQrCodes(Buffer.from(bytes))).toContain(s.admissionNumber);
    const foreign = await t.call('GET', url(`/sections/${otherCls.sectionId}/id-cards`), { token: office });
    expect(foreign.status).toBe(404);
    const teacher = await t.call('GET', url(`/sections/${cls.sectionId}/id-cards`), { token: a.members.teacher.token });
    expect(teacher.status).toBe(403);
  });

  it('permissions: teachers, guardians and accountants cannot issue, list, print or cancel (403)', async () => {
    const s = await newStudent();
    const made = await issue(s.id, { kind: 'character' });
    const id = made.body.data.certificate.id;
    for (const role of ['teacher', 'guardian', 'accountant'] as const) {
      const token = a.members[role].token;
      expect((await issue(s.id, { kind: 'character' }, token)).status).toBe(403);
      expect((await t.call('GET', url('/certificates'), { token })).status).toBe(403);
      expect((await pdf(id, token)).status).toBe(403);
      expect((await t.call('POST', url(`/certificates/${id}/cancel`), { token, body: { reason: 'x' } })).status).toBe(403);
    }
  });

  it('tenancy: another school’s student and certificate answer 404 exactly as missing ones', async () => {
    const s = await newStudent();
    const made = await issue(s.id, { kind: 'character' });
    const id = made.body.data.certificate.id;
    const bOffice = b.members.office.token;
    expect((await issue(s.id, { kind: 'character' }, bOffice, b)).status).toBe(404);
    expect((await t.call('GET', url(`/certificates/${id}`, b), { token: bOffice })).status).toBe(404);
    expect((await t.call('POST', url(`/certificates/${id}/cancel`, b), { token: bOffice, body: { reason: 'x' } })).status).toBe(404);
    const res = await fetch(`${t.baseUrl}/api/v1${url(`/certificates/${id}/pdf`, b)}`, { headers: { authorization: `Bearer ${bOffice}` } });
    expect(res.status).toBe(404);
    expect((await t.call('GET', url(`/certificates/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`), { token: office })).status).toBe(404);
    const bList = await t.call('GET', url('/certificates', b), { token: bOffice });
    expect(bList.body.data.total).toBe(0);
  });

  it('the public check and the published TC list are rate-limited per address (429 with Retry-After)', async () => {
    const strict = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      let limited: Response | null = null;
      for (let i = 0; i < 40 && !limited; i += 1) {
        const res = await fetch(`${strict.baseUrl}/api/v1/public/certificates/${'B'.repeat(22)}`);
        if (res.status === 429) limited = res;
        else expect(res.status).toBe(404);
      }
      expect(limited).not.toBeNull();
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
      // The published TC list of a portal page has its own limit per address.
      let listLimited: Response | null = null;
      for (let i = 0; i < 70 && !listLimited; i += 1) {
        const res = await fetch(`${strict.baseUrl}/api/v1/public/schools/no-such-school/transfer-certificates`);
        if (res.status === 429) listLimited = res;
        else expect(res.status).toBe(404);
      }
      expect(listLimited).not.toBeNull();
    } finally {
      await strict.close();
    }
  });
});
