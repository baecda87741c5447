import { createUserWithToken, startTestApp, uniq, type TestApp } from '../support/app';
import { createSchool } from './fixtures';

describe('DECISIONS GET /api/v1/public/schools/{subdomain}: the public profile of an active school', () => {
  let t: TestApp;
  let staff: { token: string };
  beforeAll(async () => {
    t = await startTestApp();
    staff = await createUserWithToken(t, 'staff');
  });
  afterAll(() => t.close());

  const notFound = { success: false, message: 'School not found.', error: { code: 'SCHOOL_NOT_FOUND', message: 'School not found.' } };

  it('answers {school: name, subdomain, city, state, board, level} with no sign-in, in any case of the subdomain', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const school = await createSchool(t, admin.token, { board: 'CBSE', level: 'secondary', email: 'office@example.in', schoolCode: `P${uniq().toUpperCase()}` });
    await t.call('POST', `/admin/schools/${school.id}/approve`, { token: staff.token });
    for (const subdomain of [school.subdomain, school.subdomain.toUpperCase()]) {
      const res = await t.call('GET', `/public/schools/${subdomain}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { school: { name: school.name, subdomain: school.subdomain, city: 'Kanpur', state: 'Uttar Pradesh', board: 'CBSE', level: 'secondary' } },
      });
    }
  });

  it('a pending, a rejected, an unknown and a malformed subdomain all answer the same 404', async () => {
    const pending = await createSchool(t, (await createUserWithToken(t, 'admin')).token);
    const rejected = await createSchool(t, (await createUserWithToken(t, 'admin')).token);
    await t.call('POST', `/admin/schools/${rejected.id}/reject`, { token: staff.token, body: { reason: 'Not a school' } });
    for (const subdomain of [pending.subdomain, rejected.subdomain, `nobody-${uniq()}`, 'x'.repeat(80), '%20', 'a_b']) {
      const res = await t.call('GET', `/public/schools/${subdomain}`);
      expect({ subdomain, status: res.status, body: res.body }).toEqual({ subdomain, status: 404, body: notFound });
    }
  });

  it('a school whose approval is revoked disappears from the public', async () => {
    const school = await createSchool(t, (await createUserWithToken(t, 'admin')).token);
    await t.call('POST', `/admin/schools/${school.id}/approve`, { token: staff.token });
    expect((await t.call('GET', `/public/schools/${school.subdomain}`)).status).toBe(200);
    await t.call('POST', `/admin/schools/${school.id}/reject`, { token: staff.token, body: { reason: 'Closed down' } });
    expect((await t.call('GET', `/public/schools/${school.subdomain}`)).status).toBe(404);
  });
});
