import { AttendanceService } from '../../src/modules/attendance/attendance.service';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { runInSchool } from '../../src/common/request-context';

/** Wednesday 25 November 2026, 12:00 IST: inside 2026-27. */
const NOW = Date.parse('2026-11-25T06:30:00Z');

/**
 * Year end, the rules beyond the basic flow (issue 29; DECISIONS "Year end: promotion and
 * rollover"): section allocation (keep, alphabetical, balanced by gender), the draft's attendance
 * read in batches (the same figures as one child at a time), the new year made current on apply and
 * the closing year read-only for marks and attendance (409 YEAR_CLOSED) but readable, the
 * timetable copied on request and removed by the undo, the carried arrears on the defaulters list,
 * and the re-admission of a child who left (same admission number; the undo then locked).
 */
describe('promotions: allocation, the closed year, the timetable, arrears, re-admission', () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  let other: SchoolWithMembers;
  let promotionId: string;
  let math: string;
  let examId: string;
  const c = {} as Record<'five' | 'fiveA' | 'fiveB' | 'six' | 'sixA' | 'nextSix' | 'nextSixA' | 'nextSixB' | 'tuition' | 'teacher' | 'gone', string>;
  /** Class 5: six girls and four boys; Class 6 (the school's last class): Om and Pia. */
  const kids: Record<string, { id: string; admissionNumber: string }> = {};
  const FIVE: [string, 'female' | 'male', 'A' | 'B'][] = [
    ['Zoya', 'female', 'A'],
    ['Yash', 'male', 'A'],
    ['Anu', 'female', 'B'],
    ['Bela', 'female', 'A'],
    ['Chandu', 'male', 'B'],
    ['Diya', 'female', 'B'],
    ['Eshan', 'male', 'A'],
    ['Fiza', 'female', 'A'],
    ['Gauri', 'female', 'B'],
    ['Hari', 'male', 'B'],
  ];

  const url = (path: string, school: SchoolWithMembers = s) => `/schools/${school.schoolId}${path}`;
  const admin = () => s.members.admin.token;
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
  const lines = async (classId?: string) => (await ok('GET', url(`/promotions/${promotionId}/lines?pageSize=200${classId ? `&classId=${classId}` : ''}`), admin())).items as any[];
  const sectionOf = async (name: string) => (await lines()).find((l) => l.name.startsWith(`${name} `)).targetSectionName as string;
  const currentYear = async () => (await ok('GET', url('/academic-years'), admin())).items.find((y: any) => y.isCurrent)?.name;

  beforeAll(async () => {
    t = await startTestApp({ JOBS_POLL_MS: '50' });
    t.clock.advance(NOW - Date.now());
    s = await createSchoolWithMembers(t);
    other = await createSchoolWithMembers(t);
    const cls = async (name: string, year: string, sections: string[]) => {
      const [row] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, $2, $3) RETURNING id`, [s.schoolId, year, name]);
      const ids: string[] = [];
      for (const x of sections) ids.push((await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, $2) RETURNING id`, [row.id, x]))[0].id);
      return { id: row.id as string, sections: ids };
    };
    const five = await cls('Class 5', '2026-27', ['A', 'B']);
    const six = await cls('Class 6', '2026-27', ['A']);
    Object.assign(c, { five: five.id, fiveA: five.sections[0], fiveB: five.sections[1], six: six.id, sixA: six.sections[0] });
    math = (await t.db.query(`SELECT id FROM global_subjects WHERE code = 'MATH'`))[0].id;
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2), ($3, $2)`, [five.id, math, six.id]);

    for (const [name, gender, section] of FIVE) {
      const d = await ok('POST', url('/students'), admin(), { firstName: name, lastName: 'Kumar', dateOfBirth: '2015-05-05', gender, sectionId: section === 'A' ? c.fiveA : c.fiveB, guardians: [{ name: 'Parent', relation: 'mother', phone: '9876543210' }] }, 201);
      kids[name] = { id: d.student.id, admissionNumber: d.student.admissionNumber };
    }
    for (const [name, gender] of [['Om', 'male'], ['Pia', 'female']] as const) {
      const d = await ok('POST', url('/students'), admin(), { firstName: name, lastName: 'Kumar', dateOfBirth: '2014-05-05', gender, sectionId: c.sixA, guardians: [{ name: 'Parent', relation: 'father', phone: '9876543211' }] }, 201);
      kids[name] = { id: d.student.id, admissionNumber: d.student.admissionNumber };
    }

    // 2027-28 exists already (not current) with Class 6 A and B, to be kept; nobody is admitted into it yet.
    await t.db.query(`INSERT INTO academic_years (school_id, name, starts_on, ends_on) VALUES ($1, '2027-28', '2027-04-01', '2028-03-31')`, [s.schoolId]);
    const nextSix = await cls('Class 6', '2027-28', ['A', 'B']);
    Object.assign(c, { nextSix: nextSix.id, nextSixA: nextSix.sections[0], nextSixB: nextSix.sections[1] });

    // The timetable of 2026-27: Class 5 A's Monday and Class 6 A's Monday by one teacher (class teacher of both);
    // a teacher who has left teaches Class 5 A's second period (not copied).
    c.teacher = (await t.db.query(`INSERT INTO staff (school_id, employee_code, name) VALUES ($1, 'T1', 'Meera Joshi') RETURNING id`, [s.schoolId]))[0].id;
    c.gone = (await t.db.query(`INSERT INTO staff (school_id, employee_code, name, status) VALUES ($1, 'T2', 'Gone Teacher', 'left') RETURNING id`, [s.schoolId]))[0].id;
    await t.db.query(
      `INSERT INTO timetable_slots (school_id, academic_year, section_id, day, period, subject_id, staff_id)
       VALUES ($1, '2026-27', $2, 1, 1, $4, $5), ($1, '2026-27', $2, 1, 2, $4, $6), ($1, '2026-27', $3, 1, 3, $4, $5)`,
      [s.schoolId, c.fiveA, c.sixA, math, c.teacher, c.gone],
    );
    await t.db.query(`INSERT INTO teaching_assignments (school_id, section_id, subject_id, staff_id) VALUES ($1, $2, $4, $5), ($1, $3, $4, $5)`, [s.schoolId, c.fiveA, c.sixA, math, c.teacher]);
    await t.db.query(`INSERT INTO section_class_teachers (school_id, section_id, staff_id) VALUES ($1, $2, $4), ($1, $3, $4)`, [s.schoolId, c.fiveA, c.sixA, c.teacher]);

    // Fees of 2026-27: Class 5 owes ₹1,000 from June; nobody has paid.
    c.tuition = (await ok('POST', url('/fee-heads'), admin(), { name: 'Tuition fee', tuition: true }, 201)).head.id;
    await ok('POST', url('/fee-structures'), admin(), { classId: c.five, academicYear: '2026-27', instalments: [{ name: 'Term 1', dueOn: '2026-06-10', items: [{ headId: c.tuition, amount: 100_000 }] }] }, 201);

    // An exam of 2026-27 for Class 5, not yet published.
    examId = (await ok('POST', url('/exams'), admin(), { name: 'Unit test', academicYear: '2026-27', classIds: [c.five], components: [{ name: 'Test', maxMarks: 20 }] }, 201)).exam.id;
  });
  afterAll(() => t.close());

  it('the draft reads attendance in batches with the same figures as one child at a time (a mid-year move, a late admission)', async () => {
    // Monday to Wednesday; Yash moves from 5 A to 5 B on Tuesday; Anu was admitted on Tuesday (her Monday is not counted).
    await ok('PUT', url(`/sections/${c.fiveA}/attendance/2026-11-23`), admin(), { records: ['Zoya', 'Yash', 'Bela'].map((k, i) => ({ studentId: kids[k].id, status: i === 1 ? 'absent' : 'present' })) });
    await ok('PATCH', url(`/students/${kids.Yash.id}`), admin(), { sectionId: c.fiveB });
    await t.db.query(`UPDATE students SET admission_date = '2026-11-24' WHERE id = $1`, [kids.Anu.id]);
    for (const date of ['2026-11-24', '2026-11-25']) {
      await ok('PUT', url(`/sections/${c.fiveB}/attendance/${date}`), admin(), { records: ['Yash', 'Anu', 'Chandu'].map((k) => ({ studentId: kids[k].id, status: k === 'Chandu' && date === '2026-11-25' ? 'half_day' : 'present' })) });
      await ok('PUT', url(`/sections/${c.fiveA}/attendance/${date}`), admin(), { records: ['Zoya', 'Bela'].map((k) => ({ studentId: kids[k].id, status: k === 'Bela' ? 'absent' : 'late' })) });
    }
    const attendance = t.app.get(AttendanceService);
    const ids = Object.values(kids).map((k) => k.id);
    const batch = await runInSchool(s.schoolId, () => attendance.yearSummaries('2026-27', ids));
    for (const id of ids) expect(batch.get(id) ?? null).toEqual(await runInSchool(s.schoolId, () => attendance.yearSummary(id, '2026-27')));
    expect(batch.get(kids.Anu.id)).toEqual({ workingDays: 2, present: 2, percentage: 100 });
    expect(batch.get(kids.Yash.id)).toMatchObject({ present: 2 });
    expect(batch.get(kids.Chandu.id)).toMatchObject({ present: 1.5 });

    const res = await t.call('POST', url('/promotions'), { token: admin(), body: { fromYear: '2026-27', toYear: '2027-28' } });
    expect(res.status).toBe(201);
    promotionId = res.body.data.promotion.id;
    expect(res.body.data.promotion.counts).toEqual({ promote: 10, detain: 0, passed_out: 2, left: 0 });
    for (const l of await lines()) expect(l.attendancePercent).toBe(batch.get(l.studentId)?.percentage ?? null);
    // Everyone in 5 B first goes to 6 B, of 5 A to 6 A (keep: the same section name).
    expect(await sectionOf('Anu')).toBe('B');
    expect(await sectionOf('Zoya')).toBe('A');
  });

  it('allocates a class’s promoted children alphabetically, balanced by gender, or back to their own sections; detained children count and never move', async () => {
    // Pia is detained in Class 6 A: she counts in A's total.
    await ok('PATCH', url(`/promotions/${promotionId}/lines`), admin(), { lines: [{ studentId: kids.Pia.id, decision: 'detain', reason: 'Long illness' }] });

    const alpha = await t.call('POST', url(`/promotions/${promotionId}/allocate`), { token: admin(), body: { classId: c.five, mode: 'alphabetical' } });
    expect(alpha.status).toBe(200);
    expect(alpha.body.data.promotion.counts).toEqual({ promote: 10, detain: 1, passed_out: 1, left: 0 });
    // 11 children in Class 6 next year: 6 in A (Pia and five), 5 in B; names in order fill A then B.
    const five = (await lines(c.five)).sort((a, b) => a.name.localeCompare(b.name));
    expect(five.map((l) => [l.name.split(' ')[0], l.targetSectionName])).toEqual([
      ['Anu', 'A'],
      ['Bela', 'A'],
      ['Chandu', 'A'],
      ['Diya', 'A'],
      ['Eshan', 'A'],
      ['Fiza', 'B'],
      ['Gauri', 'B'],
      ['Hari', 'B'],
      ['Yash', 'B'],
      ['Zoya', 'B'],
    ]);
    expect(five.every((l) => l.targetClassId === c.nextSix && [c.nextSixA, c.nextSixB].includes(l.targetSectionId))).toBe(true);
    const totals = (await ok('GET', url(`/promotions/${promotionId}/classes`), admin())).items.find((x: any) => x.classId === c.five).targets;
    expect(totals.map((x: any) => [x.sectionName, x.count])).toEqual([
      ['A', 5],
      ['B', 5],
    ]);

    await ok('POST', url(`/promotions/${promotionId}/allocate`), admin(), { classId: c.five, mode: 'balanced' });
    const balanced = await lines(c.five);
    const count = (section: string, gender: string) => balanced.filter((l) => l.targetSectionName === section && l.gender === gender).length;
    expect([count('A', 'female'), count('B', 'female')]).toEqual([3, 3]);
    // Pia (detained) is already in A, so A takes one fewer of the ten.
    expect(count('A', 'male') + count('B', 'male')).toBe(4);
    expect(Math.abs(count('A', 'male') + count('A', 'female') + 1 - (count('B', 'male') + count('B', 'female')))).toBeLessThanOrEqual(1);

    await ok('POST', url(`/promotions/${promotionId}/allocate`), admin(), { classId: c.five, mode: 'keep' });
    for (const [name, , section] of FIVE) expect(await sectionOf(name)).toBe(name === 'Yash' ? 'B' : section);

    const audit = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND action = 'promotion.sections_allocated' ORDER BY id`, [s.schoolId]);
    expect(audit.map((r: any) => r.after.mode)).toEqual(['alphabetical', 'balanced', 'keep']);

    // The last class has no next class (400); a class of another school or a bad mode is refused; only an admin allocates.
    const last = await t.call('POST', url(`/promotions/${promotionId}/allocate`), { token: admin(), body: { classId: c.six, mode: 'alphabetical' } });
    expect(last.status).toBe(400);
    expect(last.body.error.details.classId).toMatch(/last class/);
    expect((await t.call('POST', url(`/promotions/${promotionId}/allocate`), { token: admin(), body: { classId: c.five, mode: 'random' } })).status).toBe(400);
    expect((await t.call('POST', url(`/promotions/${promotionId}/allocate`), { token: s.members.office.token, body: { classId: c.five, mode: 'keep' } })).status).toBe(403);
    expect((await t.call('POST', url(`/promotions/${promotionId}/allocate`, other), { token: other.members.admin.token, body: { classId: c.five, mode: 'keep' } })).status).toBe(404);
  });

  it('the preview says the new year becomes current and what the timetable copy would copy (not the teacher who left)', async () => {
    const { preview } = await ok('GET', url(`/promotions/${promotionId}/preview`), admin());
    expect(preview.becomesCurrent).toBe(true);
    // Class 5 A (a new class) and Class 6 A (kept, its A has no periods yet): two sections, two periods, two teachers, two class teachers.
    expect(preview.timetable).toEqual({ sections: 2, slots: 2, assignments: 2, classTeachers: 2 });
    expect(await currentYear()).toBe('2026-27');
  });

  it('applies with the timetable copied; the new year is current and the closing one read-only for marks and attendance (409 YEAR_CLOSED) but readable', async () => {
    const started = await ok('POST', url(`/promotions/${promotionId}/apply`), admin(), { copyTimetable: true }, 202);
    expect((await waitForJob(started.jobId)).state).toBe('completed');
    const { promotion } = await ok('GET', url(`/promotions/${promotionId}`), admin());
    expect(promotion).toMatchObject({ status: 'applied', copyTimetable: true });
    expect(promotion.result).toMatchObject({ enrolled: 11, passedOut: 1, previousCurrentYear: '2026-27', timetable: { sections: 2, slots: 2, assignments: 2, classTeachers: 2 } });
    expect(await currentYear()).toBe('2027-28');

    const newFiveA = (await t.db.query(`SELECT se.id FROM sections se JOIN classes cl ON cl.id = se.class_id WHERE cl.school_id = $1 AND cl.academic_year = '2027-28' AND cl.name = 'Class 5' AND se.name = 'A'`, [s.schoolId]))[0].id;
    const slotsOf = async (sectionId: string) => (await t.db.query(`SELECT day, period, staff_id FROM timetable_slots WHERE section_id = $1 ORDER BY period`, [sectionId])).map((r: any) => [r.day, r.period, r.staff_id]);
    expect(await slotsOf(newFiveA)).toEqual([[1, 1, c.teacher]]);
    expect(await slotsOf(c.nextSixA)).toEqual([[1, 3, c.teacher]]);
    expect(await slotsOf(c.nextSixB)).toEqual([]);
    expect((await t.db.query(`SELECT staff_id FROM section_class_teachers WHERE section_id = ANY($1::uuid[])`, [[newFiveA, c.nextSixA]])).length).toBe(2);
    const week = await ok('GET', url(`/sections/${c.nextSixA}/timetable`), admin());
    expect(JSON.stringify(week)).toContain(c.teacher);

    // The closing year: attendance and marks refused with a clear 409, reads still answered.
    const mark = await t.call('PUT', url(`/sections/${c.fiveA}/attendance/2026-11-25`), { token: admin(), body: { records: [{ studentId: kids.Zoya.id, status: 'present' }] } });
    expect(mark.status).toBe(409);
    expect(mark.body.error).toMatchObject({ code: 'YEAR_CLOSED' });
    expect(mark.body.error.message).toBe('2026-27 is closed: 2027-28 is the current year, so 2026-27’s marks and attendance can be read but no longer changed.');
    const marks = await t.call('PUT', url(`/exams/${examId}/marks`), { token: admin(), body: { sectionId: c.fiveA, subjectId: math, marks: [{ studentId: kids.Zoya.id, component: 'Test', marks: 18 }] } });
    expect(marks.status).toBe(409);
    expect(marks.body.error.code).toBe('YEAR_CLOSED');
    expect((await t.call('GET', url(`/sections/${c.fiveA}/attendance?month=2026-11`), { token: admin() })).status).toBe(200);
    expect((await t.call('GET', url(`/exams/${examId}/marks?sectionId=${c.fiveA}&subjectId=${math}`), { token: admin() })).status).toBe(200);
    // The new year's registers are open.
    expect((await t.call('PUT', url(`/sections/${c.nextSixA}/attendance/2026-11-25`), { token: admin(), body: { records: [{ studentId: kids.Zoya.id, status: 'present' }] } })).status).toBe(200);
    // (taken back, so that the undo below is still allowed)
    await t.db.query(`DELETE FROM attendance_marks WHERE section_id = $1`, [c.nextSixA]);
    await t.db.query(`DELETE FROM attendance_days WHERE section_id = $1`, [c.nextSixA]);
  });

  it('the defaulters list and the counter show the carried Arrears 2026-27 instalment', async () => {
    const list = await ok('GET', url('/fees/defaulters?asOf=2027-04-05&pageSize=50'), s.members.accountant.token);
    const zoya = list.items.find((d: any) => d.studentId === kids.Zoya.id);
    expect(zoya).toMatchObject({ className: 'Class 6', balance: 100_000, overdueInstalments: 1, oldestDueOn: '2027-04-01' });
    expect(list.items.filter((d: any) => d.balance === 100_000)).toHaveLength(10);
    // Before the arrears fall due, nobody of the new year is a defaulter.
    expect((await ok('GET', url('/fees/defaulters?asOf=2027-03-31'), s.members.accountant.token)).items.some((d: any) => d.studentId === kids.Zoya.id)).toBe(false);
    // The counter's dues (the current year's by default): the arrears line.
    const fees = await ok('GET', url(`/students/${kids.Zoya.id}/fees`), s.members.accountant.token);
    expect(fees.academicYear).toBe('2027-28');
    expect(fees.instalments.map((i: any) => [i.name, i.balance])).toEqual([['Arrears 2026-27', 100_000]]);
  });

  it('undo restores the closing year as current, removes the copied timetable and reopens its registers', async () => {
    const reverted = await ok('POST', url(`/promotions/${promotionId}/revert`), admin());
    expect(reverted.promotion.status).toBe('draft');
    expect(await currentYear()).toBe('2026-27');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM timetable_slots WHERE school_id = $1 AND academic_year = '2027-28'`, [s.schoolId]))[0].n).toBe(0);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM section_class_teachers WHERE section_id = $1`, [c.nextSixA]))[0].n).toBe(0);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM teaching_assignments WHERE section_id = $1`, [c.nextSixA]))[0].n).toBe(0);
    // 2027-28 was there before: kept, with its Class 6.
    expect((await t.db.query(`SELECT name FROM classes WHERE school_id = $1 AND academic_year = '2027-28'`, [s.schoolId])).map((r: any) => r.name)).toEqual(['Class 6']);
    expect((await t.call('PUT', url(`/exams/${examId}/marks`), { token: admin(), body: { sectionId: c.fiveA, subjectId: math, marks: [{ studentId: kids.Zoya.id, component: 'Test', marks: 18 }] } })).status).toBe(200);
  });

  it('re-admission keeps the admission number and the history; a new admission with that number points to it; the undo is then locked', async () => {
    const again = await ok('POST', url(`/promotions/${promotionId}/apply`), admin(), {}, 202);
    expect((await waitForJob(again.jobId)).state).toBe('completed');
    const om = kids.Om;
    expect((await ok('GET', url(`/students/${om.id}`), admin())).student.status).toBe('passed_out');

    // Admitting "a new child" with Om's number: 409, naming him and how to bring him back.
    const dup = await t.call('POST', url('/students'), {
      token: admin(),
      body: { admissionNumber: om.admissionNumber, firstName: 'Om', lastName: 'Kumar', dateOfBirth: '2014-05-05', gender: 'male', sectionId: c.nextSixB, guardians: [] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('ADMISSION_NUMBER_TAKEN');
    expect(dup.body.error.details.admissionNumber).toBe('This admission number belongs to Om Kumar, who passed out: re-admit them instead');
    expect(dup.body.data).toEqual({ studentId: om.id, status: 'passed_out' });

    // Roles and tenancy.
    expect((await t.call('POST', url(`/students/${om.id}/readmit`), { token: s.members.teacher.token, body: { sectionId: c.nextSixB } })).status).toBe(403);
    expect((await t.call('POST', url(`/students/${om.id}/readmit`, other), { token: other.members.admin.token, body: { sectionId: c.nextSixB } })).status).toBe(404);
    expect((await t.call('POST', url(`/students/${om.id}/readmit`), { token: admin(), body: {} })).status).toBe(400);

    const back = await t.call('POST', url(`/students/${om.id}/readmit`), { token: s.members.office.token, body: { sectionId: c.nextSixB, rollNumber: 12 } });
    expect(back.status).toBe(200);
    const student = back.body.data.student;
    expect(student).toMatchObject({ id: om.id, admissionNumber: om.admissionNumber, status: 'active', leftOn: null, leavingReason: null });
    expect(student.enrolment).toMatchObject({ academicYear: '2027-28', className: 'Class 6', sectionName: 'B', rollNumber: 12 });
    expect(student.enrolments.map((e: any) => [e.academicYear, e.className])).toEqual([
      ['2027-28', 'Class 6'],
      ['2026-27', 'Class 6'],
    ]);
    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND action = 'student.readmitted' AND entity_id = $2`, [s.schoolId, om.id]);
    expect(audit[0].before.status).toBe('passed_out');
    expect(audit[0].after.readmittedTo).toEqual({ academicYear: '2027-28', className: 'Class 6', sectionName: 'B' });

    const twice = await t.call('POST', url(`/students/${om.id}/readmit`), { token: admin(), body: { sectionId: c.nextSixB } });
    expect(twice.status).toBe(422);
    expect(twice.body.error.code).toBe('STUDENT_NOT_LEFT');

    // The undo would make him "passed out" again behind the school's back: refused.
    const locked = await t.call('POST', url(`/promotions/${promotionId}/revert`), { token: admin() });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatchObject({ code: 'PROMOTION_LOCKED', details: { readmitted: true } });
    expect(await currentYear()).toBe('2027-28');
  });
});
