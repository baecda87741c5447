import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { pdfText } from './pdf-text';

/**
 * DECISIONS "Fixes to the workspace contract" — Marks not entered are not zero. A subject with no
 * component entered is `marks:null, grade:null, total:null` (shown —); one with some components
 * entered shows those and `grade:null`; AB is entered, shown AB and counts zero. Publishing refuses
 * (409 MARKS_INCOMPLETE naming the sheets) unless an admin says allowIncomplete; then a child with a
 * subject missing has no percentage and no rank, and nobody is a topper before their marks exist.
 */
describe('marks not entered are not zero: results, publication, report cards, the guardian’s view', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let sectionId: string;
  let classId: string;
  let examId: string;
  const subjects = {} as { MATH: string; ENG: string };
  const st = {} as { asha: string; ravi: string; meena: string };
  const COMPONENTS = [
    { name: 'Test', maxMarks: 20 },
    { name: 'Exam', maxMarks: 80 },
  ];

  const url = (path: string) => `/schools/${a.schoolId}${path}`;
  const admin = () => a.members.admin.token;

  async function ok<T = any>(method: string, path: string, body?: unknown, status = 200, token = admin()): Promise<T> {
    const res = await t.call(method, path, { token, body });
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }
  const results = async () => (await ok('GET', url(`/exams/${examId}/results?sectionId=${sectionId}`))).results;
  const byName = (r: any) => Object.fromEntries(r.students.map((s: any) => [s.name.split(' ')[0], s]));
  const subject = (s: any, name: string) => s.subjects.find((x: any) => x.subjectName === name);

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 6') RETURNING id`, [a.schoolId]);
    classId = c.id;
    const [sa] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    sectionId = sa.id;
    const rows: { id: string; code: string }[] = await t.db.query(`SELECT id, code FROM global_subjects WHERE code IN ('MATH', 'ENG')`);
    for (const r of rows) subjects[r.code as 'MATH' | 'ENG'] = r.id;
    for (const id of Object.values(subjects)) await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, id]);
    for (const [key, firstName, roll] of [['asha', 'Asha', 1], ['ravi', 'Ravi', 2], ['meena', 'Meena', 3]] as const) {
      const d = await ok('POST', url('/students'), { firstName, lastName: 'Test', dateOfBirth: '2015-06-02', gender: 'female', sectionId, rollNumber: roll, guardians: [{ name: `${firstName}'s Mother`, relation: 'mother', phone: '9876543210' }] }, 201);
      st[key] = d.student.id;
    }
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, st.ravi, a.members.guardian.id]);
    examId = (await ok('POST', url('/exams'), { name: `Term ${uniq().slice(0, 4)}`, academicYear: '2026-27', classIds: [classId], components: COMPONENTS }, 201)).exam.id;
  });
  afterAll(() => t.close());

  it('before any mark: every subject —, no percentage, no rank, no topper', async () => {
    const r = await results();
    expect(r.students).toHaveLength(3);
    for (const s of r.students) {
      expect(s).toMatchObject({ total: null, percentage: null, grade: null, result: null, rank: null });
      for (const x of s.subjects) expect(x).toMatchObject({ marks: null, total: null, grade: null, percentage: null, pass: null });
    }
    expect(r.analysis.toppers).toEqual([]);
    expect(r.analysis.needingSupport).toEqual([]);
    expect(r.analysis.gradeDistribution.every((g: any) => Object.values(g.counts).every((n) => n === 0))).toBe(true);
  });

  it('partial components show what is entered with grade null; AB is entered, shown AB and counts zero; ranks only for complete children', async () => {
    // Asha: complete in both (English absent throughout). Ravi: Mathematics only partly, English nothing.
    // Meena: complete, a higher percentage than Asha.
    await ok('PUT', url(`/exams/${examId}/marks`), {
      sectionId,
      subjectId: subjects.MATH,
      marks: [
        { studentId: st.asha, component: 'Test', marks: 15 },
        { studentId: st.asha, component: 'Exam', marks: 70 },
        { studentId: st.ravi, component: 'Test', marks: 10 },
        { studentId: st.meena, component: 'Test', marks: 20 },
        { studentId: st.meena, component: 'Exam', marks: 80 },
      ],
    });
    await ok('PUT', url(`/exams/${examId}/marks`), {
      sectionId,
      subjectId: subjects.ENG,
      marks: [
        { studentId: st.asha, component: 'Test', marks: 'AB' },
        { studentId: st.asha, component: 'Exam', marks: 'AB' },
        { studentId: st.meena, component: 'Test', marks: 10 },
        { studentId: st.meena, component: 'Exam', marks: 50 },
      ],
    });
    const r = await results();
    const by = byName(r);
    expect(subject(by.Asha, 'Mathematics')).toMatchObject({ marks: { Test: 15, Exam: 70 }, total: 85, grade: 'A2', pass: true });
    expect(subject(by.Asha, 'English')).toMatchObject({ marks: { Test: 'AB', Exam: 'AB' }, total: 0, grade: 'E', pass: false, absent: true });
    expect(by.Asha).toMatchObject({ total: 85, max: 200, percentage: 42.5, grade: 'C2', result: 'fail', rank: 2 });
    expect(subject(by.Ravi, 'Mathematics')).toMatchObject({ marks: { Test: 10 }, total: 10, grade: null, percentage: null, pass: null });
    expect(subject(by.Ravi, 'English')).toMatchObject({ marks: null, total: null, grade: null });
    expect(by.Ravi).toMatchObject({ total: 10, percentage: null, grade: null, result: null, rank: null });
    expect(by.Meena).toMatchObject({ total: 160, percentage: 80, grade: 'B1', result: 'pass', rank: 1 });
    expect(r.analysis.toppers.map((x: any) => [x.name, x.rank])).toEqual([['Meena Test', 1], ['Asha Test', 2]]);
    // Grades are counted only where one exists (Ravi's Mathematics has none yet).
    expect(r.analysis.gradeDistribution.find((g: any) => g.subjectName === 'Mathematics').counts).toMatchObject({ A1: 1, A2: 1, E: 0 });
    expect(r.analysis.gradeDistribution.find((g: any) => g.subjectName === 'English').counts).toMatchObject({ C1: 1, E: 1, A1: 0 });
  });

  it('publish: 409 MARKS_INCOMPLETE naming each incomplete sheet, nothing written; allowIncomplete is the admin’s alone', async () => {
    const refused = await t.call('POST', url(`/exams/${examId}/publish`), { token: admin() });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('MARKS_INCOMPLETE');
    // Mathematics: Ravi's Exam (1); English: Ravi's Test and Exam (2).
    expect(refused.body.error.details.sheets).toEqual(
      expect.arrayContaining([
        { sectionId, subjectId: subjects.MATH, missing: 1 },
        { sectionId, subjectId: subjects.ENG, missing: 2 },
      ]),
    );
    expect(refused.body.error.details.sheets).toHaveLength(2);
    const falseFlag = await t.call('POST', url(`/exams/${examId}/publish`), { token: admin(), body: { allowIncomplete: false } });
    expect(falseFlag.status).toBe(409);
    expect((await t.call('POST', url(`/exams/${examId}/publish`), { token: admin(), body: { allowIncomplete: 'yes' } })).status).toBe(400);
    for (const role of ['teacher', 'office', 'accountant'] as const) {
      const other = await t.call('POST', url(`/exams/${examId}/publish`), { token: a.members[role].token, body: { allowIncomplete: true } });
      expect(other.status).toBe(403);
      expect(other.body.error.code).toBe('FORBIDDEN');
    }
    expect((await ok('GET', url(`/exams/${examId}`))).exam.status).toBe('draft');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM report_card_snapshots WHERE school_id = $1 AND exam_id = $2`, [a.schoolId, examId]))[0].n).toBe(0);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE school_id = $1 AND action = 'exam.published' AND entity_id = $2`, [a.schoolId, examId]))[0].n).toBe(0);

    const published = await ok('POST', url(`/exams/${examId}/publish`), { allowIncomplete: true });
    expect(published.exam.status).toBe('published');
    const [audit] = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND action = 'exam.published' AND entity_id = $2`, [a.schoolId, examId]);
    expect(audit.after.incompleteSheets).toHaveLength(2);
  });

  it('published incomplete: the guardian’s view and the profile show — and no percentage or rank for the incomplete child', async () => {
    const view = await ok('GET', url(`/students/${st.ravi}/published-results?academicYear=2026-27`), undefined, 200, a.members.guardian.token);
    const [term] = view.results.exams;
    expect(term).toMatchObject({ total: 10, percentage: null, grade: null, result: null, rank: null });
    expect(term.subjects.find((x: any) => x.subjectName === 'English')).toMatchObject({ marks: null, total: null, grade: null });
    expect(term.subjects.find((x: any) => x.subjectName === 'Mathematics')).toMatchObject({ marks: { Test: 10 }, total: 10, grade: null });
    const profile = await ok('GET', url(`/students/${st.asha}/results`));
    expect(profile.results[0]).toMatchObject({ percentage: 42.5, rank: 2 });
    expect(profile.results[0].subjects.find((x: any) => x.subjectName === 'English')).toMatchObject({ marks: { Test: 'AB', Exam: 'AB' }, total: 0, grade: 'E' });
  });

  it('the report card prints — for marks not entered and AB for an absence, in English and Hindi', async () => {
    const get = async (studentId: string, lang: string) => {
      const res = await fetch(`${t.baseUrl}/api/v1${url(`/students/${studentId}/report-card?academicYear=2026-27&lang=${lang}`)}`, { headers: { authorization: `Bearer ${admin()}` } });
      expect(res.status).toBe(200);
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };
    const asha = await get(st.asha, 'en');
    expect(asha).toMatch(/English\s+AB\s+E/);
    expect(asha).toMatch(/Mathematics\s+85\/100\s+A2/);
    expect(asha).not.toMatch(/English\s+0\/100/);
    const ravi = await get(st.ravi, 'en');
    expect(ravi).toMatch(/English\s+—\s+—/);
    expect(ravi).toMatch(/Percentage\s+—/);
    expect(ravi).toContain('Not complete: some marks are not entered');
    expect(ravi).not.toMatch(/English\s+0\/100/);
    const raviHi = await get(st.ravi, 'hi');
    expect(raviHi).toContain('—');
    expect(raviHi).not.toMatch(/0\/100\s+E/);
    expect(await get(st.asha, 'hi')).toMatch(/AB\s+E/);
  });
});
