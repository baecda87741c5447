import { randomUUID } from 'node:crypto';
import { pdfText } from '../exams/pdf-text';
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

  it('the year choice: the child’s enrolment years; last year’s marks and report card for their own child; another child’s answer 404', async () => {
    // Last year (2025-26) both children were in Class 4 A; its annual exam is published.
    const made = await t.call('POST', url('/academic-years'), { token: s.members.admin.token, body: { name: '2025-26' } });
    expect(made.status).toBe(201);
    const [four] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2025-26', 'Class 4') RETURNING id`, [s.schoolId]);
    const [fourA] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [four.id]);
    for (const id of Object.values(subjects)) await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [four.id, id]);
    await t.db.query(
      `INSERT INTO student_enrolments (school_id, student_id, academic_year_id, class_id, section_id, roll_number, created_at)
       SELECT $1, st, $2, $3, $4, NULL, now() FROM unnest($5::uuid[]) AS st`,
      [s.schoolId, made.body.data.academicYear.id, four.id, fourA.id, [mine.id, other.id]],
    );
    const { exam: annual } = await ok('POST', url('/exams'), { name: 'Annual examination 2025-26', academicYear: '2025-26', classIds: [four.id], components: [{ name: 'Written', maxMarks: 100 }] }, 201);
    // A closed year's marks cannot change (409 YEAR_CLOSED): 2025-26 is current while its marks are
    // entered and published, as a school finishing last year's results would, then 2026-27 again.
    const current = (await t.call('GET', url('/academic-years'), { token: s.members.admin.token })).body.data.items.find((y: any) => y.isCurrent);
    expect(current.name).toBe('2026-27');
    await ok('POST', url(`/academic-years/${made.body.data.academicYear.id}/make-current`), {});
    for (const [subject, m] of [['MATH', [72, 51]], ['ENG', [64, 40]]] as const) {
      await ok('PUT', url(`/exams/${annual.id}/marks`), {
        sectionId: fourA.id,
        subjectId: subjects[subject],
        marks: [
          { studentId: mine.id, component: 'Written', marks: m[0] },
          { studentId: other.id, component: 'Written', marks: m[1] },
        ],
      });
    }
    await ok('POST', url(`/exams/${annual.id}/publish`), {});
    await ok('POST', url(`/academic-years/${current.id}/make-current`), {});
    const guardian = s.members.guardian.token;

    // The years the picker lists: the child's enrolments, newest first.
    const years = await t.call('GET', url(`/students/${mine.id}/enrolments`), { token: guardian });
    expect(years.status).toBe(200);
    expect(years.body.data.items.map((e: any) => [e.academicYear, e.className, e.sectionName])).toEqual([
      ['2026-27', 'Class 5', 'A'],
      ['2025-26', 'Class 4', 'A'],
    ]);

    // Last year's marks: only that year's exam, in last year's class.
    const last = await results(mine.id, guardian, '?academicYear=2025-26');
    expect(last.status).toBe(200);
    expect(last.body.data.results.academicYear).toBe('2025-26');
    expect(last.body.data.results.exams.map((e: any) => [e.examName, e.total, e.max, e.result])).toEqual([['Annual examination 2025-26', 136, 200, 'pass']]);
    // This year's stay this year's.
    expect((await results(mine.id, guardian)).body.data.results.exams.map((e: any) => e.examName)).toEqual(['Half-yearly examination']);

    // Last year's report card, as a PDF, in last year's class.
    const card = await fetch(`${t.baseUrl}/api/v1${url(`/students/${mine.id}/report-card?academicYear=2025-26`)}`, { headers: { authorization: `Bearer ${guardian}` } });
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(Buffer.from(await card.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('2025-26');
    expect(text).toContain('Class 4');
    expect(text).toContain(mine.name);
    expect(text).not.toContain(other.name);

    // The other child, in the same class last year: 404 for each, and nothing of theirs in the answer.
    for (const path of [`/students/${other.id}/enrolments`, `/students/${other.id}/published-results?academicYear=2025-26`, `/students/${other.id}/report-card?academicYear=2025-26`]) {
      const res = await t.call('GET', url(path), { token: guardian });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Annual examination');
    }
    // The school reads the other child's year as usual.
    expect((await results(other.id, s.members.office.token, '?academicYear=2025-26')).body.data.results.exams).toHaveLength(1);
  });
});
