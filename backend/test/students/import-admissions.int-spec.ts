import ExcelJS from 'exceljs';
import { STUDENT_IMPORT_COLUMNS, UDISE_EXPORT_COLUMNS } from '@vidyalaya/shared/students';
import { clientAt, fakeIp } from '../auth/auth-helpers';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { addSections, fillStudents, freshAadhaar, studentBody, type Sections } from './students-support';

describe('students: import, admissions and the UDISE+ export', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let a: SchoolWithMembers;
  let sa: Sections;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '1', APP_DOMAIN: 'vidyalaya.test' });
    a = await createSchoolWithMembers(t);
    sa = await addSections(t, a);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  async function upload(s: SchoolWithMembers, token: string, file: Buffer | string, name: string, dryRun: boolean) {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    const res = await fetch(`${t.baseUrl}/api/v1/schools/${s.schoolId}/students/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  const header = STUDENT_IMPORT_COLUMNS.join(',');
  const line = (n: string, extra: Partial<Record<(typeof STUDENT_IMPORT_COLUMNS)[number], string>> = {}) => {
    const v: Record<string, string> = {
      admissionNumber: n,
      firstName: 'Riya',
      lastName: 'Patel',
      dateOfBirth: '14/05/2016',
      gender: 'female',
      class: 'Class 5',
      section: 'A',
      rollNumber: '',
      guardianName: 'Suresh Patel',
      guardianRelation: 'father',
      guardianPhone: '9812345678',
      guardianEmail: '',
      aadhaar: '',
      pen: '',
      apaarId: '',
      socialCategory: 'obc',
      rte: 'no',
      ...extra,
    };
    return STUDENT_IMPORT_COLUMNS.map((c) => v[c]).join(',');
  };
  const count = async (schoolId: string) => (await t.db.query(`SELECT count(*)::int AS n FROM students WHERE school_id = $1`, [schoolId]))[0].n as number;

  it('a dry run reports each bad cell; a commit with a bad row writes nothing; the fixed file commits once; importing it again creates nothing', async () => {
    const p = `I${uniq().slice(0, 4)}-`;
    const aadhaar = freshAadhaar();
    const rows = [
      line(`${p}1`, { aadhaar, rollNumber: '1' }),
      line(`${p}2`, { dateOfBirth: '31/02/2016', gender: 'girl' }),
      line(`${p}3`, { section: 'Z' }),
      line(`${p}4`, { guardianPhone: '12345', rte: 'maybe' }),
      line(`${p}1`),
      line(`${p}6`, { class: '5', section: 'b', dateOfBirth: '2016-01-31' }),
    ];
    const csv = `${header}\n${rows.join('\n')}\n,,,,,,,,,,,,,,,,\n`;
    const before = await count(a.schoolId);
    const dry = await upload(a, a.members.office.token, csv, 'students.csv', true);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ rows: 6, valid: 2, invalid: 4, created: 0 });
    expect(dry.body.data.errors).toEqual([
      { row: 3, field: 'dateOfBirth', message: 'Enter the date as DD/MM/YYYY or YYYY-MM-DD' },
      { row: 3, field: 'gender', message: 'Gender must be male, female or other' },
      { row: 4, field: 'section', message: 'Class 5 has no section Z this year' },
      { row: 5, field: 'guardianPhone', message: 'Enter a 10-digit Indian mobile number' },
      { row: 5, field: 'rte', message: 'RTE must be yes or no' },
      { row: 6, field: 'admissionNumber', message: 'Admission number repeats row 2' },
    ]);

    const refused = await upload(a, a.members.office.token, csv, 'students.csv', false);
    expect(refused.body.data).toMatchObject({ created: 0, invalid: 4 });
    expect(await count(a.schoolId)).toBe(before);

    const fixed = [rows[0], line(`${p}2`), line(`${p}3`), line(`${p}4`), line(`${p}5`), rows[5]];
    const good = `${header}\r\n${fixed.join('\r\n')}\r\n`;
    const committed = await upload(a, a.members.office.token, good, 'students.csv', false);
    expect(committed.status).toBe(200);
    expect(committed.body.data).toMatchObject({ rows: 6, valid: 6, invalid: 0, errors: [], created: 6 });
    expect(await count(a.schoolId)).toBe(before + 6);
    const imported = await t.call('GET', `/schools/${a.schoolId}/students?search=${p}6`, { token: a.members.office.token });
    expect(imported.body.data.items[0]).toMatchObject({ className: 'Class 5', sectionName: 'B', dateOfBirth: '2016-01-31', guardianPhone: '9812345678' });
    // The Aadhaar of an imported row is sealed like any other.
    const [sealed] = await t.db.query(`SELECT aadhaar_last4, encode(aadhaar_cipher, 'hex') AS c FROM students WHERE school_id = $1 AND admission_number = $2`, [a.schoolId, `${p}1`]);
    expect(sealed.aadhaar_last4).toBe(aadhaar.slice(8));
    expect(sealed.c).not.toContain(aadhaar.slice(0, 8));

    const again = await upload(a, a.members.office.token, good, 'students.csv', false);
    expect(again.body.data).toMatchObject({ rows: 6, valid: 6, invalid: 0, created: 0, existing: 6 });
    expect(await count(a.schoolId)).toBe(before + 6);

    // A new row whose Aadhaar another student has is refused.
    const dupe = await upload(a, a.members.office.token, `${header}\n${line(`${p}9`, { aadhaar })}\n`, 'x.csv', true);
    expect(dupe.body.data.errors).toEqual([{ row: 2, field: 'aadhaar', message: 'Another student of this school has this Aadhaar number' }]);
  });

  it('reads classes as schools write them: Roman numerals ("VI", "Class V", "Std. VI"), "6th" and plain numbers (issue 36)', async () => {
    const p = `R${uniq().slice(0, 4)}-`;
    const rows = [line(`${p}1`, { class: 'VI' }), line(`${p}2`, { class: 'Class V', section: 'b' }), line(`${p}3`, { class: 'Std. VI' }), line(`${p}4`, { class: '6th' }), line(`${p}5`, { class: 'XIII' })];
    const csv = `${header}\n${rows.join('\n')}\n`;
    const dry = await upload(a, a.members.office.token, csv, 'roman.csv', true);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ rows: 5, valid: 4, invalid: 1 });
    expect(dry.body.data.errors).toEqual([{ row: 6, field: 'class', message: 'Use a class name from Nursery to Class 12' }]);
    const committed = await upload(a, a.members.office.token, `${header}\n${rows.slice(0, 4).join('\n')}\n`, 'roman.csv', false);
    expect(committed.body.data).toMatchObject({ rows: 4, valid: 4, created: 4 });
    const placed: string[][] = [];
    for (const n of [1, 2, 3, 4]) {
      const got = await t.call('GET', `/schools/${a.schoolId}/students?search=${p}${n}`, { token: a.members.office.token });
      placed.push([got.body.data.items[0].admissionNumber, got.body.data.items[0].className, got.body.data.items[0].sectionName]);
    }
    expect(placed).toEqual([
      [`${p}1`, 'Class 6', 'A'],
      [`${p}2`, 'Class 5', 'B'],
      [`${p}3`, 'Class 6', 'A'],
      [`${p}4`, 'Class 6', 'A'],
    ]);
  });

  it('reads XLSX files (dates as Excel dates), and refuses a wrong header, a non-file and the wrong roles', async () => {
    const p = `X${uniq().slice(0, 4)}-`;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow([...STUDENT_IMPORT_COLUMNS]);
    ws.addRow([`${p}1`, 'Dev', 'Rao', new Date(Date.UTC(2015, 6, 9)), 'male', 'Class 6', 'A', 4, 'Lata Rao', 'mother', 9876501234, '', '', '', '', 'sc', 'yes']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(a, a.members.admin.token, file, 'students.xlsx', false);
    expect(res.body.data).toMatchObject({ rows: 1, valid: 1, created: 1 });
    const got = await t.call('GET', `/schools/${a.schoolId}/students?search=${p}1`, { token: a.members.admin.token });
    expect(got.body.data.items[0]).toMatchObject({ dateOfBirth: '2015-07-09', className: 'Class 6', rollNumber: 4, rte: true, guardianPhone: '9876501234' });

    const badHeader = await upload(a, a.members.admin.token, 'name,dob\nA,B\n', 'x.csv', true);
    expect(badHeader.body.data.errors).toEqual([
      { row: 1, field: 'file', message: 'The header row must name the columns admissionNumber, firstName, dateOfBirth, gender, class, section (download the template)' },
    ]);
    const notMultipart = await t.call('POST', `/schools/${a.schoolId}/students/import?dryRun=true`, { token: a.members.admin.token, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error.code).toBe('IMPORT_FILE_INVALID');
    const garbage = await upload(a, a.members.admin.token, Buffer.from('PK\u0003\u0004garbage'), 'x.xlsx', true);
    expect(garbage.status).toBe(400);
    expect((await upload(a, a.members.teacher.token, `${header}\n`, 'x.csv', true)).status).toBe(403);
    expect((await upload(a, a.members.accountant.token, `${header}\n`, 'x.csv', true)).status).toBe(403);
  });

  it('an import that would cross the limit is refused whole (422); 1,000 rows validate and commit in seconds', async () => {
    const s = await createSchoolWithMembers(t);
    await addSections(t, s);
    await fillStudents(t, s.schoolId, 98);
    const p = `L${uniq().slice(0, 4)}-`;
    const three = `${header}\n${[1, 2, 3].map((i) => line(`${p}${i}`)).join('\n')}\n`;
    const over = await upload(s, s.members.admin.token, three, 'x.csv', false);
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('STUDENT_LIMIT_REACHED');
    expect(await count(s.schoolId)).toBe(98);

    await t.db.query(`UPDATE schools SET max_students = 5000 WHERE id = $1`, [s.schoolId]);
    const big = `${header}\n${Array.from({ length: 1000 }, (_, i) => line(`${p}B${i}`, { guardianPhone: `98${String(i).padStart(8, '0')}`, aadhaar: i % 2 ? freshAadhaar() : '' })).join('\n')}\n`;
    const started = Date.now();
    const dry = await upload(s, s.members.admin.token, big, 'big.csv', true);
    expect(dry.body.data).toMatchObject({ rows: 1000, valid: 1000 });
    const done = await upload(s, s.members.admin.token, big, 'big.csv', false);
    expect(done.body.data).toMatchObject({ rows: 1000, created: 1000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await count(s.schoolId)).toBe(1098);
    const [{ active_students }] = await t.db.query(`SELECT active_students FROM schools WHERE id = $1`, [s.schoolId]);
    expect(active_students).toBe(1098);
  });

  it('the template downloads as CSV and XLSX with the contract’s header', async () => {
    const csv = await fetch(`${t.baseUrl}/api/v1/schools/${a.schoolId}/students/import/template?format=csv`, { headers: { authorization: `Bearer ${a.members.office.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).replace(/^\uFEFF/, '').trim()).toBe(header);
    const xlsx = await fetch(`${t.baseUrl}/api/v1/schools/${a.schoolId}/students/import/template?format=xlsx`, { headers: { authorization: `Bearer ${a.members.office.token}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([...STUDENT_IMPORT_COLUMNS]);
  });

  it('the public front door answers an active school’s contact details, address, principal, board and affiliation; anything else 404', async () => {
    await t.db.query(
      `UPDATE schools SET principal_name = 'Dr. Meera Iyer', board = 'CBSE', affiliation_number = '2130456', email = 'office@front.example.test',
              address2 = 'Near the water tank', landmark = 'Opposite the post office' WHERE id = $1`,
      [a.schoolId],
    );
    const res = await t.call('GET', `/public/schools/${a.subdomain.toUpperCase()}/front-door`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      school: {
        name: `Workspace School ${a.subdomain}`,
        subdomain: a.subdomain,
        level: 'mixed',
        board: 'CBSE',
        affiliationNumber: '2130456',
        principalName: 'Dr. Meera Iyer',
        email: 'office@front.example.test',
        phoneNumbers: ['+919876543210'],
        address: { address1: '12 Mall Road', address2: 'Near the water tank', locality: 'Civil Lines', landmark: 'Opposite the post office', city: 'Kanpur', state: 'Uttar Pradesh', pinCode: '208001' },
      },
    });
    const pending = await createSchoolWithMembers(t, { approved: false });
    for (const sub of [pending.subdomain, `no-such-${uniq()}`, 'a_b']) {
      const r = await t.call('GET', `/public/schools/${sub}/front-door`);
      expect({ sub, status: r.status, code: r.body.error?.code }).toEqual({ sub, status: 404, code: 'SCHOOL_NOT_FOUND' });
    }
  });

  it('the public application needs consent, is recorded with it, e-mails the guardian; the office admits (limit applies) or rejects', async () => {
    const call = clientAt(t, fakeIp());
    const body = {
      firstName: 'Anaya',
      lastName: 'Singh',
      dateOfBirth: '2020-03-02',
      gender: 'female',
      classApplied: 'LKG',
      guardian: { name: 'Pooja Singh', relation: 'mother', phone: '9876512345', email: `pooja${uniq()}@example.test` },
      rte: true,
    };
    const noConsent = await call('POST', `/public/schools/${a.subdomain}/applications`, { body });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.error.details.consent).toBe('The guardian’s consent is required to apply');
    const inactive = await createSchoolWithMembers(t, { approved: false });
    expect((await call('POST', `/public/schools/${inactive.subdomain}/applications`, { body: { ...body, consent: true } })).status).toBe(404);
    expect((await call('POST', `/public/schools/no-such-${uniq()}/applications`, { body: { ...body, consent: true } })).status).toBe(404);

    const applied = await call('POST', `/public/schools/${a.subdomain}/applications`, { body: { ...body, consent: true, sneaky: 'x' } });
    expect(applied.status).toBe(201);
    const number = applied.body.data.applicationNumber;
    expect(number).toMatch(/^APP-\d{5}$/);
    const mail = await sink.waitFor(body.guardian.email);
    expect(mail.text).toContain(number);

    // Only admissions staff see the queue.
    expect((await t.call('GET', `/schools/${a.schoolId}/applications`, { token: a.members.teacher.token })).status).toBe(403);
    const queue = await t.call('GET', `/schools/${a.schoolId}/applications?status=new`, { token: a.members.office.token });
    const app = queue.body.data.items.find((x: any) => x.applicationNumber === number);
    expect(app).toMatchObject({ status: 'new', rte: true, classApplied: 'LKG', consent: { policyVersion: 'admissions-2026-01' } });
    expect(Math.abs(new Date(app.consent.at).getTime() - t.clock.now().getTime())).toBeLessThan(60_000);
    expect(app.consent.purpose).toContain('admission');

    const reviewed = await t.call('PATCH', `/schools/${a.schoolId}/applications/${app.id}`, { token: a.members.office.token, body: { status: 'under_review' } });
    if (reviewed.status !== 200) throw new Error(JSON.stringify(reviewed.body));
    expect(reviewed.body.data.application.status).toBe('under_review');

    const admitted = await t.call('POST', `/schools/${a.schoolId}/applications/${app.id}/admit`, { token: a.members.office.token, body: { sectionId: sa.b } });
    expect(admitted.status).toBe(200);
    expect(admitted.body.data.application).toMatchObject({ status: 'admitted', studentId: admitted.body.data.student.id });
    expect(admitted.body.data.student).toMatchObject({ firstName: 'Anaya', rte: true, enrolment: { sectionId: sa.b }, guardians: [{ name: 'Pooja Singh', phone: '9876512345' }] });
    await sink.waitFor(body.guardian.email, (m) => m.subject.includes('admitted'));
    const twice = await t.call('POST', `/schools/${a.schoolId}/applications/${app.id}/reject`, { token: a.members.office.token, body: { reason: 'x' } });
    expect(twice.status).toBe(422);
    expect(twice.body.error.code).toBe('APPLICATION_DECIDED');

    const second = await call('POST', `/public/schools/${a.subdomain}/applications`, { body: { ...body, consent: true, firstName: 'Vihaan' } });
    const list = await t.call('GET', `/schools/${a.schoolId}/applications`, { token: a.members.admin.token });
    const app2 = list.body.data.items.find((x: any) => x.applicationNumber === second.body.data.applicationNumber);
    const noReason = await t.call('POST', `/schools/${a.schoolId}/applications/${app2.id}/reject`, { token: a.members.office.token, body: {} });
    expect(noReason.status).toBe(400);
    const rejected = await t.call('POST', `/schools/${a.schoolId}/applications/${app2.id}/reject`, { token: a.members.office.token, body: { reason: 'No seats left in LKG' } });
    expect(rejected.body.data.application).toMatchObject({ status: 'rejected', rejectionReason: 'No seats left in LKG' });
    const rejectMail = await sink.waitFor(body.guardian.email, (m) => m.text.includes('No seats left in LKG'));
    expect(rejectMail.subject).toContain(second.body.data.applicationNumber);

    // Another school cannot touch it.
    const other = await createSchoolWithMembers(t);
    expect((await t.call('GET', `/schools/${other.schoolId}/applications/${app2.id}`, { token: other.members.admin.token })).status).toBe(404);
  });

  it('admitting at the limit answers 422 and leaves the application open', async () => {
    const s = await createSchoolWithMembers(t);
    const secs = await addSections(t, s);
    await fillStudents(t, s.schoolId, 100);
    const applied = await clientAt(t, fakeIp())('POST', `/public/schools/${s.subdomain}/applications`, {
      body: {
        firstName: 'Kiara',
        dateOfBirth: '2019-08-08',
        gender: 'female',
        classApplied: 'UKG',
        guardian: { name: 'Amit', relation: 'father', phone: '9123456780', email: `amit${uniq()}@example.test` },
        consent: true,
      },
    });
    expect(applied.status).toBe(201);
    const [app] = (await t.call('GET', `/schools/${s.schoolId}/applications`, { token: s.members.admin.token })).body.data.items;
    const res = await t.call('POST', `/schools/${s.schoolId}/applications/${app.id}/admit`, { token: s.members.admin.token, body: { sectionId: secs.a } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('STUDENT_LIMIT_REACHED');
    expect((await t.call('GET', `/schools/${s.schoolId}/applications/${app.id}`, { token: s.members.admin.token })).body.data.application.status).toBe('new');
  });

  it('the UDISE+ export lists active students in the column order, rows missing required fields first; Aadhaar masked unless an admin asks', async () => {
    const s = await createSchoolWithMembers(t);
    const secs = await addSections(t, s);
    const aadhaar = freshAadhaar();
    await t.call('POST', `/schools/${s.schoolId}/students`, {
      token: s.members.admin.token,
      body: studentBody(secs.a, {
        firstName: 'Complete',
        aadhaar,
        motherTongue: 'Hindi',
        socialCategory: 'general',
        address: { address1: '5 Park Street', city: 'Kanpur', state: 'Uttar Pradesh', pinCode: '208001' },
        admissionDate: '2026-04-01',
        admissionNumber: 'U-1',
      }),
    });
    await t.call('POST', `/schools/${s.schoolId}/students`, { token: s.members.admin.token, body: studentBody(secs.a, { firstName: 'Partial', admissionNumber: 'U-2' }) });
    const get = async (token: string, qs = '') => {
      const res = await fetch(`${t.baseUrl}/api/v1/schools/${s.schoolId}/students/udise-export${qs}`, { headers: { authorization: `Bearer ${token}` } });
      return res;
    };
    const res = await get(s.members.office.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...UDISE_EXPORT_COLUMNS]);
    const name = (r: number) => String(ws.getRow(r).getCell(4).value);
    expect(name(2)).toMatch(/^Partial/);
    expect(String(ws.getRow(2).getCell(UDISE_EXPORT_COLUMNS.length).value)).toContain('Mother Tongue');
    expect(name(3)).toMatch(/^Complete/);
    expect(ws.getRow(3).getCell(10).value).toBe(`XXXX XXXX ${aadhaar.slice(8)}`);
    expect(ws.getRow(3).getCell(1).value).toBe('Class 5');
    expect(ws.getRow(3).getCell(UDISE_EXPORT_COLUMNS.length).value ?? '').toBe('');

    expect((await get(s.members.office.token, '?aadhaar=full')).status).toBe(403);
    expect((await get(s.members.teacher.token)).status).toBe(403);
    const full = await get(s.members.admin.token, '?aadhaar=full');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(await full.arrayBuffer());
    expect(wb2.worksheets[0].getRow(3).getCell(10).value).toBe(aadhaar);
    const [audit] = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND action = 'students.udise_exported'`, [s.schoolId]);
    expect(audit).toBeDefined();
  });
});
