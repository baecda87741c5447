import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

describe('workspace guard: membership, permission, role read per request', () => {
  let t: TestApp;
  let s: SchoolWithMembers;

  beforeAll(async () => {
    t = await startTestApp();
    s = await createSchoolWithMembers(t);
  });
  afterAll(() => t.close());

  it('a member gets the home with their role and permissions from the matrix', async () => {
    const res = await t.call('GET', `/schools/${s.schoolId}/home`, { token: s.members.teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('teacher');
    expect(res.body.data.permissions).toContain('attendance.mark');
    expect(res.body.data.permissions).not.toContain('fees.read');
    expect(res.body.data.school).toMatchObject({ id: s.schoolId, subdomain: s.subdomain, approvalStatus: 'approved', isActive: true });
  });

  it('an outsider, a missing school and a malformed id all answer the same 404', async () => {
    const answers = await Promise.all([
      t.call('GET', `/schools/${s.schoolId}/home`, { token: s.outsider.token }),
      t.call('GET', `/schools/00000000-0000-4000-8000-000000000000/home`, { token: s.outsider.token }),
      t.call('GET', `/schools/not-a-uuid/home`, { token: s.outsider.token }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(answers[0].body);
      expect(res.body.error.code).toBe('SCHOOL_NOT_FOUND');
    }
  });

  it('no token: 401', async () => {
    expect((await t.call('GET', `/schools/${s.schoolId}/home`)).status).toBe(401);
  });

  it('the role is read from the database on every request, not from the token', async () => {
    const { office } = s.members;
    expect((await t.call('GET', `/schools/${s.schoolId}/home`, { token: office.token })).body.data.role).toBe('office');
    await t.db.query(`UPDATE school_members SET role = 'guardian' WHERE school_id = $1 AND user_id = $2`, [s.schoolId, office.id]);
    const res = await t.call('GET', `/schools/${s.schoolId}/home`, { token: office.token });
    expect(res.body.data.role).toBe('guardian');
    await t.db.query(`DELETE FROM school_members WHERE school_id = $1 AND user_id = $2`, [s.schoolId, office.id]);
    expect((await t.call('GET', `/schools/${s.schoolId}/home`, { token: office.token })).status).toBe(404);
  });

  it('GET /me/schools lists each school with the role there', async () => {
    const res = await t.call('GET', '/me/schools', { token: s.members.accountant.token });
    expect(res.status).toBe(200);
    expect(res.body.data.schools).toEqual([
      { id: s.schoolId, name: expect.any(String), subdomain: s.subdomain, role: 'accountant', approvalStatus: 'approved', isActive: true },
    ]);
    expect((await t.call('GET', '/me/schools', { token: s.outsider.token })).body.data.schools).toEqual([]);
  });

  it('preferences: English by default, Hindi remembered, anything else refused', async () => {
    const { token } = s.members.guardian;
    expect((await t.call('GET', '/me/preferences', { token })).body.data).toEqual({ preferences: { language: 'en' } });
    expect((await t.call('PATCH', '/me/preferences', { token, body: { language: 'hi' } })).body.data).toEqual({ preferences: { language: 'hi' } });
    expect((await t.call('GET', '/me/preferences', { token })).body.data).toEqual({ preferences: { language: 'hi' } });
    const bad = await t.call('PATCH', '/me/preferences', { token, body: { language: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.language).toBeDefined();
  });
});
