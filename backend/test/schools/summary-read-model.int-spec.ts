import { createUserWithToken, startTestApp, type TestApp } from '../support/app';
import { createSchool, schoolPayload, YEAR } from './fixtures';

/**
 * GET /auth/my-school-detailed answers a stored summary (migration 1763800003000, ADR 0004). These
 * tests prove it is never stale: every change to what the summary is made of bumps the school's
 * data_version in the same transaction (database triggers, so even a change made outside the API
 * counts), and a stored body is served only while it was built from the current version.
 */
describe('the dashboard summary read model (GET /auth/my-school-detailed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const summaryOf = async (token: string) => {
    const res = await t.call('GET', '/auth/my-school-detailed', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return res.body.data;
  };
  const stored = async (schoolId: string) =>
    (await t.db.query(`SELECT data_version, built_version, format, body FROM school_summaries WHERE school_id = $1`, [schoolId]))[0];

  async function schoolWithClass() {
    const admin = await createUserWithToken(t, 'admin');
    const school = await createSchool(t, admin.token);
    const add = await t.call('POST', '/school/classes', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, classes: ['Class 3'] } });
    expect(add.status).toBe(201);
    return { admin, school };
  }

  it('is built on the first read and stored with the version it was built from', async () => {
    const { admin, school } = await schoolWithClass();
    const first = await summaryOf(admin.token);
    const row = await stored(school.id);
    expect(row.built_version).toBe(row.data_version);
    expect(JSON.parse(row.body)).toEqual(first);
    expect(await summaryOf(admin.token)).toEqual(first);
  });

  it('serves the stored body while it is current (one query, no rebuild)', async () => {
    const { admin, school } = await schoolWithClass();
    await summaryOf(admin.token);
    // Overwrite the stored body without touching the data: the next answer must be exactly it.
    await t.db.query(`UPDATE school_summaries SET body = $2 WHERE school_id = $1`, [school.id, JSON.stringify({ marker: 'stored' })]);
    expect(await summaryOf(admin.token)).toEqual({ marker: 'stored' });
  });

  it('every setup call through the API shows on the next read', async () => {
    const { admin, school } = await schoolWithClass();
    expect((await summaryOf(admin.token)).totalSections).toBe(0);
    await t.call('POST', '/school/sections', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, sections: [{ className: 'Class 3', sectionNames: ['A', 'B'] }] } });
    expect((await summaryOf(admin.token)).totalSections).toBe(2);
    await t.call('POST', '/school/subjects', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, classSubjects: [{ className: 'Class 3', subjectNames: ['Hindi'] }] } });
    expect((await summaryOf(admin.token)).classes[0].subjects.map((s: { name: string }) => s.name)).toEqual(['Hindi']);
    await t.call('POST', '/school/classes', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, classes: ['Class 1'] } });
    expect((await summaryOf(admin.token)).classes.map((c: { name: string }) => c.name)).toEqual(['Class 1', 'Class 3']);
    const edit = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: { ...schoolPayload(), subdomain: school.subdomain, name: 'Renamed Public School' } });
    expect(edit.status).toBe(200);
    expect((await summaryOf(admin.token)).school.name).toBe('Renamed Public School');
  });

  // A change made straight in the database (a staff script, a migration) is seen too: the triggers
  // live in PostgreSQL, not in the API's write paths.
  it.each([
    ['the school row', (id: string) => t.db.query(`UPDATE schools SET name = 'Changed In SQL' WHERE id = $1`, [id]), (s: any) => s.school.name === 'Changed In SQL'],
    ['a class', (id: string) => t.db.query(`UPDATE classes SET name = 'Class 4' WHERE school_id = $1`, [id]), (s: any) => s.classes[0].name === 'Class 4'],
    [
      'a section',
      (id: string) => t.db.query(`INSERT INTO sections (class_id, name) SELECT id, 'Z' FROM classes WHERE school_id = $1`, [id]),
      (s: any) => s.totalSections === 1,
    ],
    [
      'a class subject',
      (id: string) =>
        t.db.query(
          `INSERT INTO class_subjects (class_id, subject_id)
           SELECT c.id, g.id FROM classes c, global_subjects g WHERE c.school_id = $1 AND g.name = 'Sanskrit'`,
          [id],
        ),
      (s: any) => s.totalSubjects === 1,
    ],
    ['a class deleted', (id: string) => t.db.query(`DELETE FROM classes WHERE school_id = $1`, [id]), (s: any) => s.classes.length === 0],
  ])('a change to %s made in SQL shows on the next read', async (_what, change, seen) => {
    const { admin, school } = await schoolWithClass();
    const before = await summaryOf(admin.token);
    expect(seen(before)).toBe(false);
    await change(school.id);
    expect(seen(await summaryOf(admin.token))).toBe(true);
  });

  it('renaming a global subject bumps every school that uses it, and only those', async () => {
    const user = await schoolWithClass();
    const other = await schoolWithClass();
    await t.call('POST', '/school/subjects', { token: user.admin.token, body: { schoolId: user.school.id, academicYear: YEAR, classSubjects: [{ className: 'Class 3', subjectNames: ['Music'] }] } });
    await summaryOf(user.admin.token);
    await summaryOf(other.admin.token);
    const otherBefore = await stored(other.school.id);
    // The catalogue is shared by every test file on this database: rename inside a transaction that
    // is rolled back, reading the versions on that same connection.
    const qr = t.db.createQueryRunner();
    await qr.startTransaction();
    try {
      await qr.query(`UPDATE global_subjects SET name = 'Music (renamed)' WHERE name = 'Music'`);
      const version = async (id: string) => (await qr.query(`SELECT data_version, built_version FROM school_summaries WHERE school_id = $1`, [id]))[0];
      const [usesIt, doesNot] = [await version(user.school.id), await version(other.school.id)];
      expect(BigInt(usesIt.data_version)).toBeGreaterThan(BigInt(usesIt.built_version));
      expect(doesNot.data_version).toBe(otherBefore.data_version);
    } finally {
      await qr.rollbackTransaction();
      await qr.release();
    }
  });

  it('a body stored by an older format of the summary is rebuilt on its next read', async () => {
    const { admin, school } = await schoolWithClass();
    const fresh = await summaryOf(admin.token);
    await t.db.query(`UPDATE school_summaries SET format = 0, body = '{"old":true}' WHERE school_id = $1`, [school.id]);
    expect(await summaryOf(admin.token)).toEqual(fresh);
  });

  it('a summary built from data that changed while it was being built is not stored', async () => {
    const { admin, school } = await schoolWithClass();
    await summaryOf(admin.token);
    const before = await stored(school.id);
    // The conditional store of the service, as it runs after a rebuild that read version v while a
    // writer has since moved the school to v + 1: nothing is written.
    await t.db.query(`UPDATE classes SET name = 'Class 5' WHERE school_id = $1`, [school.id]);
    const result = await t.db.query(
      `UPDATE school_summaries SET built_version = data_version, format = 1, body = '{"stale":true}'
        WHERE school_id = $1 AND data_version = $2`,
      [school.id, before.data_version],
    );
    expect(result[1]).toBe(0);
    expect((await summaryOf(admin.token)).classes[0].name).toBe('Class 5');
  });

  it('deleting a school removes its stored summary with it', async () => {
    const { admin, school } = await schoolWithClass();
    await summaryOf(admin.token);
    await t.db.query(`DELETE FROM schools WHERE id = $1`, [school.id]);
    expect(await stored(school.id)).toBeUndefined();
    expect((await t.call('GET', '/auth/my-school-detailed', { token: admin.token })).status).toBe(404);
  });
});

