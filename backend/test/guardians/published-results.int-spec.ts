import { randomUUID } from 'node:crypto';
import { addSections, type Sections } from '../students/students-support';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { addStudent } from './guardians-support';

/**
 * A guardian's child's published marks on screen (DECISIONS "Guardians": marks and report cards):
 * GET …/students/{studentId}/published-results?academicYear= answers, exam by exam, the figures
 * frozen at publication (the exams module's report-card snapshots): subjects, marks, grades, the
 * result. Nothing of an unpublished exam; another child's id answers 404.
 */
describe('published results on screen: a guardian’s own child only', () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  let sec: Sections;
  let mine: { id: string; name: string };
  let other: { id: string; name: string; admissionNumber: string };
  let halfYearly: string;
  let subjects: { MATH: string; ENG: string };

  const url = (path: string) => `/schools/${s.schoolId}${path}`;
  const results = (studentId: string, token: string, query = '?academicYear=2026-27') => t.call('GET', url(`/students/${studentId}/published-results${query}`), { token });

  async function ok(method: string, path: string, body: unknown, status = 200): Promise<any> {
    const res = await t.call(method, path, { token: s.members.admin.token, body });
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function exam(name: string, marks: [string, keyof typeof subjects, number | 'AB'][]): Promise<string> {
    const { exam: created } = await ok('POST', url('/exams'), { name, academicYear: '2026-27', classIds: [sec.classId], components: [{ name: 'Written', maxMarks: 100 }] }, 201);
    for (const section of [sec.a, sec.b]) {
      for (const subject of ['MATH', 'ENG'] as const) {
        const rows = marks.filter(([st, sub]) => sub === subject && (section === sec.a ? st === mine.id : st === other.id));
        if (rows.length > 0) await ok('PUT', url(`/exams/${created.id}/marks`), { sectionId: section, subjectId: subjects[subject], marks: rows.map(([studentId, , m]) => ({ studentId, component: 'Written', marks: m })) });
      }
    }
    return created.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    s = await createSchoolWithMembers(t);
    sec = await addSections(t, s);
    const rows: { id: string; code: string }[] = await t.db.query(`SELECT id, code FROM global_subjects WHERE code IN ('MATH', 'ENG')`);
    subjects = Object.fromEntries(rows.map((r) => [r.code, r.id])) as typeof subjects;
    for (const id of Object.values(subjects)) await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [sec.classId, id]);
    mine = await addStudent(t, s, sec.a, 'Mychild', null);
    other = await addStudent(t, s, sec.b, 'Otherchild', null);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [s.schoolId, mine.id, s.members.guardian.id]);
    halfYearly = await exam('Half-yearly examination', [
      [mine.id, 'MATH', 88],
      [mine.id, 'ENG', 45],
      [other.id, 'MATH', 30],
      [other.id, 'ENG', 'AB'],
    ]);
    await ok('POST', url(`/exams/${halfYearly}/publish`), {});
    // A second exam, marked but never published: nobody sees it here.
    await exam('Unit test 2', [[mine.id, 'MATH', 12]]);
  });
  afterAll(() => t.close());

  it('the guardian sees their child’s published exam: subjects, marks, grades and the result', async () => {
    const res = await results(mine.id, s.members.guardian.token);
    expect(res.status).toBe(200);
    const r = res.body.data.results;
    expect(r).toMatchObject({ studentId: mine.id, academicYear: '2026-27' });
    expect(r.exams).toHaveLength(1);
    const [e] = r.exams;
    expect(e).toMatchObject({ examId: halfYearly, examName: 'Half-yearly examination', published: true, total: 133, max: 200, result: 'pass' });
    expect(e.components).toEqual([{ name: 'Written', maxMarks: 100 }]);
    const bySubject = Object.fromEntries(e.subjects.map((x: any) => [x.subjectId, x]));
    expect(bySubject[subjects.MATH]).toMatchObject({ marks: { Written: 88 }, total: 88, max: 100, grade: 'A2', pass: true });
    expect(bySubject[subjects.ENG]).toMatchObject({ marks: { Written: 45 }, total: 45, max: 100, grade: 'C2', pass: true });
    // The same figures as the section's results the school published.
    const section = await ok('GET', url(`/exams/${halfYearly}/results?sectionId=${sec.a}`), undefined);
    const staffView = section.results.students.find((x: any) => x.studentId === mine.id);
    expect(e).toMatchObject({ total: staffView.total, percentage: staffView.percentage, grade: staffView.grade, result: staffView.result });
    // Nothing of the other child, nor of the unpublished exam.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.name.split(' ')[1]);
    expect(text).not.toContain('Unit test 2');
  });

  it('another child’s id, or an unknown one, answers 404 to the guardian; the school sees the other child', async () => {
    for (const id of [other.id, randomUUID()]) {
      const res = await results(id, s.members.guardian.token);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Half-yearly');
    }
    const school = await results(other.id, s.members.office.token);
    expect(school.status).toBe(200);
    expect(school.body.data.results.exams).toEqual([expect.objectContaining({ examName: 'Half-yearly examination', result: 'fail' })]);
  });

  it('asks for a valid year; a role without results.read is refused; another year has nothing', async () => {
    const missing = await results(mine.id, s.members.guardian.token, '');
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
    expect((await results(mine.id, s.members.guardian.token, '?academicYear=2026')).status).toBe(400);
    expect((await results(mine.id, s.members.accountant.token)).status).toBe(403);
    const before = await results(mine.id, s.members.guardian.token, '?academicYear=2025-26');
    expect(before.status).toBe(200);
    expect(before.body.data.results.exams).toEqual([]);
  });

  it('unpublished again: the guardian sees no marks of that exam until it is published once more', async () => {
    await ok('POST', url(`/exams/${halfYearly}/unpublish`), {});
    const res = await results(mine.id, s.members.guardian.token);
    expect(res.status).toBe(200);
    expect(res.body.data.results.exams).toEqual([]);
    await ok('POST', url(`/exams/${halfYearly}/publish`), {});
    expect((await results(mine.id, s.members.guardian.token)).body.data.results.exams).toHaveLength(1);
  });
});
