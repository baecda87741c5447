import { StaffService } from '../../src/modules/staff/staff.service';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { addClass7, BELL, code, type TimetableSchool } from './fixtures';
import { runInSchool } from '../../src/common/request-context';

describe('staff, teaching assignments, timetable and substitutions', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let k: TimetableSchool;
  const staff: Record<string, string> = {};

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    k = await addClass7(t, a);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const admin = () => a.members.admin.token;

  async function addStaff(body: Record<string, unknown>) {
    const res = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), ...body } });
    if (res.status !== 201) throw new Error(`staff answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data.staff;
  }

  it('staff records: created as {staff}; the employee code is unique ignoring case; a member account links once', async () => {
    const created = await t.call('POST', url('/staff'), {
      token: admin(),
      body: {
        employeeCode: 'VS-001',
        name: 'Asha Verma',
        designation: 'TGT',
        subjectIds: [k.subjects.MATH],
        qualification: 'M.Sc., B.Ed.',
        joiningDate: '2019-07-01',
        phone: '+919876543210',
        email: 'asha.verma@example.test',
        userId: a.members.teacher.id,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.staff).toMatchObject({ employeeCode: 'VS-001', name: 'Asha Verma', subjectIds: [k.subjects.MATH], joiningDate: '2019-07-01', userId: a.members.teacher.id, status: 'active' });
    staff.asha = created.body.data.staff.id;

    const dup = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: 'vs-001', name: 'Someone else' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('EMPLOYEE_CODE_TAKEN');
    const linked = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'Twin', userId: a.members.teacher.id } });
    expect(linked.status).toBe(409);
    expect(linked.body.error.code).toBe('STAFF_ACCOUNT_LINKED');
    // Not a member of this school: as missing.
    const outsider = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'Outsider', userId: a.outsider.id } });
    expect(outsider.status).toBe(404);
    const bad = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: 'has space', name: '', email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details).sort()).toEqual(['email', 'employeeCode', 'name']);

    staff.ravi = (await addStaff({ name: 'Ravi Kumar', email: 'ravi.kumar@example.test', subjectIds: [k.subjects.ENG] })).id;
    staff.meena = (await addStaff({ name: 'Meena Iyer', email: 'meena.iyer@example.test', subjectIds: [k.subjects.SCI] })).id;
    staff.john = (await addStaff({ name: 'John Dsouza', email: 'john.dsouza@example.test' })).id;
    staff.nisha = (await addStaff({ name: 'Nisha Gupta' })).id;

    const list = await t.call('GET', url('/staff?search=verma'), { token: a.members.teacher.token });
    expect(list.body.data.items.map((s: any) => s.name)).toEqual(['Asha Verma']);
    const patched = await t.call('PATCH', url(`/staff/${staff.nisha}`), { token: admin(), body: { designation: 'PRT', phone: null } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.staff).toMatchObject({ designation: 'PRT', phone: null });
    // A teacher cannot edit staff; another school cannot see them.
    expect((await t.call('POST', url('/staff'), { token: a.members.teacher.token, body: { employeeCode: code(), name: 'x' } })).status).toBe(403);
    expect((await t.call('GET', url(`/staff/${staff.asha}`, b), { token: b.members.admin.token })).status).toBe(404);
  });

  it('class teacher and teaching assignments; the subject must be taught in the section’s class; sectionsTaughtBy', async () => {
    const ct = await t.call('PUT', url(`/sections/${k.sections.A}/class-teacher`), { token: admin(), body: { staffId: staff.asha } });
    expect(ct.status).toBe(200);
    expect(ct.body.data.classTeacher).toEqual({ sectionId: k.sections.A, staffId: staff.asha, name: 'Asha Verma' });

    const put = await t.call('PUT', url('/teaching-assignments'), {
      token: admin(),
      body: {
        assignments: [
          { sectionId: k.sections.A, subjectId: k.subjects.MATH, staffId: staff.asha },
          { sectionId: k.sections.A, subjectId: k.subjects.ENG, staffId: staff.ravi },
          { sectionId: k.sections.B, subjectId: k.subjects.MATH, staffId: staff.asha },
          { sectionId: k.sections.B, subjectId: k.subjects.SCI, staffId: staff.meena },
          { sectionId: k.sections.C, subjectId: k.subjects.ENG, staffId: staff.ravi },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.academicYear).toBe('2026-27');
    expect(put.body.data.items).toHaveLength(5);
    expect(put.body.data.classTeachers).toEqual([{ sectionId: k.sections.A, staffId: staff.asha, name: 'Asha Verma' }]);

    const cs = await t.db.query(`SELECT id FROM global_subjects WHERE code = 'PHY'`);
    const bad = await t.call('PUT', url('/teaching-assignments'), {
      token: admin(),
      body: { assignments: [{ sectionId: k.sections.A, subjectId: cs[0].id, staffId: staff.asha }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual({ 'assignments.0.subjectId': 'This subject is not taught in this section’s class' });

    const mine = await t.call('GET', url(`/teaching-assignments?staffId=${staff.asha}`), { token: a.members.teacher.token });
    expect(mine.body.data.items.map((i: any) => `${i.className} ${i.sectionName} ${i.subjectName}`)).toEqual(['Class 7 A Mathematics', 'Class 7 B Mathematics']);
    expect((await runInSchool(a.schoolId, () => t.app.get(StaffService).sectionsTaughtBy(a.members.teacher.id))).sort()).toEqual([k.sections.A, k.sections.B].sort());
    expect(await runInSchool(a.schoolId, () => t.app.get(StaffService).sectionsTaughtBy(a.members.office.id))).toEqual([]);
    // Another school's section cannot be assigned.
    const foreign = await t.call('PUT', url('/teaching-assignments', b), {
      token: b.members.admin.token,
      body: { assignments: [{ sectionId: k.sections.A, subjectId: k.subjects.MATH, staffId: null }] },
    });
    expect(foreign.status).toBe(404);
  });

  it('bell schedules: more than one (a shorter Saturday); overlaps and a day in two schedules are refused', async () => {
    const overlapping = structuredClone(BELL);
    overlapping.schedules[0].breaks = [{ name: 'Lunch', startsAt: '09:30', endsAt: '10:10' }];
    overlapping.schedules[1].days = [5, 6];
    const bad = await t.call('PUT', url('/bell-schedules'), { token: admin(), body: overlapping });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ 'schedules.1.days': expect.stringContaining('Friday') });
    expect(Object.keys(bad.body.error.details).some((key) => key.startsWith('schedules.0.'))).toBe(true);

    const put = await t.call('PUT', url('/bell-schedules'), { token: admin(), body: BELL });
    expect(put.status).toBe(200);
    expect(put.body.data.schedules.map((s: any) => [s.name, s.days, s.periods.length])).toEqual([
      ['Weekdays', [1, 2, 3, 4, 5], 6],
      ['Saturday', [6], 4],
    ]);
    expect((await t.call('PUT', url('/bell-schedules'), { token: a.members.teacher.token, body: BELL })).status).toBe(403);
  });

  it('a section’s week is validated against the bell schedule, the class’s subjects and the staff', async () => {
    const res = await t.call('PUT', url(`/sections/${k.sections.A}/timetable`), {
      token: admin(),
      body: {
        slots: [
          { day: 6, period: 5, subjectId: k.subjects.MATH, teacherId: staff.asha }, // Saturday has 4 periods
          { day: 1, period: 1, subjectId: (await t.db.query(`SELECT id FROM global_subjects WHERE code = 'PHY'`))[0].id, teacherId: staff.asha },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({
      'slots.0.period': 'The bell schedule has no such period on this day',
      'slots.1.subjectId': 'This subject is not taught in this section’s class',
    });
    const twice = await t.call('PUT', url(`/sections/${k.sections.A}/timetable`), {
      token: admin(),
      body: { slots: [1, 2].map(() => ({ day: 1, period: 1, subjectId: k.subjects.MATH, teacherId: staff.asha })) },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details).toEqual({ 'slots.1': 'This day and period are filled twice' });
  });

  it('a teacher in two places at once: 409 TIMETABLE_CLASH naming the clash; nothing saved', async () => {
    const saveA = await t.call('PUT', url(`/sections/${k.sections.A}/timetable`), {
      token: admin(),
      body: {
        slots: [
          { day: 1, period: 1, subjectId: k.subjects.MATH, teacherId: staff.asha },
          { day: 1, period: 2, subjectId: k.subjects.ENG, teacherId: staff.ravi },
          { day: 2, period: 1, subjectId: k.subjects.MATH, teacherId: staff.asha },
          { day: 6, period: 4, subjectId: k.subjects.ENG, teacherId: staff.ravi },
        ],
      },
    });
    expect(saveA.status).toBe(200);
    expect(saveA.body.data.timetable.slots).toHaveLength(4);
    expect(saveA.body.data.timetable.slots[0]).toMatchObject({ day: 1, period: 1, subjectName: 'Mathematics', teacherName: 'Asha Verma', className: 'Class 7', sectionName: 'A' });

    const clash = await t.call('PUT', url(`/sections/${k.sections.B}/timetable`), {
      token: admin(),
      body: {
        slots: [
          { day: 1, period: 3, subjectId: k.subjects.SCI, teacherId: staff.meena },
          { day: 1, period: 1, subjectId: k.subjects.MATH, teacherId: staff.asha },
        ],
      },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('TIMETABLE_CLASH');
    expect(clash.body.error.message).toBe('Asha Verma already teaches Class 7 A on Monday, period 1.');
    expect(clash.body.error.details).toEqual({ 'slots.1.teacherId': 'Asha Verma already teaches Class 7 A on Monday, period 1' });
    expect((await t.call('GET', url(`/sections/${k.sections.B}/timetable`), { token: admin() })).body.data.timetable.slots).toEqual([]);

    const ok = await t.call('PUT', url(`/sections/${k.sections.B}/timetable`), {
      token: admin(),
      body: {
        slots: [
          { day: 1, period: 3, subjectId: k.subjects.SCI, teacherId: staff.meena },
          { day: 1, period: 4, subjectId: k.subjects.MATH, teacherId: staff.asha },
        ],
      },
    });
    expect(ok.status).toBe(200);
  });

  it('the daily load limit: 409 TEACHER_OVERLOADED naming the teacher and the day', async () => {
    await t.call('PUT', url('/bell-schedules'), { token: admin(), body: { ...BELL, dailyLoadLimit: 2 } });
    // Asha has Monday periods 1 (A) and 4 (B); a third in C is over the limit.
    const res = await t.call('PUT', url(`/sections/${k.sections.C}/timetable`), {
      token: admin(),
      body: { slots: [{ day: 1, period: 5, subjectId: k.subjects.MATH, teacherId: staff.asha }] },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('TEACHER_OVERLOADED');
    expect(res.body.error.message).toBe('Asha Verma would teach 3 periods on Monday; the school’s limit is 2.');
    await t.call('PUT', url('/bell-schedules'), { token: admin(), body: BELL });
  });

  it('two concurrent saves that would clash: exactly one wins, and the unique index refuses a double booking outright', async () => {
    for (const period of [5, 6]) {
      const save = (section: string) =>
        t.call('PUT', url(`/sections/${section}/timetable`), {
          token: admin(),
          body: { slots: [{ day: 3, period, subjectId: k.subjects.HIN, teacherId: staff.john }] },
        });
      const answers = await Promise.all([save(k.sections.C), save(k.sections.D)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('TIMETABLE_CLASH');
      const rows = await t.db.query(`SELECT section_id FROM timetable_slots WHERE school_id = $1 AND staff_id = $2 AND day = 3 AND period = $3`, [
        a.schoolId,
        staff.john,
        period,
      ]);
      expect(rows).toHaveLength(1);
      // Clear both for the next round.
      for (const s of [k.sections.C, k.sections.D]) await t.call('PUT', url(`/sections/${s}/timetable`), { token: admin(), body: { slots: [] } });
    }
    await t.call('PUT', url(`/sections/${k.sections.C}/timetable`), {
      token: admin(),
      body: { slots: [{ day: 3, period: 1, subjectId: k.subjects.HIN, teacherId: staff.john }] },
    });
    await expect(
      t.db.query(
        `INSERT INTO timetable_slots (school_id, academic_year, section_id, day, period, subject_id, staff_id) VALUES ($1, '2026-27', $2, 3, 1, $3, $4)`,
        [a.schoolId, k.sections.D, k.subjects.HIN, staff.john],
      ),
    ).rejects.toThrow(/timetable_slots_teacher_uq/);
  });

  it('views: a teacher’s week across sections, the whole school; copying a week uses the target’s assigned teachers', async () => {
    const asha = await t.call('GET', url(`/staff/${staff.asha}/timetable`), { token: a.members.teacher.token });
    expect(asha.status).toBe(200);
    expect(asha.body.data.slots.map((s: any) => `${s.day}/${s.period} ${s.sectionName}`)).toEqual(['1/1 A', '1/4 B', '2/1 A']);
    const school = await t.call('GET', url('/timetable'), { token: a.members.office.token });
    expect(school.body.data.academicYear).toBe('2026-27');
    expect(school.body.data.sections.map((s: any) => [s.section.name, s.slots.length]).sort()).toEqual([
      ['A', 4],
      ['B', 2],
      ['C', 1],
      ['D', 0],
    ]);

    // D: Ravi teaches English there; Mathematics has nobody, so A's Maths lessons are skipped.
    await t.call('PUT', url('/teaching-assignments'), { token: admin(), body: { assignments: [{ sectionId: k.sections.D, subjectId: k.subjects.ENG, staffId: staff.nisha }] } });
    const copy = await t.call('POST', url(`/sections/${k.sections.A}/timetable/copy`), { token: admin(), body: { toSectionId: k.sections.D } });
    expect(copy.status).toBe(201);
    expect(copy.body.data.timetable.slots.map((s: any) => `${s.day}/${s.period} ${s.subjectName} ${s.teacherName}`)).toEqual([
      '1/2 English Nisha Gupta',
      '6/4 English Nisha Gupta',
    ]);
    expect(copy.body.data.skipped.map((s: any) => `${s.day}/${s.period}`)).toEqual(['1/1', '2/1']);
    // Copying where the target's teacher is busy: the clash is refused as any save is.
    await t.call('PUT', url('/teaching-assignments'), { token: admin(), body: { assignments: [{ sectionId: k.sections.D, subjectId: k.subjects.ENG, staffId: staff.ravi }] } });
    const clash = await t.call('POST', url(`/sections/${k.sections.A}/timetable/copy`), { token: admin(), body: { toSectionId: k.sections.D } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('TIMETABLE_CLASH');
  });

  it('the editors’ classes: the current year’s classes with their sections and subjects; another school sees none of them', async () => {
    const res = await t.call('GET', url('/timetable/classes'), { token: a.members.teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data.academicYear).toBe('2026-27');
    const class7 = res.body.data.classes.find((c: any) => c.id === k.classId);
    expect(class7.sections.map((s: any) => s.name)).toEqual(['A', 'B', 'C', 'D']);
    expect(class7.subjects.map((s: any) => s.id).sort()).toEqual(Object.values(k.subjects).sort());
    const other = await t.call('GET', url('/timetable/classes', b), { token: b.members.admin.token });
    expect(other.body.data.classes.map((c: any) => c.id)).not.toContain(k.classId);
    expect((await t.call('GET', url('/timetable/classes'), { token: b.members.admin.token })).status).toBe(404);
  });

  it('substitutions: free teachers per period, a substitute e-mailed, today’s list, a busy substitute refused, closed days refused', async () => {
    const monday = '2026-08-03';
    // Monday period 1: Asha (A) teaches; the others are free. Loads that Monday: John 0; Meena 1 (B), Nisha 1 (D, copied), Ravi 1 (A).
    const free = await t.call('GET', url(`/substitutions/free-teachers?date=${monday}&period=1`), { token: admin() });
    expect(free.status).toBe(200);
    expect(free.body.data.items.map((f: any) => [f.name, f.periodsThatDay])).toEqual([
      ['John Dsouza', 0],
      ['Meena Iyer', 1],
      ['Nisha Gupta', 1],
      ['Ravi Kumar', 1],
    ]);

    const periods = await t.call('GET', url(`/substitutions/absent-periods?date=${monday}&staffId=${staff.asha}`), { token: admin() });
    expect(periods.body.data.items.map((p: any) => `${p.period} ${p.sectionName}`)).toEqual(['1 A', '4 B']);

    const created = await t.call('POST', url('/substitutions'), {
      token: admin(),
      body: { date: monday, absentStaffId: staff.asha, periods: [{ period: 1, substituteStaffId: staff.john }, { period: 4, substituteStaffId: staff.ravi, note: 'Revise chapter 3' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.substitutions.map((s: any) => [s.period, s.sectionName, s.substituteStaffName, s.notified])).toEqual([
      [1, 'A', 'John Dsouza', true],
      [4, 'B', 'Ravi Kumar', true],
    ]);
    const mail = await sink.waitFor('john.dsouza@example.test');
    expect(mail.subject).toContain('Substitution on Monday 03/08/2026');
    expect(mail.text).toContain('Period 1: Class 7 A, Mathematics');
    expect(mail.text).toContain('Asha Verma');
    expect((await sink.waitFor('ravi.kumar@example.test')).text).toContain('Revise chapter 3');

    const today = await t.call('GET', url(`/substitutions?date=${monday}`), { token: a.members.teacher.token });
    expect(today.body.data.items).toHaveLength(2);
    // Asha is absent that day, John busy in period 1: neither is free any more; Ravi's day is now heavier.
    const after = await t.call('GET', url(`/substitutions/free-teachers?date=${monday}&period=1`), { token: admin() });
    expect(after.body.data.items.map((f: any) => [f.name, f.periodsThatDay])).toEqual([
      ['Meena Iyer', 1],
      ['Nisha Gupta', 1],
      ['Ravi Kumar', 2],
    ]);

    // Meena absent in period 3 (B): John is free then; Asha is absent all day; Ravi free. Asking for Asha: 409.
    const busy = await t.call('POST', url('/substitutions'), {
      token: admin(),
      body: { date: monday, absentStaffId: staff.meena, periods: [{ period: 3, substituteStaffId: staff.asha }] },
    });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('SUBSTITUTE_NOT_FREE');
    expect(busy.body.error.details).toEqual({ 'periods.0.substituteStaffId': 'Asha Verma is not free in period 3' });
    const noLesson = await t.call('POST', url('/substitutions'), {
      token: admin(),
      body: { date: monday, absentStaffId: staff.meena, periods: [{ period: 2, substituteStaffId: staff.nisha }] },
    });
    expect(noLesson.status).toBe(400);

    const sunday = await t.call('GET', url('/substitutions/free-teachers?date=2026-08-02&period=1'), { token: admin() });
    expect(sunday.status).toBe(422);
    expect(sunday.body.error.code).toBe('SCHOOL_CLOSED');
    await t.call('POST', url('/calendar-events'), { token: admin(), body: { title: 'Janmashtami', kind: 'holiday', startsOn: '2026-09-04' } });
    const holiday = await t.call('POST', url('/substitutions'), {
      token: admin(),
      body: { date: '2026-09-04', absentStaffId: staff.asha, periods: [{ period: 1, substituteStaffId: staff.nisha }] },
    });
    expect(holiday.status).toBe(422);
    expect(holiday.body.error.message).toContain('Janmashtami');

    // Teachers read the list but cannot arrange substitutions.
    expect((await t.call('POST', url('/substitutions'), { token: a.members.teacher.token, body: { date: monday, absentStaffId: staff.asha, periods: [{ period: 1, substituteStaffId: staff.nisha }] } })).status).toBe(403);
  });

  it('two substitutions giving one teacher two classes in the same period at once: exactly one wins', async () => {
    // Monday period 2: Ravi teaches A, Nisha teaches D (copied); Meena is free then.
    const date = '2026-08-10';
    const give = (absent: string) =>
      t.call('POST', url('/substitutions'), { token: admin(), body: { date, absentStaffId: absent, periods: [{ period: 2, substituteStaffId: staff.meena }] } });
    const answers = await Promise.all([give(staff.ravi), give(staff.nisha)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('SUBSTITUTE_NOT_FREE');
    const rows = await t.db.query(`SELECT count(*)::int AS n FROM substitutions WHERE school_id = $1 AND on_date = $2 AND substitute_staff_id = $3 AND period = 2`, [
      a.schoolId,
      date,
      staff.meena,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('permissions: a teacher cannot edit a timetable (403); another school, its sections and staff answer 404', async () => {
    const slots = [{ day: 1, period: 6, subjectId: k.subjects.MATH, teacherId: staff.asha }];
    const teacher = await t.call('PUT', url(`/sections/${k.sections.A}/timetable`), { token: a.members.teacher.token, body: { slots } });
    expect(teacher.status).toBe(403);
    expect(teacher.body.error.code).toBe('FORBIDDEN');
    expect((await t.call('PUT', url(`/sections/${k.sections.A}/timetable`), { token: b.members.admin.token, body: { slots } })).status).toBe(404);
    expect((await t.call('PUT', url(`/sections/${k.sections.A}/timetable`, b), { token: b.members.admin.token, body: { slots } })).status).toBe(404);
    expect((await t.call('GET', url(`/staff/${staff.asha}/timetable`, b), { token: b.members.admin.token })).status).toBe(404);
    // B's own section with A's teacher: the teacher is not B's.
    const bClass = await addClass7(t, b);
    const foreignTeacher = await t.call('PUT', url(`/sections/${bClass.sections.A}/timetable`, b), { token: b.members.admin.token, body: { slots } });
    expect(foreignTeacher.status).toBe(404);
  });

  it('a teacher’s own week and substitutions for their home page; a guardian sees a section’s week but no teacher’s or the school’s', async () => {
    const mine = await t.call('GET', url('/my-timetable?date=2026-08-03'), { token: a.members.teacher.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.staff).toEqual({ id: staff.asha, name: 'Asha Verma' });
    expect(mine.body.data.slots.map((s: any) => `${s.day}/${s.period} ${s.sectionName}`)).toEqual(['1/1 A', '1/4 B', '2/1 A']);
    expect(mine.body.data.substitutions.map((s: any) => [s.period, s.substituteStaffName])).toEqual([
      [1, 'John Dsouza'],
      [4, 'Ravi Kumar'],
    ]);
    const office = await t.call('GET', url('/my-timetable'), { token: a.members.office.token });
    expect(office.body.data).toMatchObject({ staff: null, slots: [], substitutions: [] });
    expect(office.body.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const guardian = a.members.guardian.token;
    // A guardian sees the week of a section one of their children is in (docs/guardians.md): this one has no child of theirs.
    expect((await t.call('GET', url(`/sections/${k.sections.A}/timetable`), { token: guardian })).status).toBe(404);
    expect((await t.call('GET', url(`/staff/${staff.asha}/timetable`), { token: guardian })).status).toBe(403);
    expect((await t.call('GET', url('/timetable'), { token: guardian })).status).toBe(403);
    expect((await t.call('GET', url('/substitutions?date=2026-08-03'), { token: guardian })).status).toBe(403);
    expect((await t.call('GET', url('/staff'), { token: guardian })).status).toBe(403);
  });
});
