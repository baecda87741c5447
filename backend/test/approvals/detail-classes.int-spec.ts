import { createUserWithToken, startTestApp, type TestApp } from '../support/app';
import { createSchool } from '../schools/fixtures';

describe('GET /admin/schools/{id}: the reviewer sees the school\'s classes (issue 20 item 16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists each class in catalogue order with its section and subject counts, newest year first', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const staff = await createUserWithToken(t, 'staff');
    const school = await createSchool(t, admin.token);
    const as = (method: string, path: string, body: unknown) => t.call(method, path, { token: admin.token, body });
    expect((await as('POST', '/school/classes', { schoolId: school.id, academicYear: '2026-27', classes: ['Class 11', 'Nursery', 'Class 1'] })).status).toBe(201);
    expect((await as('POST', '/school/classes', { schoolId: school.id, academicYear: '2025-26', classes: ['Class 2'] })).status).toBe(201);
    await as('POST', '/school/sections', { schoolId: school.id, academicYear: '2026-27', sections: [{ className: 'Class 1', sectionNames: ['A', 'B'] }] });
    await as('POST', '/school/subjects', { schoolId: school.id, academicYear: '2026-27', classSubjects: [{ className: 'Class 1', subjectNames: ['English', 'Mathematics', 'Hindi'] }] });

    const res = await t.call('GET', `/admin/schools/${school.id}`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.data.classes).toEqual([
      { name: 'Nursery', academicYear: '2026-27', sections: 0, subjects: 0 },
      { name: 'Class 1', academicYear: '2026-27', sections: 2, subjects: 3 },
      { name: 'Class 11', academicYear: '2026-27', sections: 0, subjects: 0 },
      { name: 'Class 2', academicYear: '2025-26', sections: 0, subjects: 0 },
    ]);
  });
});
