import { randomUUID } from 'node:crypto';
import { bindSchool, requestContext, runInSchool } from '../../src/common/request-context';
import { SchoolWrites } from '../../src/common/workspace/school-writes';
import { preparedQuery } from '../../src/database/prepared-query';
import { Repository } from '../../src/database/repository';
import { withSchool } from '../../src/database/with-school';
import { AcademicYearsRepository } from '../../src/modules/academic-years/academic-years.repository';
import { JobRegistry } from '../../src/modules/jobs/job-registry';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { TimetableRepository } from '../../src/modules/timetable/timetable.repository';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * Issue 33, must-deliver 2: reads that fail closed. Once a request (or a job) is bound to a school,
 * every statement it sends runs in that school's row-level-security context, so a repository query
 * that forgets its `school_id = $1` filter sees only that school's rows, never another's.
 */

/** A repository whose queries all forgot their school filter. */
class Forgetful extends Repository {
  schoolsWithMembers() {
    return this.rows<{ school_id: string }>(`SELECT DISTINCT school_id FROM school_members ORDER BY 1`);
  }

  schoolsWithMembersByBuilder(): Promise<{ school_id: string }[]> {
    return this.m.createQueryBuilder().select('DISTINCT m.school_id', 'school_id').from('school_members', 'm').orderBy('1').getRawMany();
  }

  schoolsWithMembersInTransaction() {
    return this.transaction((tx) => tx.query(`SELECT DISTINCT school_id FROM school_members ORDER BY 1`) as Promise<{ school_id: string }[]>);
  }

  renameYearsOf(schoolId: string) {
    return this.rows<{ id: string }>(`UPDATE academic_years SET name = name WHERE school_id = $1 RETURNING id`, [schoolId]);
  }

  addMember(schoolId: string, userId: string) {
    return this.rows(`INSERT INTO school_members (school_id, user_id, role) VALUES ($1, $2, 'teacher')`, [schoolId, userId]);
  }

  failing() {
    return this.rows(`SELECT 1 / (SELECT count(*) - count(*) FROM school_members)::int AS x`);
  }
}

const ids = (rows: { school_id: string }[]) => rows.map((r) => r.school_id);

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('reads that fail closed: a school-bound request sees only its school (issue 33)', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let forgetful: Forgetful;

  beforeAll(async () => {
    t = await startTestApp({ JOBS_POLL_MS: '50' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    forgetful = new Forgetful(t.db);
    for (const [s, name] of [
      [a, '2025-26'],
      [b, '2026-27'],
    ] as const) {
      await t.db.query(`INSERT INTO academic_years (school_id, name, starts_on, ends_on, is_current) VALUES ($1, $2, $3, $4, true)`, [
        s.schoolId,
        name,
        `${name.slice(0, 4)}-04-01`,
        `${Number(name.slice(0, 4)) + 1}-03-31`,
      ]);
    }
  });
  afterAll(() => t.close());

  it('a repository query without its school filter returns only the bound school’s rows, and nothing for a school without rows', async () => {
    // Unbound (sign-in, public pages, the job worker's polling): every school, as before.
    expect(ids(await forgetful.schoolsWithMembers())).toEqual(expect.arrayContaining([a.schoolId, b.schoolId]));

    for (const s of [a, b]) {
      const seen = await runInSchool(s.schoolId, async () => ({
        rows: ids(await forgetful.schoolsWithMembers()),
        builder: ids(await forgetful.schoolsWithMembersByBuilder()),
        transaction: ids(await forgetful.schoolsWithMembersInTransaction()),
        dataSource: ids(await t.db.query(`SELECT DISTINCT school_id FROM school_members`)),
        prepared: ids(await preparedQuery<{ school_id: string }>(t.db, 'issue33-probe', `SELECT DISTINCT school_id FROM school_members`, [])),
        // withSchool asked for another school inside a bound request: still that school only.
        nested: ids(await withSchool(t.db, s.schoolId, (m) => m.query(`SELECT DISTINCT school_id FROM school_members`))),
      }));
      expect(seen).toEqual({ rows: [s.schoolId], builder: [s.schoolId], transaction: [s.schoolId], dataSource: [s.schoolId], prepared: [s.schoolId], nested: [s.schoolId] });
    }

    const nobody = randomUUID();
    const empty = await runInSchool(nobody, async () => [
      ...(await forgetful.schoolsWithMembers()),
      ...(await forgetful.schoolsWithMembersByBuilder()),
      ...(await forgetful.schoolsWithMembersInTransaction()),
    ]);
    expect(empty).toEqual([]);
  });

  it('writes outside the audited write path are bound too: another school’s rows are neither changed nor added to', async () => {
    const changed = await runInSchool(b.schoolId, () => forgetful.renameYearsOf(a.schoolId));
    expect(changed).toEqual([]);
    await expect(runInSchool(b.schoolId, () => forgetful.addMember(a.schoolId, b.members.admin.id))).rejects.toThrow(/row-level security/);
    expect(await forgetful.renameYearsOf(a.schoolId)).toHaveLength(1);
  });

  it('a failed bound statement rolls back, is thrown as it was, and leaves no role or school on the pool', async () => {
    await expect(runInSchool(a.schoolId, () => forgetful.failing())).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '22012' }) });
    expect(ids(await runInSchool(a.schoolId, () => forgetful.schoolsWithMembers()))).toEqual([a.schoolId]);
    // Every pooled connection (and PGlite's one session) is back to the app's own role, no school set.
    const after = await Promise.all(
      Array.from({ length: 6 }, () => t.db.query(`SELECT current_user AS who, coalesce(current_setting('app.school_id', true), '') AS school`)),
    );
    for (const [row] of after) expect(row).toEqual({ who: expect.not.stringMatching(/^vidyalaya_tenant$/), school: '' });
    expect(ids(await forgetful.schoolsWithMembers())).toEqual(expect.arrayContaining([a.schoolId, b.schoolId]));
  });

  it('a workspace request is bound to its school by the guard: a route whose query forgets the filter answers only its own school’s rows', async () => {
    const repo = t.app.get(AcademicYearsRepository);
    const list = repo.list;
    // The academic-years list, with its filter forgotten.
    repo.list = function (this: AcademicYearsRepository) {
      return (this as unknown as Forgetful)['rows'](
        `SELECT id, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, is_current FROM academic_years ORDER BY name`,
      );
    } as typeof list;
    try {
      const ofA = await t.call('GET', `/schools/${a.schoolId}/academic-years`, { token: a.members.teacher.token });
      const ofB = await t.call('GET', `/schools/${b.schoolId}/academic-years`, { token: b.members.admin.token });
      expect(ofA.status).toBe(200);
      expect(ofA.body.data.items.map((y: { name: string }) => y.name)).toEqual(['2025-26']);
      expect(ofB.body.data.items.map((y: { name: string }) => y.name)).toEqual(['2026-27']);
      // Outside a request, the same forgetful method shows what the binding held back.
      const unbound = await repo.list();
      expect(unbound.length).toBeGreaterThan(1);
    } finally {
      repo.list = list;
    }
  });

  it('a request is bound to one school only: binding a second one is a programming error', async () => {
    expect(() => bindSchool(a.schoolId)).toThrow(/outside a request/);
    requestContext.run({ reqId: 'probe' }, () => {
      bindSchool(a.schoolId);
      bindSchool(a.schoolId);
      expect(() => bindSchool(b.schoolId)).toThrow(/another school/);
      expect(() => bindSchool(a.schoolId.toUpperCase())).toThrow(/lower-case/);
    });
  });

  it('a background job runs bound to its school', async () => {
    const seen: string[][] = [];
    t.app.get(JobRegistry).register('test.issue33-forgetful', async () => {
      seen.push(ids(await forgetful.schoolsWithMembers()));
      return {};
    });
    const jobId = await t.app
      .get(SchoolWrites)
      .run({ schoolId: b.schoolId, userId: b.members.admin.id }, (tx) => t.app.get(JobsService).enqueue(tx, 'test.issue33-forgetful', {}));
    await until(
      () => t.call('GET', `/schools/${b.schoolId}/jobs/${jobId}`, { token: b.members.admin.token }),
      (r) => r.body.data?.state === 'completed',
    );
    expect(seen).toEqual([[b.schoolId]]);
  });

  it('TimetableRepository.classSubjects names its school (the one read found without a filter)', async () => {
    const [klass] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2025-26', 'Class 4') RETURNING id`, [a.schoolId]);
    const [subject] = await t.db.query(`SELECT id FROM global_subjects ORDER BY sort_order LIMIT 1`);
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [klass.id, subject.id]);
    const repo = t.app.get(TimetableRepository);
    expect([...(await runInSchool(a.schoolId, () => repo.classSubjects(klass.id)))]).toEqual([subject.id]);
    expect([...(await runInSchool(b.schoolId, () => repo.classSubjects(klass.id)))]).toEqual([]);
  });

  it('every table holding schools’ rows is under row-level security for a role that cannot bypass it', async () => {
    const tables: { table: string; rls: boolean; policies: number }[] = await t.db.query(
      `SELECT c.relname AS table, c.relrowsecurity AS rls, (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'school_id' AND NOT a.attisdropped)
        ORDER BY 1`,
    );
    // The provider's decisions and the owner's dashboard summary are read across schools by design
    // (approvals, sign-in); every other table with a school_id must have its policy.
    const unprotected = tables.filter((x) => !x.rls || x.policies === 0).map((x) => x.table);
    expect(unprotected).toEqual(['school_decisions', 'school_summaries']);
    expect(tables.length).toBeGreaterThan(60);
    const [role] = await t.db.query(`SELECT rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = 'vidyalaya_tenant'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    const owners: { owner: string }[] = await t.db.query(
      `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    expect(owners.map((o) => o.owner)).not.toContain('vidyalaya_tenant');
    // Bound, no row of another school is visible in any of them.
    const leaks = await runInSchool(a.schoolId, async () => {
      const found: string[] = [];
      for (const { table } of tables.filter((x) => x.rls)) {
        const [row] = await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE school_id <> $1`, [a.schoolId]);
        if (row.n > 0) found.push(table);
      }
      return found;
    });
    expect(leaks).toEqual([]);
  });
});
