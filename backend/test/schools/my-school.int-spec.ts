import { CATALOGUE_CLASSES } from '@vidyalaya/shared';
import { type ClassWithDetails } from '@vidyalaya/shared/academics';
import { createUserWithToken, startTestApp, type TestApp } from '../support/app';
import { createSchool, YEAR } from './fixtures';

describe('spec §7 GET /auth/my-school and GET /auth/my-school-detailed (spec §3 School summary, §4 Setup progress)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const setUp = async (token: string, schoolId: string, classes: readonly string[], year = YEAR) => {
    const call = async (path: string, body: unknown) => {
      const res = await t.call('POST', path, { token, body });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    await call('/school/classes', { schoolId, academicYear: year, classes });
    await call('/school/sections', { schoolId, academicYear: year, sections: classes.map((className) => ({ className, sectionNames: ['A', 'B'] })) });
    await call('/school/subjects', { schoolId, academicYear: year, classSubjects: classes.map((className) => ({ className, subjectNames: ['English', 'Mathematics'] })) });
  };

  it('both answer 404 SCHOOL_NOT_FOUND in the envelope for a user with no school (my-school carries data.school null)', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const basic = await t.call('GET', '/auth/my-school', { token: admin.token });
    expect(basic.status).toBe(404);
    expect(basic.body).toEqual({
      success: false,
      message: 'School not found.',
      error: { code: 'SCHOOL_NOT_FOUND', message: 'School not found.' },
      data: { school: null },
    });
    const detailed = await t.call('GET', '/auth/my-school-detailed', { token: admin.token });
    expect(detailed.status).toBe(404);
    expect(detailed.body).toEqual({ success: false, message: 'School not found.', error: { code: 'SCHOOL_NOT_FOUND', message: 'School not found.' } });
  });

  it('both need a signed-in user (401)', async () => {
    expect((await t.call('GET', '/auth/my-school')).status).toBe(401);
    expect((await t.call('GET', '/auth/my-school-detailed')).status).toBe(401);
  });

  it('a new school: the summary has no classes and only schoolCreated set', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const school = await createSchool(t, admin.token);
    const res = await t.call('GET', '/auth/my-school-detailed', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      school,
      classes: [],
      totalSections: 0,
      totalSubjects: 0,
      setupProgress: { schoolCreated: true, classesAdded: false, sectionsAdded: false, subjectsAdded: false, paymentCompleted: false },
      academicYear: null,
    });
  });

  it('each setup step sets its flag, derived from the data; payment stays false', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const school = await createSchool(t, admin.token);
    const progress = async () => (await t.call('GET', '/auth/my-school-detailed', { token: admin.token })).body.data.setupProgress;
    await t.call('POST', '/school/classes', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, classes: ['Class 2'] } });
    expect(await progress()).toEqual({ schoolCreated: true, classesAdded: true, sectionsAdded: false, subjectsAdded: false, paymentCompleted: false });
    await t.call('POST', '/school/sections', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, sections: [{ className: 'Class 2', sectionNames: ['A'] }] } });
    expect(await progress()).toEqual({ schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: false, paymentCompleted: false });
    await t.call('POST', '/school/subjects', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, classSubjects: [{ className: 'Class 2', subjectNames: ['Hindi'] }] } });
    expect(await progress()).toEqual({ schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: true, paymentCompleted: false });
  });

  it('summarises the newest academic year that has classes, in catalogue order, with totals', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const school = await createSchool(t, admin.token);
    await setUp(admin.token, school.id, ['Class 12', 'Class 1', 'Nursery'], '2024-25');
    await setUp(admin.token, school.id, ['Class 10', 'LKG'], '2025-26');
    const res = await t.call('GET', '/auth/my-school-detailed', { token: admin.token });
    const data = res.body.data;
    expect(data.academicYear).toBe('2025-26');
    expect(data.classes.map((c: ClassWithDetails) => [c.name, c.academicYear])).toEqual([['LKG', '2025-26'], ['Class 10', '2025-26']]);
    expect(data.classes[0].sections.map((s: { name: string }) => s.name)).toEqual(['A', 'B']);
    expect(data.classes[0].subjects.map((s: { name: string }) => s.name)).toEqual(['English', 'Mathematics']);
    expect(data.totalSections).toBe(4);
    expect(data.totalSubjects).toBe(4); // class-subject links: LKG and Class 10 with two subjects each (DECISIONS "Compatibility fixes")
  });

  it('costs the same fixed number of SQL queries for 1 class as for 15: one while the stored summary is current, four to rebuild it', async () => {
    const small = await createUserWithToken(t, 'admin');
    const large = await createUserWithToken(t, 'admin');
    await setUp(small.token, (await createSchool(t, small.token)).id, ['Class 5']);
    await setUp(large.token, (await createSchool(t, large.token)).id, CATALOGUE_CLASSES);
    await t.call('GET', '/auth/my-school-detailed', { token: small.token }); // warm the pool
    const logger = t.db.logger;
    // The job worker polls the jobs table on its own timer: its queries are not the request's.
    const BACKGROUND = /\bjobs\b/;
    const counted = async (token: string) => {
      const spy = jest.spyOn(logger, 'logQuery');
      try {
        const res = await t.call('GET', '/auth/my-school-detailed', { token });
        expect(res.status).toBe(200);
        return { queries: spy.mock.calls.filter(([sql]) => !BACKGROUND.test(String(sql))).length, classes: res.body.data.classes.length, sections: res.body.data.totalSections };
      } finally {
        spy.mockRestore();
      }
    };
    const count = async (token: string) => {
      // Any change to the school makes the stored summary stale: the next read rebuilds it.
      await t.call('POST', '/school/classes', { token, body: { schoolId: (await t.call('GET', '/auth/my-school', { token })).body.data.school.id, academicYear: '2019-20', classes: ['Class 1'] } });
      return { rebuild: await counted(token), stored: await counted(token) };
    };
    const one = await count(small.token);
    const fifteen = await count(large.token);
    expect(one.rebuild).toEqual({ queries: 4, classes: 1, sections: 2 });
    expect(fifteen.rebuild).toEqual({ queries: 4, classes: 15, sections: 30 });
    expect(one.stored).toEqual({ queries: 1, classes: 1, sections: 2 });
    expect(fifteen.stored).toEqual({ queries: 1, classes: 15, sections: 30 });
  });

  it('provider staff have no school: 404', async () => {
    const staff = await createUserWithToken(t, 'staff');
    expect((await t.call('GET', '/auth/my-school', { token: staff.token })).status).toBe(404);
  });
});
