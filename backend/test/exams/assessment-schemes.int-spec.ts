import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/** The school's own assessment schemes: GET/PUT …/assessment-schemes (issue 17). */
describe('exams: editable assessment schemes', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let classId: string;
  let sectionId: string;
  let math: string;
  let studentId: string;

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const NEW = [
    { name: 'Periodic test', maxMarks: 20 },
    { name: 'Project', maxMarks: 10 },
    { name: 'Half-yearly exam', maxMarks: 70 },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 7') RETURNING id`, [a.schoolId]);
    const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    [{ id: math }] = await t.db.query(`SELECT id FROM global_subjects WHERE code = 'MATH'`);
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, math]);
    classId = c.id;
    sectionId = s.id;
    const st = await t.call('POST', url('/students'), {
      token: a.members.admin.token,
      body: { firstName: 'Asha', lastName: 'Verma', dateOfBirth: '2014-06-02', gender: 'female', sectionId, rollNumber: 1, guardians: [{ name: 'Mother', relation: 'mother', phone: '9876543210' }] },
    });
    expect(st.status).toBe(201);
    studentId = st.body.data.student.id;
  });
  afterAll(() => t.close());

  it('lists every band’s scheme per term: the CBSE preset until changed', async () => {
    const res = await t.call('GET', url('/assessment-schemes'), { token: a.members.teacher.token });
    expect(res.status).toBe(200);
    const schemes = res.body.data.schemes;
    expect(schemes.map((x: any) => `${x.band}/${x.term}`)).toEqual(['primary/1', 'primary/2', 'middle/1', 'middle/2', 'secondary/1', 'senior/1']);
    expect(schemes.find((x: any) => x.band === 'middle' && x.term === 1)).toEqual({
      band: 'middle',
      term: 1,
      custom: false,
      locked: false,
      components: [
        { name: 'Periodic test', maxMarks: 10 },
        { name: 'Notebook', maxMarks: 5 },
        { name: 'Subject enrichment', maxMarks: 5 },
        { name: 'Half-yearly exam', maxMarks: 80 },
      ],
    });
  });

  it('an admin changes components and maximum marks: audited, the exam form starts from it; bad input changes nothing', async () => {
    const admin = a.members.admin.token;
    expect((await t.call('PUT', url('/assessment-schemes/middle/1'), { token: a.members.teacher.token, body: { components: NEW } })).status).toBe(403);

    const zero = await t.call('PUT', url('/assessment-schemes/middle/1'), { token: admin, body: { components: [{ name: 'Periodic test', maxMarks: 0 }] } });
    expect(zero.status).toBe(400);
    expect(zero.body.error.details['components.0.maxMarks']).toBeTruthy();
    const twice = await t.call('PUT', url('/assessment-schemes/middle/1'), { token: admin, body: { components: [{ name: 'Test', maxMarks: 10 }, { name: 'test ', maxMarks: 10 }] } });
    expect(twice.status).toBe(400);
    const none = await t.call('PUT', url('/assessment-schemes/middle/1'), { token: admin, body: { components: [] } });
    expect(none.status).toBe(400);
    const band = await t.call('PUT', url('/assessment-schemes/nursery/1'), { token: admin, body: { components: NEW } });
    expect(band.status).toBe(400);
    expect(band.body.error.details.band).toBeTruthy();
    const term = await t.call('PUT', url('/assessment-schemes/middle/3'), { token: admin, body: { components: NEW } });
    expect(term.status).toBe(400);
    expect(term.body.error.details.term).toBe('Classes of this band have 2 term(s) a year');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM assessment_schemes WHERE school_id = $1`, [a.schoolId]))[0].n).toBe(0);

    const put = await t.call('PUT', url('/assessment-schemes/middle/1'), { token: admin, body: { components: NEW } });
    expect(put.status).toBe(200);
    expect(put.body.data.scheme).toEqual({ band: 'middle', term: 1, components: NEW, custom: true, locked: false });
    const audit = await t.db.query(`SELECT action, before, after FROM audit_log WHERE school_id = $1 AND action = 'assessment_scheme.updated'`, [a.schoolId]);
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toEqual({ band: 'middle', term: 1, components: NEW });
    expect(audit[0].before.components[3]).toEqual({ name: 'Half-yearly exam', maxMarks: 80 });

    const classes = await t.call('GET', url('/exam-classes?academicYear=2026-27'), { token: admin });
    expect(classes.body.data.classes.find((c: any) => c.id === classId).presetComponents).toEqual(NEW);
    const list = await t.call('GET', url('/assessment-schemes'), { token: admin });
    expect(list.body.data.schemes.find((x: any) => x.band === 'middle' && x.term === 1)).toMatchObject({ components: NEW, custom: true });
    // Another school still has the preset.
    const other = await t.call('GET', url('/assessment-schemes', b), { token: b.members.admin.token });
    expect(other.body.data.schemes.find((x: any) => x.band === 'middle' && x.term === 1).custom).toBe(false);
  });

  it('once marks exist in an exam of that band and term: 409 SCHEME_IN_USE with its message, nothing changes; other terms stay editable', async () => {
    const admin = a.members.admin.token;
    const exam = await t.call('POST', url('/exams'), { token: admin, body: { name: 'Term 1', academicYear: '2026-27', classIds: [classId], components: NEW, term: 1 } });
    expect(exam.status).toBe(201);
    const marks = await t.call('PUT', url(`/exams/${exam.body.data.exam.id}/marks`), {
      token: admin,
      body: { sectionId, subjectId: math, marks: [{ studentId, component: 'Project', marks: 8 }] },
    });
    expect(marks.status).toBe(200);

    const list = await t.call('GET', url('/assessment-schemes'), { token: admin });
    expect(list.body.data.schemes.find((x: any) => x.band === 'middle' && x.term === 1).locked).toBe(true);
    expect(list.body.data.schemes.find((x: any) => x.band === 'middle' && x.term === 2).locked).toBe(false);

    const refused = await t.call('PUT', url('/assessment-schemes/middle/1'), { token: admin, body: { components: [{ name: 'Written', maxMarks: 100 }] } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SCHEME_IN_USE');
    expect(refused.body.error.message).toMatch(/Marks have already been entered/);
    const [row] = await t.db.query(`SELECT components FROM assessment_schemes WHERE school_id = $1 AND band = 'middle' AND term = 1`, [a.schoolId]);
    expect(row.components).toEqual(NEW);

    expect((await t.call('PUT', url('/assessment-schemes/middle/2'), { token: admin, body: { components: [{ name: 'Yearly exam', maxMarks: 100 }] } })).status).toBe(200);
    expect((await t.call('PUT', url('/assessment-schemes/secondary/1'), { token: admin, body: { components: [{ name: 'Board exam', maxMarks: 100 }] } })).status).toBe(200);
  });
});
