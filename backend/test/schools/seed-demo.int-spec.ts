import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO, seedDemo } from '../../src/cli/seed-demo';
import { startTestApp, type TestApp } from '../support/app';

describe('the demo seed (npm run seed:demo): an approved school with classes, sections and subjects, and a staff account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const env = () => ({ DATABASE_URL: process.env.TEST_DB_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'vidyalaya-seed-')), NODE_ENV: 'test', APP_DOMAIN: 'localhost:3000' });
  const counts = async () =>
    (
      await t.db.query(
        `SELECT (SELECT count(*)::int FROM users WHERE username IN ($1, $2)) AS users,
                (SELECT count(*)::int FROM schools WHERE subdomain = 'demo') AS schools,
                (SELECT count(*)::int FROM school_decisions d JOIN schools s ON s.id = d.school_id WHERE s.subdomain = 'demo') AS decisions,
                (SELECT count(*)::int FROM classes c JOIN schools s ON s.id = c.school_id WHERE s.subdomain = 'demo') AS classes,
                (SELECT count(*)::int FROM sections x JOIN classes c ON c.id = x.class_id JOIN schools s ON s.id = c.school_id WHERE s.subdomain = 'demo') AS sections,
                (SELECT count(*)::int FROM class_subjects x JOIN classes c ON c.id = x.class_id JOIN schools s ON s.id = c.school_id WHERE s.subdomain = 'demo') AS subjects`,
        [DEMO.admin.username, DEMO.staff.username],
      )
    )[0];

  it('seeds once, prints the logins, and a second run changes nothing', async () => {
    const out = await seedDemo(env());
    expect(out).toContain(`username ${DEMO.admin.username}  password ${DEMO.admin.password}`);
    expect(out).toContain(`username ${DEMO.staff.username}  password ${DEMO.staff.password}`);
    expect(out).toContain('http://demo.localhost:3000');
    const first = await counts();
    expect(first).toEqual({ users: 2, schools: 1, decisions: 1, classes: 13, sections: 26, subjects: expect.any(Number) });
    expect(first.subjects).toBeGreaterThan(13);
    await seedDemo(env());
    expect(await counts()).toEqual(first);
  });

  it('the printed logins work: the administrator sees the approved school set up, the staff member the queue', async () => {
    await seedDemo(env());
    const login = async (username: string, password: string) => {
      const res = await t.call('POST', '/auth/login', { body: { username, password } });
      expect(res.status).toBe(200);
      return res.body.data as { accessToken: string; user: { role: string } };
    };
    const admin = await login(DEMO.admin.username, DEMO.admin.password);
    expect(admin.user.role).toBe('admin');
    const summary = (await t.call('GET', '/auth/my-school-detailed', { token: admin.accessToken })).body.data;
    expect(summary.school).toMatchObject({ subdomain: 'demo', isActive: true, metaData: { approvalStatus: 'approved' } });
    expect(summary.classes).toHaveLength(13);
    expect(summary.setupProgress).toEqual({ schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: true, paymentCompleted: false });
    const staff = await login(DEMO.staff.username, DEMO.staff.password);
    expect(staff.user.role).toBe('staff');
    const approved = await t.call('GET', '/admin/schools?status=approved&search=demo', { token: staff.accessToken });
    expect(approved.body.data.schools.map((s: { subdomain: string }) => s.subdomain)).toContain('demo');
    expect((await t.call('GET', '/public/schools/demo')).status).toBe(200);
  });
});
