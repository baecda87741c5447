import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * DECISIONS "Fixes to the workspace contract" — Order: classes in catalogue order (Nursery, LKG, UKG,
 * Class 1 … Class 12, then others naturally), sections naturally ('2' before '10'), in every list and
 * answer. GET …/attendance/today lists for a teacher only the sections they may mark, their own
 * class-teacher sections first (`mine:true`); admin and office every section, in school order.
 */
describe('school order, and today’s attendance as each role sees it', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  const sec: Record<string, string> = {};
  let subjectId: string;

  const url = (path: string) => `/schools/${a.schoolId}${path}`;
  async function ok<T = any>(method: string, path: string, body?: unknown, status = 200, token = a.members.admin.token): Promise<T> {
    const res = await t.call(method, path, { token, body });
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }
  const label = (s: { className: string; sectionName: string }) => `${s.className} ${s.sectionName}`;
  // Every section in school order.
  const SCHOOL_ORDER = ['Nursery A', 'LKG A', 'UKG A', 'Class 1 A', 'Class 2 A', 'Class 2 B', 'Class 2 C', 'Class 10 2', 'Class 10 10', 'Class 12 A'];

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    // Created out of order, and sections in text order would put '10' before '2' and 'C' first.
    const plan: [string, string[]][] = [
      ['Class 10', ['10', '2']],
      ['Class 2', ['C', 'B', 'A']],
      ['Class 12', ['A']],
      ['Nursery', ['A']],
      ['UKG', ['A']],
      ['Class 1', ['A']],
      ['LKG', ['A']],
    ];
    for (const [name, sections] of plan) {
      const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [a.schoolId, name]);
      for (const s of sections) {
        const [row] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, $2) RETURNING id`, [c.id, s]);
        sec[`${name} ${s}`] = row.id;
      }
    }
    const [subject] = await t.db.query(`SELECT id FROM global_subjects WHERE code = 'MATH'`);
    subjectId = subject.id;
    const [c2] = await t.db.query(`SELECT class_id FROM sections WHERE id = $1`, [sec['Class 2 B']]);
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c2.class_id, subjectId]);
    // The teacher: class teacher of Class 10 – 2; teaches Mathematics in Class 2 – B.
    const staff = await ok('POST', url('/staff'), { employeeCode: `T${uniq().slice(0, 6)}`, name: 'Sunita Rao', userId: a.members.teacher.id }, 201);
    await ok('PUT', url(`/sections/${sec['Class 10 2']}/class-teacher`), { staffId: staff.staff.id });
    await ok('PUT', url('/teaching-assignments'), { assignments: [{ sectionId: sec['Class 2 B'], subjectId, staffId: staff.staff.id }] });
  });
  afterAll(() => t.close());

  it('admin and office: every section in catalogue and natural order, none mine', async () => {
    for (const role of ['admin', 'office'] as const) {
      const today = await ok('GET', url('/attendance/today'), undefined, 200, a.members[role].token);
      expect(today.sections.map(label)).toEqual(SCHOOL_ORDER);
      expect(today.sections.every((s: any) => s.mine === false)).toBe(true);
      expect(today.sections.every((s: any) => s.canMark === true)).toBe(true);
      expect(today.unmarkedCount).toBe(SCHOOL_ORDER.length);
    }
  });

  it('a teacher: only the sections they may mark, their class-teacher section first with mine:true', async () => {
    const today = await ok('GET', url('/attendance/today'), undefined, 200, a.members.teacher.token);
    expect(today.sections.map((s: any) => [label(s), s.mine, s.canMark])).toEqual([
      ['Class 10 2', true, true],
      ['Class 2 B', false, true],
    ]);
    expect(today.markedCount + today.unmarkedCount).toBe(2);
    // An accountant (no attendance permission) is refused; a guardian too.
    expect((await t.call('GET', url('/attendance/today'), { token: a.members.guardian.token })).status).toBe(403);
  });

  it('other answers keep the order too: an exam’s sheets and the teaching assignments', async () => {
    const classIds = (await t.db.query(`SELECT id FROM classes WHERE school_id = $1`, [a.schoolId])).map((r: any) => r.id);
    const { exam } = await ok('POST', url('/exams'), { name: 'Term 1', academicYear: '2026-27', classIds, components: [{ name: 'Exam', maxMarks: 100 }] }, 201);
    const { sheets } = await ok('GET', url(`/exams/${exam.id}/sheets`));
    // Only Class 2 takes a subject here: its sections A, B, C in order.
    expect(sheets.map(label)).toEqual(['Class 2 A', 'Class 2 B', 'Class 2 C']);
    const staff = (await ok('GET', url('/staff'))).items[0];
    await ok('PUT', url('/teaching-assignments'), { assignments: [{ sectionId: sec['Class 2 A'], subjectId, staffId: staff.id }, { sectionId: sec['Class 2 C'], subjectId, staffId: staff.id }] });
    const list = await ok('GET', url('/teaching-assignments?academicYear=2026-27'));
    expect(list.items.map((x: any) => x.sectionName)).toEqual(['A', 'B', 'C']);
  });
});
