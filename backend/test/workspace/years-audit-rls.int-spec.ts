import { withSchool } from '../../src/database/with-school';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { createSchool, YEAR } from '../schools/fixtures';
import { createUserWithToken } from '../support/app';

describe('academic years, the audit log and row-level security', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
  });
  afterAll(() => t.close());

  const years = (s: SchoolWithMembers, token = s.members.admin.token) => t.call('GET', `/schools/${s.schoolId}/academic-years`, { token });

  it('onboarding’s year becomes a record: the first class of a year makes it, current if none is', async () => {
    const admin = await createUserWithToken(t);
    const school = await createSchool(t, admin.token);
    const res = await t.call('POST', '/school/classes', { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, classes: ['Class 1'] } });
    expect(res.status).toBeLessThan(300);
    const list = await t.call('GET', `/schools/${school.id}/academic-years`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([{ id: expect.any(String), name: YEAR, startsOn: '2025-04-01', endsOn: '2026-03-31', isCurrent: true }]);
    const home = await t.call('GET', `/schools/${school.id}/home`, { token: admin.token });
    expect(home.body.data.academicYear).toMatchObject({ name: YEAR });
    expect(home.body.data.counts).toMatchObject({ classes: 1, members: 1 });
  });

  it('admins add years (April–March by default, the name matching the dates) and make one current', async () => {
    const admin = a.members.admin.token;
    const created = await t.call('POST', `/schools/${a.schoolId}/academic-years`, { token: admin, body: { name: '2026-27' } });
    expect(created.status).toBe(201);
    expect(created.body.data.academicYear).toEqual({ id: expect.any(String), name: '2026-27', startsOn: '2026-04-01', endsOn: '2027-03-31', isCurrent: true });
    const june = await t.call('POST', `/schools/${a.schoolId}/academic-years`, { token: admin, body: { name: '2027-28', startsOn: '2027-06-01', endsOn: '2028-03-31' } });
    expect(june.body.data.academicYear).toMatchObject({ startsOn: '2027-06-01', isCurrent: false });

    const mismatch = await t.call('POST', `/schools/${a.schoolId}/academic-years`, { token: admin, body: { name: '2028-29', startsOn: '2027-04-01', endsOn: '2028-03-31' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe('ACADEMIC_YEAR_INVALID');
    expect(mismatch.body.error.details.startsOn).toBeDefined();
    const badName = await t.call('POST', `/schools/${a.schoolId}/academic-years`, { token: admin, body: { name: '2028-30' } });
    expect(badName.status).toBe(400);
    const twice = await t.call('POST', `/schools/${a.schoolId}/academic-years`, { token: admin, body: { name: '2026-27' } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ACADEMIC_YEAR_EXISTS');

    const made = await t.call('POST', `/schools/${a.schoolId}/academic-years/${june.body.data.academicYear.id}/make-current`, { token: admin });
    expect(made.status).toBe(200);
    expect(made.body.data.academicYear).toMatchObject({ name: '2027-28', isCurrent: true });
    const list = await years(a, a.members.teacher.token);
    expect(list.body.data.items.map((y: any) => [y.name, y.isCurrent])).toEqual([
      ['2027-28', true],
      ['2026-27', false],
    ]);
    // A teacher reads years but cannot add one; another school's year is 404.
    expect((await t.call('POST', `/schools/${a.schoolId}/academic-years`, { token: a.members.teacher.token, body: { name: '2030-31' } })).status).toBe(403);
    const foreign = await t.call('POST', `/schools/${b.schoolId}/academic-years/${june.body.data.academicYear.id}/make-current`, { token: b.members.admin.token });
    expect(foreign.status).toBe(404);
  });

  it('the audit log records who did what with before and after, for admins only, and refuses changes', async () => {
    const res = await t.call('GET', `/schools/${a.schoolId}/audit-log?entity=academic_year`, { token: a.members.admin.token });
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items.map((i: any) => i.action)).toEqual(['academic_year.made_current', 'academic_year.created', 'academic_year.created']);
    expect(items[0]).toMatchObject({
      actor: { id: a.members.admin.id, username: a.members.admin.username },
      entity: 'academic_year',
      before: { currentYear: '2026-27' },
      after: { currentYear: '2027-28' },
    });
    expect(res.body.data).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect((await t.call('GET', `/schools/${a.schoolId}/audit-log`, { token: a.members.office.token })).status).toBe(403);
    expect((await t.call('GET', `/schools/${b.schoolId}/audit-log`, { token: b.members.admin.token })).body.data.items).toEqual([]);

    await expect(t.db.query(`UPDATE audit_log SET action = 'x' WHERE school_id = $1`, [a.schoolId])).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM audit_log WHERE school_id = $1`, [a.schoolId])).rejects.toThrow(/append-only/);
  });

  it('row-level security: a transaction bound to one school sees and writes none of another’s rows', async () => {
    const seen = await withSchool(t.db, b.schoolId, async (m) => ({
      members: await m.query(`SELECT school_id FROM school_members WHERE school_id = $1`, [a.schoolId]),
      years: await m.query(`SELECT school_id FROM academic_years WHERE school_id = $1`, [a.schoolId]),
      audit: await m.query(`SELECT school_id FROM audit_log WHERE school_id = $1`, [a.schoolId]),
      everyMember: await m.query(`SELECT DISTINCT school_id FROM school_members`),
    }));
    expect(seen.members).toEqual([]);
    expect(seen.years).toEqual([]);
    expect(seen.audit).toEqual([]);
    expect(seen.everyMember).toEqual([{ school_id: b.schoolId }]);
    // Writing into another school is refused, and changing its rows touches nothing.
    await expect(
      withSchool(t.db, b.schoolId, (m) => m.query(`INSERT INTO school_members (school_id, user_id, role) VALUES ($1, $2, 'admin')`, [a.schoolId, b.members.admin.id])),
    ).rejects.toThrow(/row-level security/);
    const updated = await withSchool(t.db, b.schoolId, (m) => m.query(`UPDATE school_members SET role = 'guardian' WHERE school_id = $1 RETURNING user_id`, [a.schoolId]));
    expect(updated[0]).toEqual([]);
    // The same query bound to school A sees A's rows; the settings end with the transaction.
    const own = await withSchool(t.db, a.schoolId, (m) => m.query(`SELECT count(*)::int AS n FROM school_members WHERE school_id = $1`, [a.schoolId]));
    expect(own[0].n).toBe(5);
    const after = await t.db.query(`SELECT current_user AS who, coalesce(current_setting('app.school_id', true), '') AS school`);
    expect(after[0].school).toBe('');
    expect(after[0].who).not.toBe('vidyalaya_tenant');
  });
});
