import { raiseFee } from '@vidyalaya/shared/promotions';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, 12:00 IST: inside 2026-27. */
const NOW = Date.parse('2026-11-25T06:30:00Z');

/**
 * Year end (DECISIONS "Year end: promotion and rollover"; issue 29): the draft proposed from the
 * closing year's data, line edits, the preview, apply as a job (the new year, copied classes and
 * raised structures, enrolments, arrears), apply twice refused, undo allowed and then locked, the
 * student's history and a year's dues, tenancy and roles.
 */
describe('promotions: year end', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  const st = {} as Record<'asha' | 'bina' | 'chetan' | 'dev' | 'esha' | 'farid' | 'gita', string>;
  const c = {} as Record<'nine' | 'ten' | 'nineA' | 'nineB' | 'tenA' | 'nextTen' | 'nextTenA' | 'tuition', string>;
  let promotionId: string;

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const admin = () => a.members.admin.token;

  async function ok<T = any>(method: string, path: string, token: string, body?: unknown, status = 200): Promise<T> {
    const res = await t.call(method, path, { token, body });
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function waitForJob(jobId: string): Promise<any> {
    let status: any;
    for (let i = 0; i < 400; i += 1) {
      status = await ok('GET', url(`/jobs/${jobId}`), admin());
      if (status.state === 'completed' || status.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return status;
  }

  const lineOf = async (studentId: string) => {
    const list = await ok('GET', url(`/promotions/${promotionId}/lines?pageSize=200`), admin());
    return list.items.find((l: any) => l.studentId === studentId);
  };

  beforeAll(async () => {
    t = await startTestApp({ JOBS_POLL_MS: '50' });
    t.clock.advance(NOW - Date.now());
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const cls = async (name: string, year: string, sections: string[]) => {
      const [row] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, $2, $3) RETURNING id`, [a.schoolId, year, name]);
      const ids: string[] = [];
      for (const s of sections) ids.push((await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, $2) RETURNING id`, [row.id, s]))[0].id);
      return { id: row.id as string, sections: ids };
    };
    const nine = await cls('Class 9', '2026-27', ['A', 'B']);
    const ten = await cls('Class 10', '2026-27', ['A']);
    Object.assign(c, { nine: nine.id, nineA: nine.sections[0], nineB: nine.sections[1], ten: ten.id, tenA: ten.sections[0] });
    const [math] = await t.db.query(`SELECT id FROM global_subjects WHERE code = 'MATH'`);
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2), ($3, $2)`, [nine.id, math.id, ten.id]);

    const people: [keyof typeof st, string, string][] = [
      ['asha', 'Asha', c.nineA],
      ['bina', 'Bina', c.nineB],
      ['chetan', 'Chetan', c.nineA],
      ['dev', 'Dev', c.tenA],
      ['esha', 'Esha', c.nineA],
      ['farid', 'Farid', c.nineA],
      ['gita', 'Gita', c.nineA],
    ];
    for (const [key, firstName, sectionId] of people) {
      const d = await ok('POST', url('/students'), admin(), { firstName, lastName: 'Rao', dateOfBirth: '2012-06-02', gender: 'female', sectionId, guardians: [{ name: 'Parent', relation: 'mother', phone: '9876543210' }] }, 201);
      st[key] = d.student.id;
    }

    // Attendance: Monday to Wednesday; Bina (9 B) absent every day.
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-25']) {
      await ok('PUT', url(`/sections/${c.nineA}/attendance/${date}`), admin(), { records: ['asha', 'chetan', 'esha', 'farid', 'gita'].map((k) => ({ studentId: st[k as keyof typeof st], status: 'present' })) });
      await ok('PUT', url(`/sections/${c.nineB}/attendance/${date}`), admin(), { records: [{ studentId: st.bina, status: 'absent' }] });
    }

    // The final exam of Class 9, published: Chetan fails Mathematics.
    const { exam } = await ok('POST', url('/exams'), admin(), { name: 'Annual', academicYear: '2026-27', classIds: [c.nine], components: [{ name: 'Exam', maxMarks: 100 }] }, 201);
    for (const [section, keys] of [
      [c.nineA, ['asha', 'chetan', 'esha', 'farid', 'gita']],
      [c.nineB, ['bina']],
    ] as const) {
      await ok('PUT', url(`/exams/${exam.id}/marks`), admin(), { sectionId: section, subjectId: math.id, marks: keys.map((k) => ({ studentId: st[k as keyof typeof st], component: 'Exam', marks: k === 'chetan' ? 20 : 85 })) });
    }
    await ok('POST', url(`/exams/${exam.id}/publish`), admin());

    // Fees of 2026-27: Class 9 two instalments, Class 10 one.
    c.tuition = (await ok('POST', url('/fee-heads'), admin(), { name: 'Tuition fee', tuition: true }, 201)).head.id;
    await ok('POST', url('/fee-structures'), admin(), {
      classId: c.nine,
      academicYear: '2026-27',
      instalments: [
        { name: 'Term 1', dueOn: '2026-04-10', items: [{ headId: c.tuition, amount: 100_000 }] },
        { name: 'Term 2', dueOn: '2026-10-10', items: [{ headId: c.tuition, amount: 150_050 }] },
      ],
    }, 201);
    await ok('POST', url('/fee-structures'), admin(), { classId: c.ten, academicYear: '2026-27', instalments: [{ name: 'Year', dueOn: '2026-04-10', items: [{ headId: c.tuition, amount: 200_000 }] }] }, 201);
    await ok('POST', url('/payments'), a.members.accountant.token, { studentId: st.asha, amount: 50_000, mode: 'cash', paidOn: '2026-11-20' }, 201);

    // 2027-28 exists with Class 10 A only, and Gita was admitted early into it.
    await t.db.query(`INSERT INTO academic_years (school_id, name, starts_on, ends_on) VALUES ($1, '2027-28', '2027-04-01', '2028-03-31')`, [a.schoolId]);
    const next = await cls('Class 10', '2027-28', ['A']);
    c.nextTen = next.id;
    c.nextTenA = next.sections[0];
    await t.db.query(
      `INSERT INTO student_enrolments (school_id, student_id, academic_year_id, class_id, section_id, roll_number)
       SELECT $1, $2, y.id, $3, $4, 1 FROM academic_years y WHERE y.school_id = $1 AND y.name = '2027-28'`,
      [a.schoolId, st.gita, c.nextTen, c.nextTenA],
    );
  });
  afterAll(() => t.close());

  it('admin only: the other roles get 403, and nothing is drafted', async () => {
    for (const role of ['office', 'accountant', 'teacher', 'guardian'] as const) {
      const res = await t.call('POST', url('/promotions'), { token: a.members[role].token, body: { fromYear: '2026-27', toYear: '2027-28' } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect((await t.db.query(`SELECT count(*)::int AS n FROM promotions WHERE school_id = $1`, [a.schoolId]))[0].n).toBe(0);
  });

  it('refuses a pair that is not consecutive (400) and a year the school does not keep (400)', async () => {
    const gap = await t.call('POST', url('/promotions'), { token: admin(), body: { fromYear: '2026-27', toYear: '2028-29' } });
    expect(gap.status).toBe(400);
    expect(gap.body.error.details).toHaveProperty('toYear');
    const none = await t.call('POST', url('/promotions'), { token: admin(), body: { fromYear: '2020-21', toYear: '2021-22' } });
    expect(none.status).toBe(400);
    expect(none.body.error.details).toHaveProperty('fromYear');
  });

  it('drafts a line per active student: next class (same section name, else the first), the last class passes out, low attendance and a fail flagged', async () => {
    const res = await t.call('POST', url('/promotions'), { token: admin(), body: { fromYear: '2026-27', toYear: '2027-28' } });
    expect(res.status).toBe(201);
    const { promotion } = res.body.data;
    promotionId = promotion.id;
    expect(promotion).toMatchObject({ fromYear: '2026-27', toYear: '2027-28', status: 'draft', counts: { promote: 6, detain: 0, passed_out: 1, left: 0 } });

    const again = await t.call('POST', url('/promotions'), { token: admin(), body: { fromYear: '2026-27', toYear: '2027-28' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PROMOTION_EXISTS');

    const asha = await lineOf(st.asha);
    expect(asha).toMatchObject({ name: 'Asha Rao', fromClassId: c.nine, fromSectionId: c.nineA, decision: 'promote', targetClassId: c.nextTen, targetSectionId: c.nextTenA, resultGrade: 'A2', reason: null, flags: [] });
    expect(asha.attendancePercent).toBeGreaterThanOrEqual(75);
    // 9 B has no B in 2027-28's Class 10: the first section.
    const bina = await lineOf(st.bina);
    expect(bina).toMatchObject({ decision: 'promote', targetClassId: c.nextTen, targetSectionId: c.nextTenA, flags: ['low_attendance'] });
    expect(bina.attendancePercent).toBe(0);
    expect(await lineOf(st.chetan)).toMatchObject({ decision: 'promote', resultGrade: 'E', flags: ['failed'] });
    expect(await lineOf(st.dev)).toMatchObject({ decision: 'passed_out', targetClassId: null, targetSectionId: null });
    expect(await lineOf(st.gita)).toMatchObject({ alreadyEnrolled: true });

    // One class at a time, sortable by attendance.
    const nine = await ok('GET', url(`/promotions/${promotionId}/lines?classId=${c.nine}&sort=attendance`), admin());
    expect(nine.total).toBe(6);
    expect(nine.items[0].studentId).toBe(st.bina);
    expect(nine.items.every((l: any) => l.fromClassId === c.nine)).toBe(true);

    const audit = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND action = 'promotion.created' AND entity_id = $2`, [a.schoolId, promotionId]);
    expect(audit[0].after).toMatchObject({ counts: { promote: 6, passed_out: 1 }, flagged: 2 });
  });

  it('line edits: detain and left need a reason; a section of the wrong class or year is 400 with nothing changed', async () => {
    const noReason = await t.call('PATCH', url(`/promotions/${promotionId}/lines`), { token: admin(), body: { lines: [{ studentId: st.chetan, decision: 'detain' }] } });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.error.details)).toContain('lines.0.reason');
    const wrongSection = await t.call('PATCH', url(`/promotions/${promotionId}/lines`), {
      token: admin(),
      body: { lines: [{ studentId: st.esha, decision: 'left', reason: 'Moved to Pune' }, { studentId: st.asha, decision: 'promote', targetSectionId: c.nineA }] },
    });
    expect(wrongSection.status).toBe(400);
    expect(wrongSection.body.error.details).toHaveProperty(['lines.1.targetSectionId']);
    expect((await lineOf(st.esha)).decision).toBe('promote');

    const res = await t.call('PATCH', url(`/promotions/${promotionId}/lines`), {
      token: admin(),
      body: { lines: [{ studentId: st.chetan, decision: 'detain', reason: 'Failed Mathematics' }, { studentId: st.esha, decision: 'left', reason: 'Moved to Pune' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.promotion.counts).toEqual({ promote: 4, detain: 1, passed_out: 1, left: 1 });
    // Detained: Class 9 of 2027-28 does not exist yet, so the target is the 2026-27 Class 9 it will be copied from.
    expect(await lineOf(st.chetan)).toMatchObject({ decision: 'detain', targetClassId: c.nine, targetSectionId: c.nineA, reason: 'Failed Mathematics' });
    expect(await lineOf(st.esha)).toMatchObject({ decision: 'left', targetClassId: null, reason: 'Moved to Pune' });
    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND action = 'promotion.lines_changed' ORDER BY id DESC LIMIT 1`, [a.schoolId]);
    expect(audit[0].before[0]).toMatchObject({ studentId: st.chetan, decision: 'promote' });
    expect(audit[0].after[0]).toMatchObject({ studentId: st.chetan, decision: 'detain', reason: 'Failed Mathematics' });
  });

  it('the preview says what apply will make, and makes nothing', async () => {
    const { preview } = await ok('GET', url(`/promotions/${promotionId}/preview?feeIncreasePercent=10`), admin());
    expect(preview).toMatchObject({ fromYear: '2026-27', toYear: '2027-28', yearExists: true, passedOut: 1, left: 1, feeIncreasePercent: 10 });
    expect(preview.classes).toEqual([
      { name: 'Class 9', exists: false, sections: ['A', 'B'], newSections: ['A', 'B'], subjects: 1 },
      { name: 'Class 10', exists: true, sections: ['A'], newSections: [], subjects: 0 },
    ]);
    expect(preview.structures).toEqual([
      { className: 'Class 9', total: 250_050, newTotal: 110_000 + 165_100, exists: false },
      { className: 'Class 10', total: 200_000, newTotal: 220_000, exists: false },
    ]);
    expect(preview.skipped.map((s: any) => s.studentId)).toEqual([st.gita]);
    expect(preview.enrolments).toEqual([
      { className: 'Class 9', sectionName: 'A', count: 1 },
      { className: 'Class 10', sectionName: 'A', count: 3 },
    ]);
    // Asha owes 250,050 − 50,000; Bina and Chetan all of it; Farid all of it.
    expect(preview.arrears).toEqual({ students: 4, amount: 200_050 + 3 * 250_050 });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM classes WHERE school_id = $1 AND academic_year = '2027-28'`, [a.schoolId]))[0].n).toBe(1);
  });

  it('applies as a job: year prepared, structures raised, students enrolled, passed out and left marked, arrears carried, the early admission skipped; twice is 409', async () => {
    const bad = await t.call('POST', url(`/promotions/${promotionId}/apply`), { token: admin(), body: { feeIncreasePercent: 60 } });
    expect(bad.status).toBe(400);
    const started = await t.call('POST', url(`/promotions/${promotionId}/apply`), { token: admin(), body: { feeIncreasePercent: 10 } });
    expect(started.status).toBe(202);
    const job = await waitForJob(started.body.data.jobId);
    expect(job).toMatchObject({ state: 'completed', progress: 100 });

    const twice = await t.call('POST', url(`/promotions/${promotionId}/apply`), { token: admin(), body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('PROMOTION_APPLIED');
    const edit = await t.call('PATCH', url(`/promotions/${promotionId}/lines`), { token: admin(), body: { lines: [{ studentId: st.asha, decision: 'promote' }] } });
    expect(edit.body.error.code).toBe('PROMOTION_APPLIED');

    const { promotion } = await ok('GET', url(`/promotions/${promotionId}`), admin());
    expect(promotion.status).toBe('applied');
    expect(promotion.result).toMatchObject({ enrolled: 4, passedOut: 1, left: 1, yearCreated: false, classesCreated: 1, sectionsCreated: 2, subjectsCopied: 1, structuresCopied: 2, arrears: { students: 4, amount: 200_050 + 3 * 250_050 } });
    expect(promotion.result.skipped).toEqual([{ studentId: st.gita, name: 'Gita Rao', className: 'Class 9', sectionName: 'A' }]);

    // Structures copied, raised by 10 % to whole rupees, due a year later.
    const structures = await ok('GET', url('/fee-structures?academicYear=2027-28'), admin());
    const byClass = Object.fromEntries(structures.items.map((s: any) => [s.className, s.instalments.map((i: any) => [i.name, i.dueOn, i.amount])]));
    expect(byClass['Class 9']).toEqual([
      ['Term 1', '2027-04-10', raiseFee(100_000, 10)],
      ['Term 2', '2027-10-10', raiseFee(150_050, 10)],
    ]);
    expect(raiseFee(150_050, 10)).toBe(165_100);
    expect(byClass['Class 10']).toEqual([['Year', '2027-04-10', 220_000]]);

    // Asha: promoted, her history and her arrears.
    const { student } = await ok('GET', url(`/students/${st.asha}`), admin());
    expect(student.enrolment).toMatchObject({ academicYear: '2027-28', classId: c.nextTen, sectionId: c.nextTenA });
    expect(student.enrolments.map((e: any) => [e.academicYear, e.className, e.sectionName])).toEqual([
      ['2027-28', 'Class 10', 'A'],
      ['2026-27', 'Class 9', 'A'],
    ]);
    expect(student.enrolments[1]).toMatchObject({ result: 'pass', resultGrade: 'A2' });
    expect(student.enrolments[1].attendancePercent).toBeGreaterThanOrEqual(75);
    const newYear = await ok('GET', url(`/students/${st.asha}/fees?academicYear=2027-28`), admin());
    const arrears = newYear.instalments.find((i: any) => i.name === 'Arrears 2026-27');
    expect(arrears).toMatchObject({ dueOn: '2027-04-01', amount: 200_050, concession: 0, paid: 0, balance: 200_050 });
    expect(newYear.totals.balance).toBe(200_050 + 220_000);
    // The closing year is settled by the carry: its balance moved, nothing counted twice.
    const oldYear = await ok('GET', url(`/students/${st.asha}/fees?academicYear=2026-27`), admin());
    expect(oldYear.totals.balance).toBe(0);
    expect(oldYear.instalments.map((i: any) => i.balance)).toEqual([0, 0]);

    // Detained in a copied Class 9; passed out and left marked; the early admission untouched.
    const chetan = (await ok('GET', url(`/students/${st.chetan}`), admin())).student;
    expect(chetan.enrolment).toMatchObject({ academicYear: '2027-28', className: 'Class 9', sectionName: 'A' });
    expect(chetan.enrolments[1]).toMatchObject({ academicYear: '2026-27', result: 'fail', resultGrade: 'E' });
    expect((await ok('GET', url(`/students/${st.dev}`), admin())).student).toMatchObject({ status: 'passed_out', leftOn: '2027-03-31' });
    expect((await ok('GET', url(`/students/${st.esha}`), admin())).student).toMatchObject({ status: 'left', leavingReason: 'Moved to Pune' });
    const gita = await t.db.query(`SELECT count(*)::int AS n FROM student_enrolments e JOIN academic_years y ON y.id = e.academic_year_id WHERE e.student_id = $1 AND y.name = '2027-28'`, [st.gita]);
    expect(gita[0].n).toBe(1);
    // Roll numbers afresh, alphabetical after the section's own (Gita holds 1 in Class 10 A).
    const rolls = await t.db.query(`SELECT first_name, roll_number FROM students WHERE school_id = $1 AND class_id = $2 ORDER BY roll_number`, [a.schoolId, c.nextTen]);
    expect(rolls.map((r: any) => [r.first_name, r.roll_number])).toEqual([
      ['Asha', 2],
      ['Bina', 3],
      ['Farid', 4],
    ]);

    const actions = (await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND entity = 'promotion' AND entity_id = $2 ORDER BY id`, [a.schoolId, promotionId])).map((r: any) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['promotion.apply_started', 'promotion.year_prepared', 'promotion.class_applied', 'promotion.applied']));
  });

  it('undo restores the closing year while the new one has no attendance, marks or receipts; after a receipt it is 409 PROMOTION_LOCKED', async () => {
    const reverted = await ok('POST', url(`/promotions/${promotionId}/revert`), admin());
    expect(reverted.promotion).toMatchObject({ status: 'draft', result: null, counts: { promote: 4, detain: 1, passed_out: 1, left: 1 } });
    const asha = (await ok('GET', url(`/students/${st.asha}`), admin())).student;
    expect(asha.enrolment).toMatchObject({ academicYear: '2026-27', classId: c.nine });
    expect(asha.enrolments).toHaveLength(1);
    expect((await ok('GET', url(`/students/${st.dev}`), admin())).student.status).toBe('active');
    expect((await ok('GET', url(`/students/${st.asha}/fees?academicYear=2026-27`), admin())).totals.balance).toBe(200_050);
    expect((await t.db.query(`SELECT name FROM classes WHERE school_id = $1 AND academic_year = '2027-28'`, [a.schoolId])).map((r: any) => r.name)).toEqual(['Class 10']);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM fee_structures WHERE school_id = $1 AND academic_year = '2027-28'`, [a.schoolId]))[0].n).toBe(0);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE school_id = $1 AND action = 'promotion.reverted'`, [a.schoolId]))[0].n).toBe(1);

    // Apply again, then a receipt against the arrears: the undo is refused and nothing changes.
    const again = await ok('POST', url(`/promotions/${promotionId}/apply`), admin(), { renumberRolls: false }, 202);
    expect((await waitForJob(again.jobId)).state).toBe('completed');
    const paid = await ok('POST', url('/payments'), a.members.accountant.token, { studentId: st.asha, amount: 10_000, mode: 'cash', paidOn: '2026-11-25' }, 201);
    expect(paid.receipt.allocations[0]).toMatchObject({ instalmentName: 'Arrears 2026-27', amount: 10_000 });
    const locked = await t.call('POST', url(`/promotions/${promotionId}/revert`), { token: admin() });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('PROMOTION_LOCKED');
    expect((await ok('GET', url(`/promotions/${promotionId}`), admin())).promotion.status).toBe('applied');
    expect((await ok('GET', url(`/students/${st.asha}`), admin())).student.enrolment.academicYear).toBe('2027-28');
  });

  it('another school’s promotion answers 404, to its reads and its writes', async () => {
    for (const [method, path, body] of [
      ['GET', `/promotions/${promotionId}`, undefined],
      ['GET', `/promotions/${promotionId}/lines`, undefined],
      ['PATCH', `/promotions/${promotionId}/lines`, { lines: [{ studentId: st.asha, decision: 'promote' }] }],
      ['POST', `/promotions/${promotionId}/apply`, {}],
      ['POST', `/promotions/${promotionId}/revert`, undefined],
    ] as const) {
      const res = await t.call(method, url(path, b), { token: b.members.admin.token, body });
      expect(res.status).toBe(404);
    }
    expect((await t.call('GET', url(`/promotions/${promotionId}`), { token: b.members.admin.token })).status).toBe(404);
  });
});
