import { PAYMENT_MODES } from '@vidyalaya/shared/fees';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * The principal's insights (DECISIONS "Insights"; issue 38) on a small school whose every figure is
 * worked out by hand below: a holiday, half days, leave, an unmarked section, an RTE waiver, a percent
 * and an amount concession, a late fee that the dues leave out, a cancelled receipt, AB marks and
 * marks never entered. The school's "today": Tuesday 24 November 2026 in India.
 */
const NOW = Date.parse('2026-11-24T06:00:00Z');

describe('insights: attendance, fees, results, strength', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  const ids: Record<string, string> = {};
  const url = (path: string, school = a) => `/schools/${school.schoolId}/insights${path}`;
  const get = async (path: string, token = a.members.admin.token, school = a) => t.call('GET', url(path, school), { token });
  const data = async (path: string, token?: string) => {
    const res = await get(path, token);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    return res.body.data;
  };

  const addClass = async (school: SchoolWithMembers, name: string, sections: string[]) => {
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [school.schoolId, name]);
    const out: string[] = [];
    for (const s of sections) out.push((await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, $2) RETURNING id`, [c.id, s]))[0].id);
    return { classId: c.id as string, sections: out };
  };
  const addStudent = async (sectionId: string, first: string, gender: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', `/schools/${a.schoolId}/students`, {
      token: a.members.admin.token,
      body: {
        firstName: first,
        lastName: `Rao${uniq().slice(0, 4)}`,
        dateOfBirth: '2011-05-14',
        gender,
        sectionId,
        guardians: [{ name: 'Suresh Rao', relation: 'father', phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }],
        ...extra,
      },
    });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return res.body.data.student.id as string;
  };
  const mark = async (sectionId: string, date: string, marks: [string, string][]) => {
    await t.db.query(`INSERT INTO attendance_days (school_id, section_id, date, marked_at, first_marked_at) VALUES ($1, $2, $3, now(), now())`, [a.schoolId, sectionId, date]);
    for (const [studentId, status] of marks) {
      await t.db.query(`INSERT INTO attendance_marks (school_id, section_id, date, student_id, status) VALUES ($1, $2, $3, $4, $5)`, [a.schoolId, sectionId, date, studentId, status]);
    }
  };

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    t.clock.advance(NOW - Date.now());
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const admin = a.members.admin.token;

    // Classes, created out of school order: Class 10 (A, B), Class 2 (A), Nursery (no one yet).
    const ten = await addClass(a, 'Class 10', ['A', 'B']);
    const two = await addClass(a, 'Class 2', ['A']);
    const nursery = await addClass(a, 'Nursery', ['A']);
    await t.db.query(`UPDATE academic_years SET is_current = (name = '2026-27') WHERE school_id = $1`, [a.schoolId]);
    Object.assign(ids, { ten: ten.classId, tenA: ten.sections[0], tenB: ten.sections[1], two: two.classId, twoA: two.sections[0], nursery: nursery.classId });
    ids.s1 = await addStudent(ids.tenA, 'Aarav', 'male', { rte: true });
    ids.s2 = await addStudent(ids.tenA, 'Diya', 'female', { cwsn: true });
    ids.s3 = await addStudent(ids.tenB, 'Meera', 'female');
    ids.s4 = await addStudent(ids.twoA, 'Kiran', 'other', { rte: true, cwsn: true });
    ids.s5 = await addStudent(ids.tenB, 'Rohan', 'male');
    await t.db.query(`UPDATE students SET status = 'left', left_on = '2026-08-01' WHERE school_id = $1 AND id = $2`, [a.schoolId, ids.s5]);

    // Attendance: Wednesday 18 November a holiday; 10 B not marked on the 19th; marks on 2 November count towards the running percentage only.
    await t.db.query(`INSERT INTO calendar_events (school_id, title, kind, starts_on, ends_on) VALUES ($1, 'Guru Nanak Jayanti', 'holiday', '2026-11-18', '2026-11-18')`, [a.schoolId]);
    await mark(ids.tenA, '2026-11-02', [[ids.s1, 'absent'], [ids.s2, 'present']]);
    await mark(ids.tenA, '2026-11-16', [[ids.s1, 'present'], [ids.s2, 'half_day']]);
    await mark(ids.tenA, '2026-11-17', [[ids.s1, 'late'], [ids.s2, 'absent']]);
    await mark(ids.tenA, '2026-11-19', [[ids.s1, 'absent'], [ids.s2, 'leave']]);
    await mark(ids.tenA, '2026-11-20', [[ids.s1, 'present'], [ids.s2, 'present']]);
    await mark(ids.tenB, '2026-11-16', [[ids.s3, 'present']]);
    await mark(ids.tenB, '2026-11-17', [[ids.s3, 'absent']]);
    await mark(ids.tenB, '2026-11-20', [[ids.s3, 'half_day']]);
    await mark(ids.twoA, '2026-11-16', [[ids.s4, 'present']]);
    await mark(ids.twoA, '2026-11-17', [[ids.s4, 'present']]);
    await mark(ids.twoA, '2026-11-19', [[ids.s4, 'present']]);
    await mark(ids.twoA, '2026-11-20', [[ids.s4, 'absent']]);

    // Fees: Class 10 pays ₹3,000 tuition + ₹1,000 transport a quarter, a ₹50 late fee once late.
    const head = async (name: string, tuition: boolean) => (await t.call('POST', `/schools/${a.schoolId}/fee-heads`, { token: admin, body: { name, tuition } })).body.data.head.id as string;
    const tuition = await head('Tuition fee', true);
    const transport = await head('Transport', false);
    const items = [
      { headId: tuition, amount: 300_000 },
      { headId: transport, amount: 100_000 },
    ];
    const structure = await t.call('POST', `/schools/${a.schoolId}/fee-structures`, {
      token: admin,
      body: {
        classId: ids.ten,
        academicYear: '2026-27',
        instalments: [
          { name: 'Quarter 1', dueOn: '2026-04-10', items },
          { name: 'Quarter 2', dueOn: '2026-09-10', items },
          { name: 'Quarter 3', dueOn: '2026-11-10', items },
          { name: 'Quarter 4', dueOn: '2027-01-10', items },
        ],
        lateFee: { kind: 'fixed', amount: 5_000, graceDays: 0, cap: null },
      },
    });
    expect([structure.status, structure.body.error]).toEqual([201, undefined]);
    // Diya: 10 % off everything and ₹500 off transport (taken from the oldest quarter). Aarav is RTE: tuition waived.
    for (const body of [{ kind: 'sibling', percent: 10 }, { kind: 'scholarship', amount: 50_000, headIds: [transport] }]) {
      const res = await t.call('POST', `/schools/${a.schoolId}/students/${ids.s2}/concessions`, { token: admin, body });
      expect([res.status, res.body.error]).toEqual([201, undefined]);
    }
    // Receipts written as the fees module writes them (allocated oldest due first, heads then the late fee).
    const q = structure.body.data.structure.instalments.map((i: { id: string }) => i.id) as string[];
    let seq = 0;
    const receipt = async (studentId: string, mode: string, paidOn: string, allocations: [string, string | null, number][], cancelled = false) => {
      seq += 1;
      const amount = allocations.reduce((sum, x) => sum + x[2], 0);
      const [r] = await t.db.query(
        `INSERT INTO fee_receipts (school_id, financial_year, seq, number, student_id, student_name, admission_number, class_name, amount, mode, paid_on, status, cancelled_at, cancel_reason)
         VALUES ($1, '2026-27', $2, $3, $4, 'Student', 'ADM', 'Class 10', $5, $6, $7, $8, $9, $10) RETURNING id`,
        [a.schoolId, seq, `2026-27/${String(seq).padStart(6, '0')}`, studentId, amount, mode, paidOn, cancelled ? 'cancelled' : 'active', cancelled ? new Date(NOW) : null, cancelled ? 'Cheque bounced' : null],
      );
      for (const [instalmentId, headId, paise] of allocations) {
        await t.db.query(`INSERT INTO fee_allocations (school_id, receipt_id, instalment_id, head_id, amount) VALUES ($1, $2, $3, $4, $5)`, [a.schoolId, r.id, instalmentId, headId, paise]);
      }
    };
    await receipt(ids.s3, 'cash', '2026-05-02', [[q[0], tuition, 300_000], [q[0], transport, 100_000]]);
    await receipt(ids.s2, 'upi', '2026-05-15', [[q[0], tuition, 270_000], [q[0], transport, 40_000]]);
    await receipt(ids.s1, 'cheque', '2026-06-01', [[q[0], transport, 100_000]], true);
    await receipt(ids.s1, 'upi', '2026-08-05', [[q[0], transport, 50_000]]);
    await receipt(ids.s3, 'cash', '2026-11-20', [[q[0], null, 5_000], [q[1], tuition, 195_000]]);

    // Results: the first two catalogue subjects; periodic test of 20, term exam of 80.
    const subjects = await t.db.query(`SELECT id, name FROM global_subjects ORDER BY sort_order, name LIMIT 2`);
    Object.assign(ids, { x: subjects[0].id, xName: subjects[0].name, y: subjects[1].id, yName: subjects[1].name });
    const exam = async (name: string, published: string | null) =>
      (
        await t.db.query(
          `INSERT INTO exams (school_id, name, academic_year, class_ids, components, published_at) VALUES ($1, $2, '2026-27', ARRAY[$3]::uuid[], $4::jsonb, $5) RETURNING id`,
          [a.schoolId, name, ids.ten, JSON.stringify([{ name: 'Periodic test', maxMarks: 20 }, { name: 'Term exam', maxMarks: 80 }]), published],
        )
      )[0].id as string;
    ids.early = await exam('Unit test 1', '2026-08-01T06:00:00Z');
    ids.exam = await exam('Half-yearly', '2026-10-15T06:00:00Z');
    ids.draft = await exam('Unit test 2', null);
    const marks: [string, string, string, string, number | null][] = [
      [ids.s1, ids.tenA, ids.x, 'Periodic test', 18],
      [ids.s1, ids.tenA, ids.x, 'Term exam', 72],
      [ids.s2, ids.tenA, ids.x, 'Periodic test', null],
      [ids.s2, ids.tenA, ids.x, 'Term exam', 40],
      [ids.s3, ids.tenB, ids.x, 'Periodic test', 10],
      [ids.s1, ids.tenA, ids.y, 'Periodic test', 20],
      [ids.s1, ids.tenA, ids.y, 'Term exam', 75],
      [ids.s3, ids.tenB, ids.y, 'Periodic test', null],
      [ids.s3, ids.tenB, ids.y, 'Term exam', null],
    ];
    for (const [studentId, sectionId, subjectId, component, value] of marks) {
      await t.db.query(
        `INSERT INTO exam_marks (school_id, exam_id, student_id, subject_id, component, marks, absent, section_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [a.schoolId, ids.exam, studentId, subjectId, component, value, value === null, sectionId],
      );
    }
    // The draft exam has a mark that must not show in the default answer.
    await t.db.query(
      `INSERT INTO exam_marks (school_id, exam_id, student_id, subject_id, component, marks, absent, section_id) VALUES ($1, $2, $3, $4, 'Term exam', 10, false, $5)`,
      [a.schoolId, ids.draft, ids.s1, ids.x, ids.tenA],
    );
    // Another school, with a class of its own.
    ids.bClass = (await addClass(b, 'Class 10', ['A'])).classId;
  });
  afterAll(() => t.close());

  it('attendance: per marked day and per class (present + late + ½ half day over marks; the holiday and the unmarked section left out); students under 75 % by their running percentage', async () => {
    const all = await data('/attendance?from=2026-11-16&to=2026-11-20');
    expect(all).toEqual({
      from: '2026-11-16',
      to: '2026-11-20',
      classId: null,
      // 16th: 2+1+2+2 of 8; 17th: 2+0+0+2 of 8; 19th: 0+0+2 of 6 (10 B unmarked); 20th: 2+2+1+0 of 8.
      days: [
        { date: '2026-11-16', percent: 87.5 },
        { date: '2026-11-17', percent: 50 },
        { date: '2026-11-19', percent: 33.3 },
        { date: '2026-11-20', percent: 62.5 },
      ],
      // Class 2: 6 of 8 halves; Class 10: 12 of 22 = 54.54… (pooled over its 11 marks).
      classes: [
        { classId: ids.two, name: 'Class 2', percent: 75 },
        { classId: ids.ten, name: 'Class 10', percent: 54.5 },
      ],
      // From 1 April: Aarav 50, 66.7, 50, 60; Diya 75 (not under), 50, 37.5, 50; Meera 100, 50, 50 (carried over the 19th), 50; Kiran 100, 100, 100, 75.
      belowThreshold: [
        { date: '2026-11-16', count: 1 },
        { date: '2026-11-17', count: 3 },
        { date: '2026-11-19', count: 3 },
        { date: '2026-11-20', count: 3 },
      ],
    });

    const two = await data(`/attendance?from=2026-11-16&to=2026-11-20&classId=${ids.two}`);
    expect(two.days).toEqual([
      { date: '2026-11-16', percent: 100 },
      { date: '2026-11-17', percent: 100 },
      { date: '2026-11-19', percent: 100 },
      { date: '2026-11-20', percent: 0 },
    ]);
    expect(two.classes).toEqual([{ classId: ids.two, name: 'Class 2', percent: 75 }]);
    expect(two.belowThreshold.map((r: { count: number }) => r.count)).toEqual([0, 0, 0, 0]);

    // By default the last 30 school days to today: Sundays and the 18th left out, so from Tuesday 20 October (36 days less 5 Sundays and the holiday).
    const byDefault = await data('/attendance');
    expect([byDefault.from, byDefault.to]).toEqual(['2026-10-20', '2026-11-24']);
    expect(byDefault.days.map((r: { date: string }) => r.date)).toEqual(['2026-11-02', '2026-11-16', '2026-11-17', '2026-11-19', '2026-11-20']);
    expect(byDefault.days[0]).toEqual({ date: '2026-11-02', percent: 50 });
  });

  // The summaries kept by the marks' trigger (migration 1766000000000) after every kind of write: a day
  // re-marked through the attendance module, a mark edited before the range, a day removed, the year's
  // start moved and moved back. Each time the answer is worked by hand, and the summary tables are
  // compared with a recount from the marks (the day's flips with the running rows).
  it('attendance summaries stay exact: a day re-marked, an earlier mark edited, a day removed, the year start moved', async () => {
    const range = '/attendance?from=2026-11-16&to=2026-11-20';
    const counts = async (path = range) => (await data(path)).belowThreshold.map((r: { count: number }) => r.count);
    const drift = async () => {
      const days = await t.db.query(
        `(SELECT section_id, date, points2, marks FROM insights_attendance_days WHERE school_id = $1
          EXCEPT SELECT section_id, date, sum(CASE WHEN status IN ('present', 'late') THEN 2 WHEN status = 'half_day' THEN 1 ELSE 0 END)::int, count(*)::int
                   FROM attendance_marks WHERE school_id = $1 GROUP BY section_id, date)
         UNION ALL
         (SELECT section_id, date, sum(CASE WHEN status IN ('present', 'late') THEN 2 WHEN status = 'half_day' THEN 1 ELSE 0 END)::int, count(*)::int
            FROM attendance_marks WHERE school_id = $1 GROUP BY section_id, date
          EXCEPT SELECT section_id, date, points2, marks FROM insights_attendance_days WHERE school_id = $1)`,
        [a.schoolId],
      );
      const running = await t.db.query(
        `WITH fresh AS (
           SELECT student_id, date, sum(sum(CASE WHEN status IN ('present', 'late') THEN 2 WHEN status = 'half_day' THEN 1 ELSE 0 END)) OVER w AS p2, sum(count(*)) OVER w AS n
             FROM attendance_marks WHERE school_id = $1 AND date >= insights_year_start($1, date) GROUP BY student_id, date, insights_year_start($1, date)
           WINDOW w AS (PARTITION BY student_id, insights_year_start($1, date) ORDER BY date))
         (SELECT student_id, date, cum_points2::bigint, cum_marks::bigint FROM insights_attendance_running WHERE school_id = $1 EXCEPT SELECT student_id, date, p2, n FROM fresh)
         UNION ALL
         (SELECT student_id, date, p2, n FROM fresh EXCEPT SELECT student_id, date, cum_points2::bigint, cum_marks::bigint FROM insights_attendance_running WHERE school_id = $1)`,
        [a.schoolId],
      );
      const flips = await t.db.query(
        `(SELECT date, sum(delta)::int FROM insights_attendance_flips WHERE school_id = $1 GROUP BY date HAVING sum(delta) <> 0
          EXCEPT SELECT date, sum(delta)::int FROM insights_attendance_running WHERE school_id = $1 GROUP BY date HAVING sum(delta) <> 0)
         UNION ALL
         (SELECT date, sum(delta)::int FROM insights_attendance_running WHERE school_id = $1 GROUP BY date HAVING sum(delta) <> 0
          EXCEPT SELECT date, sum(delta)::int FROM insights_attendance_flips WHERE school_id = $1 GROUP BY date HAVING sum(delta) <> 0)`,
        [a.schoolId],
      );
      return [...days, ...running, ...flips];
    };
    expect(await drift()).toEqual([]);

    // Meera's 17th re-marked present through the attendance module (it replaces the day's marks): the
    // 17th is 2+0+2+2 of 8, Class 10 14 of 22 halves; Meera runs 100, 100, 100 (carried), 83.3.
    const put = await t.call('PUT', `/schools/${a.schoolId}/sections/${ids.tenB}/attendance/2026-11-17`, {
      token: a.members.admin.token,
      body: { records: [{ studentId: ids.s3, status: 'present' }] },
    });
    expect([put.status, put.body.error]).toEqual([200, undefined]);
    let all = await data(range);
    expect(all.days.map((r: { percent: number }) => r.percent)).toEqual([87.5, 75, 33.3, 62.5]);
    expect(all.classes).toEqual([
      { classId: ids.two, name: 'Class 2', percent: 75 },
      { classId: ids.ten, name: 'Class 10', percent: 63.6 },
    ]);
    expect(all.belowThreshold.map((r: { count: number }) => r.count)).toEqual([1, 2, 2, 2]);
    expect(await drift()).toEqual([]);

    // Aarav's 2 November (before the range) edited from absent to present: he runs 100, 100, 75, 80, so only Diya is under after the 16th.
    await t.db.query(`UPDATE attendance_marks SET status = 'present' WHERE school_id = $1 AND student_id = $2 AND date = '2026-11-02'`, [a.schoolId, ids.s1]);
    expect(await counts()).toEqual([0, 1, 1, 1]);
    expect(await drift()).toEqual([]);

    // 10 A's 19th removed (its marks go with it): the 19th is Kiran's 2 of 2; Class 10 14 of 18 halves; Diya carries 50 over the 19th, then 62.5.
    await t.db.query(`DELETE FROM attendance_days WHERE school_id = $1 AND section_id = $2 AND date = '2026-11-19'`, [a.schoolId, ids.tenA]);
    all = await data(range);
    expect(all.days.map((r: { percent: number }) => r.percent)).toEqual([87.5, 75, 100, 62.5]);
    expect(all.classes.map((r: { percent: number }) => r.percent)).toEqual([75, 77.8]);
    expect(all.belowThreshold.map((r: { count: number }) => r.count)).toEqual([0, 1, 1, 1]);
    expect(await drift()).toEqual([]);

    // The year made to start on the 17th: from then Aarav 100, 100; Diya 0, 0 (carried), 50; Meera 100, 100, 75; Kiran 100, 100, 66.7.
    const [year] = await t.db.query(`SELECT id, to_char(starts_on, 'YYYY-MM-DD') AS starts_on FROM academic_years WHERE school_id = $1 AND is_current`, [a.schoolId]);
    await t.db.query(`UPDATE academic_years SET starts_on = '2026-11-17' WHERE school_id = $1 AND id = $2`, [a.schoolId, year.id]);
    expect(await counts('/attendance?from=2026-11-17&to=2026-11-20')).toEqual([1, 1, 2]);
    expect(await drift()).toEqual([]);
    await t.db.query(`UPDATE academic_years SET starts_on = $3 WHERE school_id = $1 AND id = $2`, [a.schoolId, year.id, year.starts_on]);
    expect(await counts('/attendance?from=2026-11-17&to=2026-11-20')).toEqual([1, 1, 1]);
    expect(await drift()).toEqual([]);
  });

  it('fees: dues after concessions by due month (no late fee), receipts by month and mode without the cancelled one, the ageing of what is unpaid today', async () => {
    const fees = await data('/fees');
    // Per quarter: Aarav ₹1,000 (tuition waived); Diya ₹2,700 + ₹900 (₹400 in Q1 after the ₹500); Meera ₹4,000.
    const due: Record<string, number> = { '2026-04': 810_000, '2026-09': 860_000, '2026-11': 860_000, '2027-01': 860_000 };
    // May: ₹4,000 + ₹3,100; June's cheque cancelled; August ₹500; November ₹2,000.
    const collected: Record<string, number> = { '2026-05': 710_000, '2026-08': 50_000, '2026-11': 200_000 };
    const months = ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03'];
    expect(fees).toEqual({
      academicYear: '2026-27',
      asOf: '2026-11-24',
      months: months.map((month) => ({ month, duePaise: due[month] ?? 0, collectedPaise: collected[month] ?? 0 })),
      // Every mode listed, in the fees module's order: cash ₹4,000 + ₹2,000; UPI ₹3,100 + ₹500; the cancelled cheque not counted.
      byMode: PAYMENT_MODES.map((mode) => ({ mode, paise: ({ cash: 600_000, upi: 360_000 } as Record<string, number>)[mode] ?? 0 })),
      // Q3 (14 days): 1,000 + 3,600 + 4,000. Q2 (75 days): 1,000 + 3,600 + Meera's 4,000 less ₹1,950 (₹50 of her ₹2,000 went to Q1's late fee).
      // Q1 (228 days): Aarav's ₹500 left (his cheque bounced).
      ageing: [
        { band: '0-30', paise: 860_000, students: 3 },
        { band: '31-60', paise: 0, students: 0 },
        { band: '61-90', paise: 665_000, students: 3 },
        { band: '90+', paise: 50_000, students: 1 },
      ],
    });
    // A year with nothing in it: every month listed, all zero.
    const empty = await data('/fees?academicYear=2025-26');
    expect(empty.months).toHaveLength(12);
    expect(empty.months[0]).toEqual({ month: '2025-04', duePaise: 0, collectedPaise: 0 });
    expect(empty.months.every((m: { duePaise: number; collectedPaise: number }) => m.duePaise === 0 && m.collectedPaise === 0)).toBe(true);
    expect(empty.ageing.every((r: { paise: number }) => r.paise === 0)).toBe(true);
    const bad = await get('/fees?academicYear=2026');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('results: the last published exam by default; mean % of the maximum per subject and section (AB as zero, a subject not fully entered left out) and the CBSE grades', async () => {
    const res = await data('/results');
    expect(res).toEqual({
      exam: { id: ids.exam, name: 'Half-yearly', academicYear: '2026-27', published: true },
      subjects: [
        // Aarav 90 (A2), Diya AB + 40 = 40 (D); Meera's 10 with her term exam not entered is left out: mean 65.
        { subjectId: ids.x, name: ids.xName, mean: 65, grades: { A1: 0, A2: 1, B1: 0, B2: 0, C1: 0, C2: 0, D: 1, E: 0 } },
        // Aarav 95 (A1), Meera AB + AB = 0 (E), Diya nothing entered (left out): mean 47.5.
        { subjectId: ids.y, name: ids.yName, mean: 47.5, grades: { A1: 1, A2: 0, B1: 0, B2: 0, C1: 0, C2: 0, D: 0, E: 1 } },
      ],
      sections: [
        { sectionId: ids.tenA, name: 'Class 10 A', mean: 75 },
        // A: 90, 40 and 95; B: Meera's AB + AB only.
        { sectionId: ids.tenB, name: 'Class 10 B', mean: 0 },
      ],
    });
    const early = await data(`/results?examId=${ids.early}`);
    expect(early).toEqual({ exam: { id: ids.early, name: 'Unit test 1', academicYear: '2026-27', published: true }, subjects: [], sections: [] });
    const none = await get('/results', b.members.admin.token, b);
    expect(none.body.data).toEqual({ exam: null, subjects: [], sections: [] });
  });

  it('strength: active students of this year per class in school order, with empty classes; a student who left is not counted', async () => {
    expect(await data('/strength')).toEqual({
      academicYear: '2026-27',
      classes: [
        { classId: ids.nursery, name: 'Nursery', boys: 0, girls: 0, other: 0, rte: 0, cwsn: 0 },
        { classId: ids.two, name: 'Class 2', boys: 0, girls: 0, other: 1, rte: 1, cwsn: 1 },
        { classId: ids.ten, name: 'Class 10', boys: 1, girls: 2, other: 0, rte: 1, cwsn: 1 },
      ],
    });
  });

  it('roles: admin all four, office attendance and strength, accountant fees; teachers and guardians 403', async () => {
    const paths = ['/attendance', '/fees', '/results', '/strength'];
    const allowed: Record<string, string[]> = {
      admin: paths,
      office: ['/attendance', '/strength'],
      accountant: ['/fees'],
      teacher: [],
      guardian: [],
    };
    const seen: string[] = [];
    for (const role of Object.keys(allowed) as (keyof SchoolWithMembers['members'])[]) {
      for (const p of paths) seen.push(`${role} ${p} ${(await get(p, a.members[role].token)).status}`);
    }
    expect(seen).toEqual(Object.entries(allowed).flatMap(([role, ok]) => paths.map((p) => `${role} ${p} ${ok.includes(p) ? 200 : 403}`)));
  });

  it('tenancy and input: another school answers 404 for a member of this one; its class or exam named here is 404; its own figures hold nothing of this school; bad dates are 400', async () => {
    expect((await get('/strength', b.members.admin.token, a)).status).toBe(404);
    const cls = await get(`/attendance?classId=${ids.bClass}`);
    expect([cls.status, cls.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const [bExam] = await t.db.query(`INSERT INTO exams (school_id, name, academic_year, class_ids, components) VALUES ($1, 'Theirs', '2026-27', ARRAY[$2]::uuid[], '[]') RETURNING id`, [
      b.schoolId,
      ids.bClass,
    ]);
    expect((await get(`/results?examId=${bExam.id}`)).status).toBe(404);
    const theirs = await get('/strength', b.members.admin.token, b);
    expect(theirs.body.data.classes).toEqual([{ classId: ids.bClass, name: 'Class 10', boys: 0, girls: 0, other: 0, rte: 0, cwsn: 0 }]);
    const theirFees = await get('/fees', b.members.admin.token, b);
    expect(theirFees.body.data.months.every((m: { duePaise: number; collectedPaise: number }) => m.duePaise === 0 && m.collectedPaise === 0)).toBe(true);
    const theirDays = await get('/attendance?from=2026-11-01&to=2026-11-24', b.members.admin.token, b);
    expect(theirDays.body.data).toMatchObject({ days: [], classes: [], belowThreshold: [] });

    const badDate = await get('/attendance?from=2026-11-31');
    expect([badDate.status, badDate.body.error.code, badDate.body.error.details]).toEqual([400, 'VALIDATION_FAILED', { from: 'Enter the first day as YYYY-MM-DD' }]);
    const reversed = await get('/attendance?from=2026-11-20&to=2026-11-16');
    expect([reversed.status, reversed.body.error.details]).toEqual([400, { to: 'Choose a period of at most 366 days, from on or before to' }]);
  });

  // The fees and results answers are kept with the version of their tables (migration 1766000000100):
  // each write below must show in the next answer. Last in the file: it changes the school's figures.
  it('kept answers follow the writes: a receipt cancelled, a student leaving; a mark edited, marks removed, a section renamed', async () => {
    const fees = async () => data('/fees');
    const month = (f: { months: { month: string; duePaise: number; collectedPaise: number }[] }, m: string) => f.months.find((x) => x.month === m);
    await fees();
    // Aarav's August ₹500 cancelled: August collects nothing, UPI ₹3,100, and his Q1 ₹1,000 is unpaid (90+).
    await t.db.query(`UPDATE fee_receipts SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'Wrong student' WHERE school_id = $1 AND student_id = $2 AND paid_on = '2026-08-05'`, [
      a.schoolId,
      ids.s1,
    ]);
    let f = await fees();
    expect(month(f, '2026-08')).toEqual({ month: '2026-08', duePaise: 0, collectedPaise: 0 });
    expect(f.byMode.find((r: { mode: string }) => r.mode === 'upi').paise).toBe(310_000);
    expect(f.ageing.find((r: { band: string }) => r.band === '90+')).toEqual({ band: '90+', paise: 100_000, students: 1 });
    // Meera leaves: her ₹4,000 a quarter no longer falls due (her receipts still count as collected).
    await t.db.query(`UPDATE students SET status = 'left', left_on = '2026-11-24' WHERE school_id = $1 AND id = $2`, [a.schoolId, ids.s3]);
    f = await fees();
    expect(['2026-04', '2026-09', '2026-11', '2027-01'].map((m) => month(f, m)?.duePaise)).toEqual([410_000, 460_000, 460_000, 460_000]);
    expect(month(f, '2026-11')?.collectedPaise).toBe(200_000);
    expect(f.ageing).toEqual([
      { band: '0-30', paise: 460_000, students: 2 },
      { band: '31-60', paise: 0, students: 0 },
      { band: '61-90', paise: 460_000, students: 2 },
      { band: '90+', paise: 100_000, students: 1 },
    ]);

    await data('/results');
    // Diya's term exam in the first subject corrected from 40 to 30: she has 30 (E); the subject's mean 60, 10 A's 71.7.
    await t.db.query(`UPDATE exam_marks SET marks = 30 WHERE school_id = $1 AND exam_id = $2 AND student_id = $3 AND subject_id = $4 AND component = 'Term exam'`, [
      a.schoolId,
      ids.exam,
      ids.s2,
      ids.x,
    ]);
    let r = await data('/results');
    expect(r.subjects[0]).toEqual({ subjectId: ids.x, name: ids.xName, mean: 60, grades: { A1: 0, A2: 1, B1: 0, B2: 0, C1: 0, C2: 0, D: 0, E: 1 } });
    expect(r.sections).toEqual([
      { sectionId: ids.tenA, name: 'Class 10 A', mean: 71.7 },
      { sectionId: ids.tenB, name: 'Class 10 B', mean: 0 },
    ]);
    // Meera's AB marks in the second subject removed: it is Aarav's 95 alone, and 10 B has no score left.
    await t.db.query(`DELETE FROM exam_marks WHERE school_id = $1 AND exam_id = $2 AND student_id = $3 AND subject_id = $4`, [a.schoolId, ids.exam, ids.s3, ids.y]);
    r = await data('/results');
    expect(r.subjects[1]).toEqual({ subjectId: ids.y, name: ids.yName, mean: 95, grades: { A1: 1, A2: 0, B1: 0, B2: 0, C1: 0, C2: 0, D: 0, E: 0 } });
    expect(r.sections).toEqual([{ sectionId: ids.tenA, name: 'Class 10 A', mean: 71.7 }]);
    // A section renamed shows its new name at once (the sections raise the results' version, migration 1766000000200).
    await t.db.query(`UPDATE sections SET name = 'Alpha' WHERE school_id = $1 AND id = $2`, [a.schoolId, ids.tenA]);
    expect((await data('/results')).sections).toEqual([{ sectionId: ids.tenA, name: 'Class 10 Alpha', mean: 71.7 }]);
  });

  // Migration 1766000000200: the versions are a change log the writes only insert into; the read that
  // recomputes folds a long log into one row without moving the version.
  it('the change log: a write adds a row, a long log folds into one row with the same sum, and the answer kept is then used', async () => {
    const log = async (schoolId = a.schoolId) =>
      (await t.db.query(`SELECT count(*)::int AS rows, COALESCE(sum(n), 0)::int AS version FROM insights_changes WHERE school_id = $1 AND topic = 'fees'`, [schoolId]))[0];
    const otherSchool = await log(b.schoolId);
    await data('/fees');
    const before = await log();
    await t.db.query(`UPDATE fee_heads SET name = name WHERE school_id = $1`, [a.schoolId]);
    expect(await log()).toEqual({ rows: before.rows + 1, version: before.version + 1 });
    // 250 more writes' rows, as a busy counter leaves them.
    await t.db.query(`INSERT INTO insights_changes (school_id, topic, n) SELECT $1, 'fees', 1 FROM generate_series(1, 250)`, [a.schoolId]);
    const first = await data('/fees');
    expect(await log()).toEqual({ rows: 1, version: before.version + 251 });
    const kept = async () => (await t.db.query(`SELECT version::int AS version, computed_at FROM insights_answers WHERE school_id = $1 AND topic = 'fees'`, [a.schoolId]));
    const answers = await kept();
    expect(answers.map((x: { version: number }) => x.version)).toContain(before.version + 251);
    // The same version: the kept answer is used, not computed again.
    expect(await data('/fees')).toEqual(first);
    expect(await kept()).toEqual(answers);
    // Another school's log is not this one's: neither this school's writes nor its fold touched it.
    expect(await log(b.schoolId)).toEqual(otherSchool);
  });

  // The attendance answers are kept for the day with the 'attendance' topic's version (migration
  // 1766000000200): a holiday, a mark and a class renamed each show at once in the home's chart.
  it("the home's attendance chart is kept and follows the calendar, the marks and the names", async () => {
    const chart = () => data('/attendance');
    const first = await chart();
    expect((await t.db.query(`SELECT key FROM insights_answers WHERE school_id = $1 AND topic = 'attendance'`, [a.schoolId])).map((r: { key: string }) => r.key)).toContain('last30|today|school');
    expect(await chart()).toEqual(first);
    // Saturday 24 October a holiday: the 30 school days now start a day earlier, on Monday 19 October.
    await t.db.query(`INSERT INTO calendar_events (school_id, title, kind, starts_on, ends_on) VALUES ($1, 'Dussehra', 'holiday', '2026-10-24', '2026-10-24')`, [a.schoolId]);
    expect((await chart()).from).toBe('2026-10-19');
    // Every mark of 2 November made absent: that day reads 0 %.
    await t.db.query(`UPDATE attendance_marks SET status = 'absent' WHERE school_id = $1 AND date = '2026-11-02'`, [a.schoolId]);
    expect((await chart()).days[0]).toEqual({ date: '2026-11-02', percent: 0 });
    // Class 2 renamed: the chart's class list says so.
    await t.db.query(`UPDATE classes SET name = 'Class II' WHERE school_id = $1 AND id = $2`, [a.schoolId, ids.two]);
    expect((await chart()).classes.map((c: { name: string }) => c.name)).toContain('Class II');
    // Answers kept for an earlier day are dropped by the next computation.
    await t.db.query(`UPDATE insights_answers SET as_of = as_of - 1 WHERE school_id = $1 AND topic = 'attendance'`, [a.schoolId]);
    await chart();
    expect((await t.db.query(`SELECT key, to_char(as_of, 'YYYY-MM-DD') AS d FROM insights_answers WHERE school_id = $1 AND topic = 'attendance'`, [a.schoolId]))).toEqual([
      { key: 'last30|today|school', d: '2026-11-24' },
    ]);
  });
});
