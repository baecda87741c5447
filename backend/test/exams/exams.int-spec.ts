import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchoolWithMembers, dbKind, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';

import { pdfText } from './pdf-text';

interface Fixture {
  classId: string;
  sectionA: string;
  sectionB: string;
  subjects: Record<'MATH' | 'ENG' | 'SCI', string>;
  students: Record<'asha' | 'ravi' | 'meena' | 'kabir', string>;
}

/** The components of classes 6–8 (periodic assessment 20 + exam 80). */
const COMPONENTS = [
  { name: 'Periodic test', maxMarks: 10 },
  { name: 'Notebook', maxMarks: 5 },
  { name: 'Subject enrichment', maxMarks: 5 },
  { name: 'Half-yearly exam', maxMarks: 80 },
];

describe('exams, marks, results and report cards', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let f: Fixture;
  let examId: string;

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const admin = () => a.members.admin.token;
  const teacher = () => a.members.teacher.token;

  async function ok<T = any>(method: string, path: string, token: string, body?: unknown, status = 200): Promise<T> {
    const res = await t.call(method, path, { token, body });
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function download(path: string, token: string): Promise<{ status: number; type: string | null; bytes: Buffer; body?: any; disposition: string | null }> {
    const res = await fetch(`${t.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type');
    return { status: res.status, type, bytes, body: type?.includes('json') ? JSON.parse(bytes.toString()) : undefined, disposition: res.headers.get('content-disposition') };
  }

  beforeAll(async () => {
    t = await startTestApp({ JOBS_POLL_MS: '50' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    await t.db.query(`UPDATE schools SET affiliation_number = '2130456', school_code = $2, name = 'Kendriya Vidya Niketan' WHERE id = $1`, [a.schoolId, `KV${uniq()}`]);
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 7') RETURNING id`, [a.schoolId]);
    const [sa] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    const [sb] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'B') RETURNING id`, [c.id]);
    const rows: { id: string; code: string }[] = await t.db.query(`SELECT id, code FROM global_subjects WHERE code IN ('MATH', 'ENG', 'SCI')`);
    const subjects = Object.fromEntries(rows.map((r) => [r.code, r.id])) as Fixture['subjects'];
    for (const id of Object.values(subjects)) await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, id]);
    const students = {} as Fixture['students'];
    const people: [keyof Fixture['students'], string, string, number, string][] = [
      ['asha', 'Asha', 'Verma', 1, sa.id],
      ['ravi', 'Ravi', 'Kumar', 2, sa.id],
      ['meena', 'Meena', 'Iyer', 3, sa.id],
      ['kabir', 'Kabir', 'Singh', 1, sb.id],
    ];
    for (const [key, firstName, lastName, rollNumber, sectionId] of people) {
      const d = await ok('POST', url('/students'), admin(), {
        firstName,
        lastName,
        dateOfBirth: '2014-06-02',
        gender: 'female',
        sectionId,
        rollNumber,
        guardians: [{ name: `${firstName}'s Mother`, relation: 'mother', phone: '9876543210' }],
      }, 201);
      students[key] = d.student.id;
    }
    f = { classId: c.id, sectionA: sa.id, sectionB: sb.id, subjects, students };
    // The teacher member teaches Mathematics in 7 A (and nothing else); the guardian is Asha's.
    const staff = await ok('POST', url('/staff'), admin(), { employeeCode: `T${uniq().slice(0, 6)}`, name: 'Sunita Rao', userId: a.members.teacher.id }, 201);
    await ok('PUT', url('/teaching-assignments'), admin(), { assignments: [{ sectionId: sa.id, subjectId: subjects.MATH, staffId: staff.staff.id }] });
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, students.asha, a.members.guardian.id]);
  });
  afterAll(() => t.close());

  it('creates an exam as {exam}; checks the body, the classes’ year, the role and the school', async () => {
    const created = await t.call('POST', url('/exams'), { token: admin(), body: { name: 'Term 1', academicYear: '2026-27', classIds: [f.classId], components: COMPONENTS } });
    expect(created.status).toBe(201);
    expect(created.body.data.exam).toMatchObject({ name: 'Term 1', academicYear: '2026-27', term: 1, classIds: [f.classId], classes: [{ id: f.classId, name: 'Class 7' }], components: COMPONENTS, status: 'draft', publishedAt: null });
    examId = created.body.data.exam.id;

    const bad = await t.call('POST', url('/exams'), { token: admin(), body: { name: '', academicYear: '26-27', classIds: [], components: [{ name: 'X', maxMarks: 0 }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details).sort()).toEqual(['academicYear', 'classIds', 'components.0.maxMarks', 'name']);
    const wrongYear = await t.call('POST', url('/exams'), { token: admin(), body: { name: 'T', academicYear: '2025-26', classIds: [f.classId], components: COMPONENTS } });
    expect(wrongYear.status).toBe(400);
    expect(wrongYear.body.error.details).toEqual({ 'classIds.0': 'This class is not of 2025-26' });
    expect((await t.call('POST', url('/exams'), { token: teacher(), body: { name: 'T', academicYear: '2026-27', classIds: [f.classId], components: COMPONENTS } })).status).toBe(403);
    // Another school's class, or this exam from another school: as missing.
    expect((await t.call('POST', url('/exams', b), { token: b.members.admin.token, body: { name: 'T', academicYear: '2026-27', classIds: [f.classId], components: COMPONENTS } })).status).toBe(404);
    expect((await t.call('GET', url(`/exams/${examId}`, b), { token: b.members.admin.token })).status).toBe(404);

    const list = await ok('GET', url('/exams?academicYear=2026-27'), teacher());
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const [audit] = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND action = 'exam.created' AND entity_id = $2`, [a.schoolId, examId]);
    expect(audit.after.name).toBe('Term 1');
  });

  it('the date sheet flags two papers of one class at once', async () => {
    const d = await ok('PUT', url(`/exams/${examId}/date-sheet`), admin(), {
      papers: [
        { classId: f.classId, subjectId: f.subjects.MATH, date: '2026-09-14', startsAt: '09:00', endsAt: '12:00' },
        { classId: f.classId, subjectId: f.subjects.ENG, date: '2026-09-14', startsAt: '11:00', endsAt: '13:00' },
        { classId: f.classId, subjectId: f.subjects.SCI, date: '2026-09-16', startsAt: '09:00', endsAt: '12:00' },
      ],
    });
    expect(d.dateSheet.papers.map((p: any) => p.subjectName)).toEqual(['Mathematics', 'English', 'Science']);
    expect(d.dateSheet.clashes).toEqual([{ classId: f.classId, date: '2026-09-14', papers: [0, 1] }]);
    const fixed = await ok('PUT', url(`/exams/${examId}/date-sheet`), admin(), {
      papers: [
        { classId: f.classId, subjectId: f.subjects.MATH, date: '2026-09-14', startsAt: '09:00', endsAt: '12:00' },
        { classId: f.classId, subjectId: f.subjects.ENG, date: '2026-09-15', startsAt: '09:00', endsAt: '12:00' },
        { classId: f.classId, subjectId: f.subjects.SCI, date: '2026-09-16', startsAt: '09:00', endsAt: '12:00' },
      ],
    });
    expect(fixed.dateSheet.clashes).toEqual([]);
    const bad = await t.call('PUT', url(`/exams/${examId}/date-sheet`), { token: admin(), body: { papers: [{ classId: f.classId, subjectId: f.subjects.MATH, date: '2026-09-14', startsAt: '12:00', endsAt: '09:00' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual({ 'papers.0.endsAt': 'It must end after it starts' });
  });

  it('a paper’s date must fall in the exam’s academic year and on a day the school is open; nothing is written otherwise', async () => {
    const stored = async () =>
      (await t.db.query(`SELECT subject_id, to_char(on_date, 'YYYY-MM-DD') AS on_date FROM exam_papers WHERE school_id = $1 AND exam_id = $2 ORDER BY on_date`, [a.schoolId, examId])).map(
        (r: any) => `${r.subject_id} ${r.on_date}`,
      );
    const audits = async () => Number((await t.db.query(`SELECT count(*) FROM audit_log WHERE school_id = $1 AND action = 'exam.date_sheet_set' AND entity_id = $2`, [a.schoolId, examId]))[0].count);
    const paper = (subjectId: string, date: string, classId = f.classId) => ({ classId, subjectId, date, startsAt: '09:00', endsAt: '12:00' });
    const put = (papers: unknown[]) => t.call('PUT', url(`/exams/${examId}/date-sheet`), { token: admin(), body: { papers } });
    const before = await stored();
    const auditsBefore = await audits();
    const YEAR = 'This date is outside the academic year 2026-27 (01/04/2026 – 31/03/2027)';

    // The sheet says which days its papers may take: the exam's academic year.
    expect((await ok('GET', url(`/exams/${examId}/date-sheet`), teacher())).dateSheet.academicYear).toEqual({ name: '2026-27', startsOn: '2026-04-01', endsOn: '2027-03-31' });

    // Outside the year (a day before its first, a day after its last): every paper named at once.
    const outside = await put([paper(f.subjects.MATH, '2026-03-31'), paper(f.subjects.ENG, '2026-09-15'), paper(f.subjects.SCI, '2027-04-01')]);
    expect(outside.status).toBe(400);
    expect(outside.body.error.code).toBe('VALIDATION_FAILED');
    expect(outside.body.error.details).toEqual({ 'papers.0.date': YEAR, 'papers.2.date': YEAR });
    expect(JSON.stringify(outside.body)).not.toMatch(/SELECT|INSERT|stack|exam_papers/i);

    // The school's own dates for the year count (here it starts in June), not April–March.
    await t.db.query(`UPDATE academic_years SET starts_on = '2026-06-01' WHERE school_id = $1 AND name = '2026-27'`, [a.schoolId]);
    try {
      const june = await put([paper(f.subjects.MATH, '2026-05-20')]);
      expect(june.status).toBe(400);
      expect(june.body.error.details).toEqual({ 'papers.0.date': 'This date is outside the academic year 2026-27 (01/06/2026 – 31/03/2027)' });
      expect((await ok('GET', url(`/exams/${examId}/date-sheet`), admin())).dateSheet.academicYear).toEqual({ name: '2026-27', startsOn: '2026-06-01', endsOn: '2027-03-31' });
    } finally {
      await t.db.query(`UPDATE academic_years SET starts_on = '2026-04-01' WHERE school_id = $1 AND name = '2026-27'`, [a.schoolId]);
    }

    // A holiday or vacation of the calendar, and Sunday (the school keeps it, as attendance does), by name;
    // with a class the exam does not hold in the same answer. An 'event' closes nothing.
    for (const body of [
      { title: 'Dussehra', kind: 'holiday', startsOn: '2026-10-20' },
      { title: 'Autumn break', kind: 'vacation', startsOn: '2026-10-21', endsOn: '2026-10-23' },
      { title: 'Sports day', kind: 'event', startsOn: '2026-10-26' },
    ]) {
      await ok('POST', url('/calendar-events'), admin(), body, 201);
    }
    const holidays = await put([
      paper(f.subjects.MATH, '2026-10-20'),
      paper(f.subjects.ENG, '2026-10-22'),
      paper(f.subjects.SCI, '2026-09-13'),
      paper(f.subjects.MATH, '2026-10-26', '00000000-0000-4000-8000-000000000000'),
    ]);
    expect(holidays.status).toBe(400);
    expect(holidays.body.error.details).toEqual({
      'papers.0.date': 'This date is a holiday: Dussehra',
      'papers.1.date': 'This date is a holiday: Autumn break',
      'papers.2.date': 'This date is a holiday: Sunday',
      'papers.3.classId': 'This exam is not held for this class',
    });
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);

    // The first and last days of the year, and a day beside a holiday, are fine: saved.
    const saved = await ok('PUT', url(`/exams/${examId}/date-sheet`), admin(), {
      papers: [paper(f.subjects.MATH, '2026-04-01'), paper(f.subjects.ENG, '2026-10-19'), paper(f.subjects.SCI, '2027-03-31')],
    });
    expect(saved.dateSheet.papers.map((p: any) => `${p.subjectName} ${p.date}`)).toEqual(['Mathematics 2026-04-01', 'English 2026-10-19', 'Science 2027-03-31']);
    expect(await stored()).toEqual([`${f.subjects.MATH} 2026-04-01`, `${f.subjects.ENG} 2026-10-19`, `${f.subjects.SCI} 2027-03-31`]);
    expect(await audits()).toBe(auditsBefore + 1);
  });

  it('the exam form’s choices (classes with the band’s preset) and the sheets a caller may open', async () => {
    const choices = await ok('GET', url('/exam-classes'), admin());
    expect(choices.academicYear).toBe('2026-27');
    expect(choices.classes).toEqual([
      expect.objectContaining({ id: f.classId, name: 'Class 7', band: 'middle', coScholasticScale: 'A-C', sections: [{ id: f.sectionA, name: 'A' }, { id: f.sectionB, name: 'B' }] }),
    ]);
    expect(choices.classes[0].presetComponents.map((c: any) => c.maxMarks)).toEqual([10, 5, 5, 80]);
    expect(choices.classes[0].subjects.map((s: any) => s.name)).toEqual(['English', 'Mathematics', 'Science']);
    const mine = await ok('GET', url(`/exams/${examId}/sheets`), teacher());
    expect(mine.sheets.map((s: any) => [s.sectionName, s.subjectName, s.canEnter])).toEqual([
      ['A', 'English', false],
      ['A', 'Mathematics', true],
      ['A', 'Science', false],
    ]);
    const all = await ok('GET', url(`/exams/${examId}/sheets`), admin());
    expect(all.sheets).toHaveLength(6);
    expect(all.sheets.every((s: any) => s.canEnter)).toBe(true);
    expect((await t.call('GET', url(`/exams/${examId}/sheets`), { token: a.members.guardian.token })).status).toBe(403);
  });

  const row = (studentId: string, pt: number | 'AB', nb: number, se: number, ex: number | 'AB') => [
    { studentId, component: 'Periodic test', marks: pt },
    { studentId, component: 'Notebook', marks: nb },
    { studentId, component: 'Subject enrichment', marks: se },
    { studentId, component: 'Half-yearly exam', marks: ex },
  ];

  it('marks: limits checked naming the row (nothing saved), AB for absent, a teacher only for their assigned subject', async () => {
    const over = await t.call('PUT', url(`/exams/${examId}/marks`), {
      token: teacher(),
      body: { sectionId: f.sectionA, subjectId: f.subjects.MATH, marks: [...row(f.students.asha, 8, 5, 4, 62), { studentId: f.students.ravi, component: 'Half-yearly exam', marks: 81 }] },
    });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('VALIDATION_FAILED');
    expect(over.body.error.details).toEqual({ 'marks.4.marks': 'Marks must not exceed 80 in Half-yearly exam (row 5 (Ravi Kumar))' });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM exam_marks WHERE school_id = $1`, [a.schoolId]))[0].n).toBe(0);
    const unknown = await t.call('PUT', url(`/exams/${examId}/marks`), { token: teacher(), body: { sectionId: f.sectionA, subjectId: f.subjects.MATH, marks: [{ studentId: f.students.kabir, component: 'Viva', marks: 1 }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual({ 'marks.0.studentId': 'This student is not in this section (row 1)' });
    const notAB = await t.call('PUT', url(`/exams/${examId}/marks`), { token: teacher(), body: { sectionId: f.sectionA, subjectId: f.subjects.MATH, marks: [{ studentId: f.students.asha, component: 'Notebook', marks: 'absent' }] } });
    expect(notAB.status).toBe(400);

    const sheet = await ok('PUT', url(`/exams/${examId}/marks`), teacher(), {
      sectionId: f.sectionA,
      subjectId: f.subjects.MATH,
      marks: [...row(f.students.asha, 8, 5, 4, 62), ...row(f.students.ravi, 10, 5, 5, 75), ...row(f.students.meena, 'AB', 2, 2, 'AB')],
    });
    expect(sheet.students.map((s: any) => [s.name, s.marks['Half-yearly exam']])).toEqual([
      ['Asha Verma', 62],
      ['Ravi Kumar', 75],
      ['Meena Iyer', 'AB'],
    ]);
    const read = await ok('GET', url(`/exams/${examId}/marks?sectionId=${f.sectionA}&subjectId=${f.subjects.MATH}`), teacher());
    expect(read).toMatchObject({ locked: false, subjectName: 'Mathematics', components: COMPONENTS });
    expect(read.students[2].marks).toEqual({ 'Periodic test': 'AB', Notebook: 2, 'Subject enrichment': 2, 'Half-yearly exam': 'AB' });

    // English in 7 A, or Mathematics in 7 B: not this teacher's.
    const eng = await t.call('PUT', url(`/exams/${examId}/marks`), { token: teacher(), body: { sectionId: f.sectionA, subjectId: f.subjects.ENG, marks: [] } });
    expect(eng.status).toBe(403);
    expect(eng.body.error.code).toBe('FORBIDDEN');
    expect((await t.call('GET', url(`/exams/${examId}/marks?sectionId=${f.sectionB}&subjectId=${f.subjects.MATH}`), { token: teacher() })).status).toBe(403);
    expect((await t.call('PUT', url(`/exams/${examId}/marks`), { token: a.members.office.token, body: { sectionId: f.sectionA, subjectId: f.subjects.ENG, marks: [] } })).status).toBe(403);
    // The admin enters any subject.
    await ok('PUT', url(`/exams/${examId}/marks`), admin(), {
      sectionId: f.sectionA,
      subjectId: f.subjects.ENG,
      marks: [...row(f.students.asha, 9, 5, 5, 72), ...row(f.students.ravi, 6, 4, 3, 50), ...row(f.students.meena, 3, 2, 2, 20)],
    });
    await ok('PUT', url(`/exams/${examId}/marks`), admin(), {
      sectionId: f.sectionA,
      subjectId: f.subjects.SCI,
      marks: [...row(f.students.asha, 7, 4, 4, 55), ...row(f.students.ravi, 9, 5, 5, 70), ...row(f.students.meena, 4, 3, 3, 30)],
    });
    const [audit] = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND action = 'exam.marks_entered' ORDER BY id LIMIT 1`, [a.schoolId]);
    expect(audit.after.marks).toContainEqual({ studentId: f.students.meena, component: 'Periodic test', marks: 'AB' });
    expect(audit.before.marks).toContainEqual({ studentId: f.students.meena, component: 'Periodic test', marks: null });
    // Another school's section: as missing.
    expect((await t.call('PUT', url(`/exams/${examId}/marks`), { token: admin(), body: { sectionId: (await t.db.query(`SELECT gen_random_uuid() AS id`))[0].id, subjectId: f.subjects.MATH, marks: [] } })).status).toBe(404);
  });

  it('results: totals, percentages, grades, the pass rule, ranks and the analysis', async () => {
    await ok('PUT', url(`/exams/${examId}/report-notes`), admin(), {
      sectionId: f.sectionA,
      students: [
        { studentId: f.students.asha, coScholastic: { 'Work education': 'A', 'Art education': 'B', Discipline: 'A' }, remarks: 'Curious and hard-working.' },
        { studentId: f.students.ravi, coScholastic: { Discipline: 'B' } },
      ],
    });
    const badGrade = await t.call('PUT', url(`/exams/${examId}/report-notes`), { token: admin(), body: { sectionId: f.sectionA, students: [{ studentId: f.students.asha, coScholastic: { Discipline: 'D' } }] } });
    expect(badGrade.status).toBe(400);
    expect(badGrade.body.error.details).toEqual({ 'students.0.coScholastic.Discipline': 'Grade must be one of the scale’s letters (A-C)' });

    const { results } = await ok('GET', url(`/exams/${examId}/results?sectionId=${f.sectionA}`), teacher());
    const by = Object.fromEntries(results.students.map((s: any) => [s.name, s]));
    // Asha: Maths 79, English 91, Science 70 → 240/300 = 80 % B1.
    expect(by['Asha Verma'].subjects.map((s: any) => [s.subjectName, s.total, s.grade])).toEqual([
      ['English', 91, 'A1'],
      ['Mathematics', 79, 'B1'],
      ['Science', 70, 'B2'],
    ]);
    expect(by['Asha Verma']).toMatchObject({ total: 240, max: 300, percentage: 80, grade: 'B1', result: 'pass', rank: 2 });
    // Ravi: 95 + 63 + 89 = 247 → 82.33 % A2, first.
    expect(by['Ravi Kumar']).toMatchObject({ total: 247, percentage: 82.33, grade: 'A2', result: 'pass', rank: 1 });
    // Meena: Maths 4 (absent twice), English 27, Science 40 → fails Maths and English.
    expect(by['Meena Iyer']).toMatchObject({ total: 71, result: 'fail', rank: 3 });
    expect(results.analysis.needingSupport).toEqual([{ studentId: f.students.meena, name: 'Meena Iyer', percentage: 23.67, failedSubjects: ['English', 'Mathematics'] }]);
    expect(results.analysis.toppers.map((x: any) => x.name)).toEqual(['Ravi Kumar', 'Asha Verma', 'Meena Iyer']);
    expect(results.analysis.gradeDistribution.find((g: any) => g.subjectName === 'Mathematics').counts).toMatchObject({ A1: 1, B1: 1, E: 1 });
    const noRanks = await ok('GET', url(`/exams/${examId}/results?sectionId=${f.sectionA}&ranks=false`), admin());
    expect(noRanks.results.students.every((s: any) => s.rank === null)).toBe(true);
    // A guardian reads report cards, not a section's results; a teacher only their sections'.
    expect((await t.call('GET', url(`/exams/${examId}/results?sectionId=${f.sectionA}`), { token: a.members.guardian.token })).status).toBe(403);
    expect((await t.call('GET', url(`/exams/${examId}/results?sectionId=${f.sectionB}`), { token: teacher() })).status).toBe(403);
  });

  it('a report card PDF: header, student, marks and grades in their rows (text extracted); Hindi with the Devanagari font', async () => {
    const pdf = await download(url(`/students/${f.students.asha}/report-card?academicYear=2026-27`), admin());
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Kendriya Vidya Niketan');
    expect(text).toContain('Affiliation No.: 2130456');
    expect(text).toMatch(/Asha Verma/);
    expect(text).toMatch(/Class 7 A/);
    expect(text).toMatch(/English\s+91\/100\s+A1/);
    expect(text).toMatch(/Mathematics\s+79\/100\s+B1/);
    expect(text).toMatch(/Science\s+70\/100\s+B2/);
    expect(text).toMatch(/Overall\s+240\/300\s+B1/);
    expect(text).toMatch(/Work education\s+A/);
    expect(text).toContain('Curious and hard-working.');
    expect(text).toContain('Provisional');
    expect(text).toContain('Attendance: Not available');

    const hi = await download(url(`/students/${f.students.asha}/report-card?academicYear=2026-27&lang=hi`), admin());
    expect(hi.status).toBe(200);
    expect(hi.bytes.toString('latin1')).toMatch(/NotoSansDevanagari/);
    const hiText = await pdfText(hi.bytes);
    expect(hiText).toContain('Asha Verma');
    expect(hiText).toMatch(/79\/100\s+B1/);
    // WRITE_SCREENS=1 keeps the two PDFs for docs/screens (rendered to PNG with pdftoppm by hand).
    if (process.env.WRITE_SCREENS === '1' && dbKind() === 'embedded') {
      mkdirSync(join(__dirname, '../../../docs/screens'), { recursive: true });
      writeFileSync(join(__dirname, '../../../docs/screens/exams-report-card.pdf'), pdf.bytes);
      writeFileSync(join(__dirname, '../../../docs/screens/exams-report-card-hi.pdf'), hi.bytes);
    }

    const missing = await t.call('GET', url(`/students/${f.students.asha}/report-card?academicYear=2025-26`), { token: admin() });
    expect(missing.status).toBe(404);
    const badQuery = await t.call('GET', url(`/students/${f.students.asha}/report-card`), { token: admin() });
    expect(badQuery.status).toBe(400);
    // Before publication a guardian has nothing to download; another family's child is not found.
    const early = await t.call('GET', url(`/students/${f.students.asha}/report-card?academicYear=2026-27`), { token: a.members.guardian.token });
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('RESULTS_NOT_PUBLISHED');
    expect((await t.call('GET', url(`/students/${f.students.ravi}/report-card?academicYear=2026-27`), { token: a.members.guardian.token })).status).toBe(404);
    expect((await t.call('GET', url(`/students/${f.students.asha}/report-card?academicYear=2026-27`, b), { token: b.members.admin.token })).status).toBe(404);
  });

  it('publication: marks locked (422 MARKS_LOCKED), report cards frozen as snapshots; unpublish by an admin, audited', async () => {
    expect((await t.call('POST', url(`/exams/${examId}/publish`), { token: teacher() })).status).toBe(403);
    // 7 B (Kabir) has no marks in any subject: refused, naming the empty sheets, nothing written.
    const refused = await t.call('POST', url(`/exams/${examId}/publish`), { token: admin() });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('MARKS_INCOMPLETE');
    expect(refused.body.error.details.sheets).toEqual(
      expect.arrayContaining([f.subjects.ENG, f.subjects.MATH, f.subjects.SCI].map((subjectId) => ({ sectionId: f.sectionB, subjectId, missing: 4 }))),
    );
    expect(refused.body.error.details.sheets).toHaveLength(3);
    expect((await ok('GET', url(`/exams/${examId}`), admin())).exam.status).toBe('draft');
    // The admin publishes knowingly.
    const published = await ok('POST', url(`/exams/${examId}/publish`), admin(), { allowIncomplete: true });
    expect(published.exam).toMatchObject({ status: 'published' });
    expect(published.exam.publishedAt).toEqual(expect.any(String));
    const snaps = await t.db.query(`SELECT student_id, data FROM report_card_snapshots WHERE school_id = $1 AND exam_id = $2`, [a.schoolId, examId]);
    expect(snaps).toHaveLength(4);

    const locked = await t.call('PUT', url(`/exams/${examId}/marks`), { token: teacher(), body: { sectionId: f.sectionA, subjectId: f.subjects.MATH, marks: [{ studentId: f.students.asha, component: 'Notebook', marks: 1 }] } });
    expect(locked.status).toBe(422);
    expect(locked.body.error.code).toBe('MARKS_LOCKED');
    expect((await ok('GET', url(`/exams/${examId}/marks?sectionId=${f.sectionA}&subjectId=${f.subjects.MATH}`), teacher())).locked).toBe(true);

    // The student's record changes after publication; the published card does not.
    await ok('PATCH', url(`/students/${f.students.asha}`), admin(), { firstName: 'Ashima' });
    const guardianPdf = await download(url(`/students/${f.students.asha}/report-card?academicYear=2026-27`), a.members.guardian.token);
    expect(guardianPdf.status).toBe(200);
    const text = await pdfText(guardianPdf.bytes);
    expect(text).toContain('Asha Verma');
    expect(text).not.toContain('Ashima');
    expect(text).not.toContain('Provisional');
    expect(text).toMatch(/Mathematics\s+79\/100\s+B1/);

    // Unlock: only an admin; audited; the guardian's card is withdrawn until published again.
    const unpublished = await ok('POST', url(`/exams/${examId}/unpublish`), admin());
    expect(unpublished.exam.status).toBe('draft');
    const [audit] = await t.db.query(`SELECT actor_id, before, after FROM audit_log WHERE school_id = $1 AND action = 'exam.unpublished' AND entity_id = $2`, [a.schoolId, examId]);
    expect(audit).toMatchObject({ actor_id: a.members.admin.id, before: { status: 'published' }, after: { status: 'draft' } });
    expect((await t.call('GET', url(`/students/${f.students.asha}/report-card?academicYear=2026-27`), { token: a.members.guardian.token })).status).toBe(422);
    await ok('PUT', url(`/exams/${examId}/marks`), teacher(), { sectionId: f.sectionA, subjectId: f.subjects.MATH, marks: [{ studentId: f.students.asha, component: 'Half-yearly exam', marks: 70 }] });
    await ok('POST', url(`/exams/${examId}/publish`), admin(), { allowIncomplete: true });
    const again = await pdfText((await download(url(`/students/${f.students.asha}/report-card?academicYear=2026-27`), a.members.guardian.token)).bytes);
    expect(again).toMatch(/Mathematics\s+87\/100\s+A2/);
    expect(again).toContain('Ashima Verma');
  });

  it('a student’s published results per exam (the profile’s Marks tab): from the frozen card; a guardian only their own child', async () => {
    const { results } = await ok('GET', url(`/students/${f.students.asha}/results`), admin());
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ examId, examName: 'Term 1', academicYear: '2026-27', term: 1, className: 'Class 7', sectionName: 'A', grade: expect.any(String), result: 'pass' });
    expect(results[0].subjects.find((s: any) => s.subjectName === 'Mathematics')).toMatchObject({ total: 87, grade: 'A2' });
    expect((await ok('GET', url(`/students/${f.students.asha}/results`), a.members.guardian.token)).results).toHaveLength(1);
    expect((await t.call('GET', url(`/students/${f.students.ravi}/results`), { token: a.members.guardian.token })).status).toBe(404);
    expect((await t.call('GET', url(`/students/${f.students.asha}/results`, b), { token: b.members.admin.token })).status).toBe(404);
    // Unpublished: nothing to show (the draft's live marks are not results).
    await ok('POST', url(`/exams/${examId}/unpublish`), admin());
    expect((await ok('GET', url(`/students/${f.students.asha}/results`), admin())).results).toEqual([]);
    await ok('POST', url(`/exams/${examId}/publish`), admin(), { allowIncomplete: true });
  });

  it('a section’s report cards: a background job with progress, its resultUrl downloads one PDF', async () => {
    const started = await t.call('POST', url(`/sections/${f.sectionA}/report-cards`), { token: admin(), body: { academicYear: '2026-27' } });
    expect(started.status).toBe(202);
    expect(started.body.data.job).toMatchObject({ state: 'queued' });
    const jobId = started.body.data.job.id;
    let status: any;
    for (let i = 0; i < 200; i += 1) {
      status = (await ok('GET', url(`/jobs/${jobId}`), admin()));
      if (status.state === 'completed' || status.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toMatchObject({ state: 'completed', progress: 100, resultUrl: `/api/v1/schools/${a.schoolId}/report-cards/files/${jobId}` });
    const file = await download(status.resultUrl.replace('/api/v1', ''), admin());
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    // The file names the section and the year (issue 36), not just "report-cards.pdf".
    expect(file.disposition).toBe('inline; filename="report-cards-Class-7-A-2026-27.pdf"');
    const text = await pdfText(file.bytes);
    for (const name of ['Ashima Verma', 'Ravi Kumar', 'Meena Iyer']) expect(text).toContain(name);
    expect(text).not.toContain('Kabir');
    // A guardian cannot start one or read the file; another school sees neither.
    expect((await t.call('POST', url(`/sections/${f.sectionA}/report-cards`), { token: a.members.guardian.token, body: {} })).status).toBe(403);
    expect((await download(status.resultUrl.replace('/api/v1', ''), a.members.guardian.token)).status).toBe(403);
    expect((await download(`/schools/${b.schoolId}/report-cards/files/${jobId}`, b.members.admin.token)).status).toBe(404);
    // The teacher of 7 A may print it; not 7 B's.
    expect((await t.call('POST', url(`/sections/${f.sectionA}/report-cards`), { token: teacher(), body: {} })).status).toBe(202);
    expect((await t.call('POST', url(`/sections/${f.sectionB}/report-cards`), { token: teacher(), body: {} })).status).toBe(403);
  });
});
