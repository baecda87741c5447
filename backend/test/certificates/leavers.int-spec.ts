import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, 12:00 IST: inside 2026-27. */
const NOW = Date.parse('2026-11-25T06:30:00Z');

/**
 * A class's leavers (issue 30): the TC's result and "qualified for promotion" lines from the
 * published exam and the applied year end, working days and days present from attendance up to
 * the day the child left; TCs in bulk for Class 10's leavers after the year end (gap-free numbers,
 * dues skipped, audited); the published TC list on the portal (the school's setting, initials only).
 */
describe('certificates: leavers, TCs in bulk, the published TC list', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  const st = {} as Record<'ishaan' | 'jaya' | 'kabir' | 'lata' | 'meera' | 'nikhil' | 'om', string>;
  const c = {} as Record<'nine' | 'ten' | 'nineA' | 'tenA', string>;

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const admin = () => a.members.admin.token;
  const office = () => a.members.office.token;

  async function ok<T = any>(method: string, path: string, token: string, body?: unknown, status = 200): Promise<T> {
    const res = await t.call(method, path, { token, body });
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }
  const fieldsOf = async (certificateId: string) => (await ok('GET', url(`/certificates/${certificateId}`), office())).certificate.fields;

  beforeAll(async () => {
    t = await startTestApp({ JOBS_POLL_MS: '50', RATE_LIMIT_SCALE: '1000' });
    t.clock.advance(NOW - Date.now());
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    for (const [key, name] of [
      ['nine', 'Class 9'],
      ['ten', 'Class 10'],
    ] as const) {
      const [row] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [a.schoolId, name]);
      c[key] = row.id;
      c[`${key}A`] = (await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [row.id]))[0].id;
    }
    const [math] = await t.db.query(`SELECT id FROM global_subjects WHERE code = 'MATH'`);
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2), ($3, $2)`, [c.nine, math.id, c.ten]);

    const people: [keyof typeof st, string, string][] = [
      ['ishaan', 'Ishaan', c.tenA],
      ['jaya', 'Jaya', c.tenA],
      ['kabir', 'Kabir', c.tenA],
      ['lata', 'Lata', c.tenA],
      ['meera', 'Meera', c.nineA],
      ['nikhil', 'Nikhil', c.nineA],
      ['om', 'Om', c.nineA],
    ];
    for (const [key, firstName, sectionId] of people) {
      const d = await ok('POST', url('/students'), admin(), { firstName, lastName: 'Verma', dateOfBirth: '2011-03-09', gender: 'male', sectionId, guardians: [{ name: 'Parent Verma', relation: 'father', phone: '9876543210' }] }, 201);
      st[key] = d.student.id;
    }

    // Attendance Monday to Wednesday: everyone present but Nikhil, absent on Monday.
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-25']) {
      await ok('PUT', url(`/sections/${c.tenA}/attendance/${date}`), admin(), { records: (['ishaan', 'jaya', 'kabir', 'lata'] as const).map((k) => ({ studentId: st[k], status: 'present' })) });
      await ok('PUT', url(`/sections/${c.nineA}/attendance/${date}`), admin(), {
        records: (['meera', 'nikhil', 'om'] as const).map((k) => ({ studentId: st[k], status: k === 'nikhil' && date === '2026-11-23' ? 'absent' : 'present' })),
      });
    }

    // The annual exam, published: Lata and Nikhil fail Mathematics.
    const { exam } = await ok('POST', url('/exams'), admin(), { name: 'Annual', academicYear: '2026-27', classIds: [c.nine, c.ten], components: [{ name: 'Exam', maxMarks: 100 }] }, 201);
    for (const [section, keys] of [
      [c.tenA, ['ishaan', 'jaya', 'kabir', 'lata']],
      [c.nineA, ['meera', 'nikhil', 'om']],
    ] as const) {
      await ok('PUT', url(`/exams/${exam.id}/marks`), admin(), {
        sectionId: section,
        subjectId: math.id,
        marks: keys.map((k) => ({ studentId: st[k as keyof typeof st], component: 'Exam', marks: k === 'lata' || k === 'nikhil' ? 20 : 92 })),
      });
    }
    await ok('POST', url(`/exams/${exam.id}/publish`), admin());

    // Class 10's fees: ₹2,000.00 due in April; everyone pays but Kabir.
    const head = (await ok('POST', url('/fee-heads'), admin(), { name: 'Tuition fee', tuition: true }, 201)).head.id;
    await ok('POST', url('/fee-structures'), admin(), { classId: c.ten, academicYear: '2026-27', instalments: [{ name: 'Year', dueOn: '2026-04-10', items: [{ headId: head, amount: 200_000 }] }] }, 201);
    for (const k of ['ishaan', 'jaya', 'lata'] as const) {
      await ok('POST', url('/payments'), a.members.accountant.token, { studentId: st[k], amount: 200_000, mode: 'cash', paidOn: '2026-11-20' }, 201);
    }

    // Nikhil leaves on Tuesday (after Wednesday's register was kept).
    await ok('PATCH', url(`/students/${st.nikhil}`), office(), { status: 'left', leftOn: '2026-11-24', leavingReason: 'Family moved to Pune' });

    // The year end: Class 10 passes out (the school's last class), Meera leaves, Om is promoted.
    const { promotion } = await ok('POST', url('/promotions'), admin(), { fromYear: '2026-27', toYear: '2027-28' }, 201);
    await ok('PATCH', url(`/promotions/${promotion.id}/lines`), admin(), { lines: [{ studentId: st.meera, decision: 'left', reason: 'Joining a school near home' }] });
    const { jobId } = await ok('POST', url(`/promotions/${promotion.id}/apply`), admin(), {}, 202);
    let job: any;
    for (let i = 0; i < 400; i += 1) {
      job = await ok('GET', url(`/jobs/${jobId}`), admin());
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job.state).toBe('completed');
  });
  afterAll(() => t.close());

  it('lists a class’s leavers with their dues; teachers, guardians and accountants get 403; another school’s class is 404', async () => {
    const list = await ok('GET', url(`/certificates/leavers?classId=${c.ten}`), office());
    expect(list).toMatchObject({ className: 'Class 10', academicYear: '2026-27' });
    expect(list.items.map((l: any) => [l.name, l.status, l.duesPaise, l.certificateNumber])).toEqual([
      ['Ishaan Verma', 'passed_out', 0, null],
      ['Jaya Verma', 'passed_out', 0, null],
      ['Kabir Verma', 'passed_out', 200_000, null],
      ['Lata Verma', 'passed_out', 0, null],
    ]);
    const nine = await ok('GET', url(`/certificates/leavers?classId=${c.nine}`), office());
    expect(nine.items.map((l: any) => [l.name, l.status])).toEqual([
      ['Meera Verma', 'left'],
      ['Nikhil Verma', 'left'],
    ]);
    for (const role of ['teacher', 'guardian', 'accountant'] as const) {
      const token = a.members[role].token;
      expect((await t.call('GET', url(`/certificates/leavers?classId=${c.ten}`), { token })).status).toBe(403);
      expect((await t.call('POST', url('/certificates/transfer/bulk'), { token, body: { classId: c.ten } })).status).toBe(403);
    }
    expect((await t.call('GET', url(`/certificates/leavers?classId=${c.ten}`, b), { token: b.members.office.token })).status).toBe(404);
    expect((await t.call('POST', url('/certificates/transfer/bulk', b), { token: b.members.office.token, body: { classId: c.ten } })).status).toBe(404);
    expect((await t.call('GET', url('/certificates/leavers'), { token: office() })).status).toBe(400);
  });

  it('bulk: a TC for each of Class 10’s leavers in order with gap-free numbers; Kabir’s dues skip him (in rupees) and take no number; audited', async () => {
    const bad = await t.call('POST', url('/certificates/transfer/bulk'), { token: office(), body: { classId: c.ten, fields: { shoeSize: '9' } } });
    expect(bad.status).toBe(400);
    const res = await ok('POST', url('/certificates/transfer/bulk'), office(), { classId: c.ten, fields: { conduct: 'Very good', games: 'Athletics' } });
    expect(res.issued.map((x: any) => [x.studentName, x.number])).toEqual([
      ['Ishaan Verma', 'TC/2026-27/0001'],
      ['Jaya Verma', 'TC/2026-27/0002'],
      ['Lata Verma', 'TC/2026-27/0003'],
    ]);
    expect(res.skipped).toEqual([{ studentId: st.kabir, name: 'Kabir Verma', code: 'DUES_OUTSTANDING', message: expect.stringContaining('₹2,000.00') }]);
    const [counter] = await t.db.query(`SELECT next_value FROM certificate_counters WHERE school_id = $1 AND kind = 'transfer' AND academic_year = '2026-27'`, [a.schoolId]);
    expect(Number(counter.next_value)).toBe(4);

    const issuedAudit = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE school_id = $1 AND action = 'certificate.issued'`, [a.schoolId]);
    expect(issuedAudit[0].n).toBe(3);
    const [bulk] = await t.db.query(`SELECT entity_id, after FROM audit_log WHERE school_id = $1 AND action = 'certificate.bulk_issued'`, [a.schoolId]);
    expect(bulk.entity_id).toBe(c.ten);
    expect(bulk.after.issued.map((x: any) => x.number)).toEqual(['TC/2026-27/0001', 'TC/2026-27/0002', 'TC/2026-27/0003']);
    expect(bulk.after.skipped).toEqual([{ studentId: st.kabir, code: 'DUES_OUTSTANDING' }]);

    // From the record: the published exam's result, the year end, attendance; the office's lines for all.
    const ishaan = await fieldsOf(res.issued[0].id);
    expect(ishaan).toMatchObject({
      boardResult: expect.stringMatching(/^Annual 2026-27: Passed \(grade \w+\)$/),
      qualifiedForPromotion: 'Yes',
      workingDays: '3',
      daysPresent: '3',
      conduct: 'Very good',
      games: 'Athletics',
      classLastStudied: 'Class 10 (2026-27)',
    });
    const lata = await fieldsOf(res.issued[2].id);
    expect(lata).toMatchObject({ boardResult: expect.stringMatching(/^Annual 2026-27: Failed/), qualifiedForPromotion: 'No' });
  });

  it('bulk again issues nothing: each child already has a TC or still owes; named students outside the class’s leavers are skipped', async () => {
    const again = await ok('POST', url('/certificates/transfer/bulk'), office(), { classId: c.ten });
    expect(again.issued).toEqual([]);
    expect(again.skipped.map((x: any) => [x.name, x.code])).toEqual([
      ['Ishaan Verma', 'CERTIFICATE_EXISTS'],
      ['Jaya Verma', 'CERTIFICATE_EXISTS'],
      ['Kabir Verma', 'DUES_OUTSTANDING'],
      ['Lata Verma', 'CERTIFICATE_EXISTS'],
    ]);
    const named = await ok('POST', url('/certificates/transfer/bulk'), office(), { classId: c.ten, studentIds: [st.om, st.kabir] });
    expect(named.issued).toEqual([]);
    expect(named.skipped.map((x: any) => [x.studentId, x.code])).toEqual([
      [st.om, 'NOT_FOUND'],
      [st.kabir, 'DUES_OUTSTANDING'],
    ]);
    const [counter] = await t.db.query(`SELECT next_value FROM certificate_counters WHERE school_id = $1 AND kind = 'transfer' AND academic_year = '2026-27'`, [a.schoolId]);
    expect(Number(counter.next_value)).toBe(4);
  });

  it('a child who left during the year: attendance counted to the day they left; a pass at the year end that left is qualified, a fail is not', async () => {
    const res = await ok('POST', url('/certificates/transfer/bulk'), office(), { classId: c.nine });
    expect(res.issued.map((x: any) => [x.studentName, x.number])).toEqual([
      ['Meera Verma', 'TC/2026-27/0004'],
      ['Nikhil Verma', 'TC/2026-27/0005'],
    ]);
    const meera = await fieldsOf(res.issued[0].id);
    expect(meera).toMatchObject({ qualifiedForPromotion: 'Yes', boardResult: expect.stringMatching(/^Annual 2026-27: Passed/), reasonForLeaving: 'Joining a school near home' });
    const nikhil = await fieldsOf(res.issued[1].id);
    expect(nikhil).toMatchObject({ qualifiedForPromotion: 'No', workingDays: '2', daysPresent: '1', reasonForLeaving: 'Family moved to Pune' });
  });

  it('the published TC list: off by default (404); only an admin turns it on (audited); initials only; another school’s stays private', async () => {
    const path = `/public/schools/${a.subdomain}/transfer-certificates`;
    expect((await t.call('GET', path)).status).toBe(404);
    expect(await ok('GET', url('/certificates/settings'), office())).toEqual({ settings: { publishTcList: false } });
    const byOffice = await t.call('PUT', url('/certificates/settings'), { token: office(), body: { publishTcList: true } });
    expect(byOffice.status).toBe(403);
    expect((await t.call('PUT', url('/certificates/settings'), { token: admin(), body: { publishTcList: 'yes' } })).status).toBe(400);
    expect(await ok('PUT', url('/certificates/settings'), admin(), { publishTcList: true })).toEqual({ settings: { publishTcList: true } });
    const [audit] = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND action = 'certificate_settings.updated'`, [a.schoolId]);
    expect(audit).toMatchObject({ before: { publishTcList: false }, after: { publishTcList: true } });

    const res = await t.call('GET', path);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ academicYear: '2026-27', academicYears: ['2026-27'] });
    expect(res.body.data.items.map((x: any) => [x.number, x.initials, x.status])).toEqual([
      ['TC/2026-27/0001', 'I. V.', 'issued'],
      ['TC/2026-27/0002', 'J. V.', 'issued'],
      ['TC/2026-27/0003', 'L. V.', 'issued'],
      ['TC/2026-27/0004', 'M. V.', 'issued'],
      ['TC/2026-27/0005', 'N. V.', 'issued'],
    ]);
    expect(JSON.stringify(res.body.data)).not.toMatch(/Ishaan|Verma|verifyCode|admission/i);
    expect(Object.keys(res.body.data.items[0]).sort()).toEqual(['className', 'initials', 'issuedOn', 'number', 'status']);
    expect((await t.call('GET', `${path}?academicYear=2001-02`)).body.data.items).toEqual([]);
    expect((await t.call('GET', `${path}?academicYear=soon`)).status).toBe(400);
    expect((await t.call('GET', `/public/schools/${b.subdomain}/transfer-certificates`)).status).toBe(404);
    expect((await t.call('GET', `/public/schools/no-such-school-${Date.now()}/transfer-certificates`)).status).toBe(404);
    await t.db.query(`UPDATE schools SET is_active = false WHERE id = $1`, [a.schoolId]);
    try {
      expect((await t.call('GET', path)).status).toBe(404);
    } finally {
      await t.db.query(`UPDATE schools SET is_active = true WHERE id = $1`, [a.schoolId]);
    }
    await ok('PUT', url('/certificates/settings'), admin(), { publishTcList: false });
    expect((await t.call('GET', path)).status).toBe(404);
  });
});
