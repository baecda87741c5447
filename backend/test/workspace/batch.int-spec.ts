import { addSections, type Sections } from '../students/students-support';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { addStudent } from '../guardians/guardians-support';

/**
 * POST /batch (issue 37): the workspace's document asks for a page's first GET answers in one
 * request. Each address is answered as if it had been asked for alone, with the caller's token: the
 * same status and body, access decided by its own route, nothing reached that the caller could not
 * reach, nothing written; a batch that is not a list of this API's addresses changes nothing.
 */
describe('several GET answers in one request', () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  let other: SchoolWithMembers;
  let sec: Sections;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    s = await createSchoolWithMembers(t);
    other = await createSchoolWithMembers(t);
    sec = await addSections(t, s);
    const child = await addStudent(t, s, sec.a, 'Batchchild', null);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [s.schoolId, child.id, s.members.guardian.id]);
  });
  afterAll(() => t.close());

  const batch = (token: string | undefined, paths: unknown) => t.call('POST', '/batch', { token, body: { paths } });
  /** The same addresses asked for one at a time. */
  const alone = (token: string, paths: string[]) => Promise.all(paths.map((p) => t.call('GET', p.replace(/^\/api\/v1/, ''), { token })));

  it("answers a page's first addresses in the order asked, each as it answers alone", async () => {
    const paths = [
      '/api/v1/auth/me',
      '/api/v1/me/preferences',
      '/api/v1/me/schools',
      `/api/v1/schools/${s.schoolId}/home`,
      `/api/v1/schools/${s.schoolId}/students/sections`,
      `/api/v1/schools/${s.schoolId}/students?status=active&sort=name&order=asc&page=1&pageSize=100`,
    ];
    const res = await batch(s.members.admin.token, paths);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const one = await alone(s.members.admin.token, paths);
    expect(res.body.data.answers).toEqual(paths.map((path, i) => ({ path, status: one[i]!.status, body: one[i]!.body })));
    expect(res.body.data.answers.map((a: { status: number }) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(res.body.data.answers[5].body.data.items.map((x: { name: string }) => x.name.split(' ')[0])).toContain('Batchchild');
  });

  it("decides each address by its own route: another school's data and a role's limits are refused inside the batch as alone", async () => {
    const paths = [
      `/api/v1/schools/${other.schoolId}/home`,
      `/api/v1/schools/${s.schoolId}/students?status=all&pageSize=50`,
      `/api/v1/schools/${s.schoolId}/audit-log`,
      '/api/v1/no-such-route',
    ];
    for (const who of [s.members.teacher, s.members.guardian]) {
      const res = await batch(who.token, paths);
      expect(res.status).toBe(200);
      const one = await alone(who.token, paths);
      expect(res.body.data.answers.map((a: { status: number; body: unknown }) => [a.status, a.body])).toEqual(one.map((r) => [r.status, r.body]));
      expect(res.body.data.answers[0].status).toBeGreaterThanOrEqual(403);
      expect(res.body.data.answers[3].status).toBe(404);
    }
    // The guardian sees only their own child, as alone.
    const mine = await batch(s.members.guardian.token, [`/api/v1/schools/${s.schoolId}/students?status=all&pageSize=50`]);
    expect(mine.body.data.answers[0].body.data.items.map((x: { name: string }) => x.name.split(' ')[0])).toEqual(['Batchchild']);
  });

  it('is answered only to a signed-in caller', async () => {
    const res = await batch(undefined, ['/api/v1/auth/me']);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('sends only GETs: an address that takes a POST is not found, and nothing is written', async () => {
    const res = await batch(s.members.admin.token, ['/api/v1/auth/logout', `/api/v1/schools/${s.schoolId}/notices`]);
    expect(res.status).toBe(200);
    expect(res.body.data.answers[0].status).toBe(404);
    expect(res.body.data.answers[1].status).toBe(200);
    // Still signed in: the logout was not carried out.
    expect((await t.call('GET', '/auth/me', { token: s.members.admin.token })).status).toBe(200);
  });

  it('refuses anything but 1 to 8 of this API’s own addresses, with a clear message', async () => {
    const bad: unknown[] = [
      [],
      Array.from({ length: 9 }, () => '/api/v1/auth/me'),
      ['/index.html'],
      ['/api/v1/../index.html'],
      ['/api/v1/schools/./home'],
      ['/api/v1/%2e%2e/index.html'],
      ['https://example.com/api/v1/auth/me'],
      ['/api/v1//auth/me'],
      ['/api/v1/auth/me#x'],
      [`/api/v1/auth/${'m'.repeat(520)}`],
      [42],
      'not a list',
    ];
    for (const paths of bad) {
      const res = await batch(s.members.admin.token, paths);
      expect([String(paths).slice(0, 40), res.status, res.body.error.code]).toEqual([String(paths).slice(0, 40), 400, 'VALIDATION_FAILED']);
      expect(res.body.error.message).toMatch(/^(List 1 to 8 addresses to answer|Each address must be a GET address of this API, such as \/api\/v1\/auth\/me)$/);
    }
  });
});
