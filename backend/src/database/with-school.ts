import type { DataSource, EntityManager } from 'typeorm';
import { currentSchoolId, runInSchool } from '../common/request-context';
import { openedWith, TENANT_ROLE, transactionBoundTo, withOpening, type OpeningStatement } from './school-bound';

export { TENANT_ROLE } from './school-bound';

/**
 * Runs `fn` in one transaction bound to one school: `app.school_id` is set for this transaction
 * only and the transaction assumes the tenant role, so PostgreSQL's row-level security lets it see
 * and write only that school's rows in the school tables, whatever the SQL says (the second line
 * of tenancy; the first is the workspace guard and the access service). Both settings end with
 * the transaction, so a pooled connection never carries them into another request. Inside a
 * request already bound to the same school (database/school-bound.ts) the transaction is bound as
 * it starts, and the two statements are not sent again. Outside a context bound to that school (a
 * guardian accepting an invitation, say) `fn` runs bound to it (`runInSchool`), so the repositories
 * it calls read the same school from the context.
 */
export async function withSchool<T>(db: DataSource | EntityManager, schoolId: string, fn: (m: EntityManager) => Promise<T>, first?: OpeningStatement): Promise<T> {
  if (currentSchoolId() !== schoolId.toLowerCase()) return runInSchool(schoolId, () => withSchool(db, schoolId, fn, first));
  // `first` (a write's first lock) goes out with the transaction's start where the runner is bound to
  // the school (school-bound.ts), else as the transaction's first statement: held either way when `fn` runs.
  return withOpening(first, (body) =>
    db.transaction(async (m: EntityManager) =>
      body(async () => {
        if (!transactionBoundTo(m, schoolId)) {
          await m.query(`SELECT set_config('app.school_id', $1, true)`, [schoolId]);
          await m.query(`SET LOCAL ROLE ${TENANT_ROLE}`);
        }
        if (first && !openedWith(m, first)) await m.query(first.sql);
        return fn(m);
      }),
    ),
  );
}

/**
 * The rows a statement answered. TypeORM's postgres driver answers UPDATE and DELETE with
 * `[rows, affectedCount]` and every other statement with the rows; this evens that out.
 */
export async function rows<T>(m: EntityManager | DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await m.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return (result ?? []) as T[];
}
