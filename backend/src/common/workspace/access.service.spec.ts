import type { DataSource } from 'typeorm';
// The modules' manifests declare the kinds; loading the list registers them, as the app does.
import '../../app.manifest';
import { ACCESS_KINDS } from './access-kinds';
import { AccessService } from './access.service';

const SCHOOL = '7d0e6f0a-1111-4222-8333-944445555666';
const ID = '0b6f3c2e-2222-4333-8444-955556666777';

/** A database that answers every count with `n` and keeps the statements it was given. */
function dbAnswering(n: number) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const db = { query: async (sql: string, params: unknown[]) => (seen.push({ sql, params }), [{ n }]) } as unknown as DataSource;
  return { access: new AccessService(db), seen };
}

describe('AccessService: a guardian names only what is theirs', () => {
  it('staff: the school alone decides', async () => {
    const { access, seen } = dbAnswering(1);
    await access.require({ schoolId: SCHOOL, userId: 'u', role: 'office' }, 'student', [ID]);
    expect(seen[0]!.sql).not.toContain('student_guardian_users');
    expect(seen[0]!.params).toEqual([SCHOOL, [ID]]);
  });

  it('a guardian: the kind’s guardian condition joins the query, with the caller as $3', async () => {
    const { access, seen } = dbAnswering(1);
    await access.require({ schoolId: SCHOOL, userId: 'g1', role: 'guardian' }, 'student', [ID]);
    expect(seen[0]!.sql).toContain('student_guardian_users');
    expect(seen[0]!.params).toEqual([SCHOOL, [ID], 'g1']);
    // School-wide kinds need no condition.
    await access.require({ schoolId: SCHOOL, userId: 'g1', role: 'guardian' }, 'academicYear', [ID]);
    expect(seen[1]!.params).toEqual([SCHOOL, [ID]]);
    // A calendar event: the whole school's, or a class one of their children is in.
    await access.require({ schoolId: SCHOOL, userId: 'g1', role: 'guardian' }, 'calendarEvent', [ID]);
    expect(seen[2]!.sql).toContain('class_ids');
    expect(seen[2]!.params).toEqual([SCHOOL, [ID], 'g1']);
  });

  it('a guardian naming a kind with no guardian entry gets 404 without a query (the allow-list)', async () => {
    const { access, seen } = dbAnswering(1);
    const closed = (Object.keys(ACCESS_KINDS) as (keyof typeof ACCESS_KINDS)[]).filter((k) => !('guardian' in ACCESS_KINDS[k]));
    expect(closed).toEqual(expect.arrayContaining(['member', 'invitation', 'job', 'staff', 'application']));
    for (const kind of closed) {
      await expect(access.require({ schoolId: SCHOOL, userId: 'g1', role: 'guardian' }, kind, [ID])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(seen).toEqual([]);
  });

  it('guardianStudentIds: null for staff, the linked ids for a guardian', async () => {
    const db = { query: async () => [{ student_id: ID }] } as unknown as DataSource;
    const access = new AccessService(db);
    expect(await access.guardianStudentIds({ schoolId: SCHOOL, userId: 'u', role: 'teacher' })).toBeNull();
    expect(await access.guardianStudentIds({ schoolId: SCHOOL, userId: 'g', role: 'guardian' })).toEqual([ID]);
  });
});
