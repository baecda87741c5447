import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs one statement and answers its rows. TypeORM's postgres driver answers UPDATE and DELETE
 * with `[rows, affectedCount]` and every other statement with the rows; this evens that out so a
 * `… RETURNING` reads the same whatever the command.
 */
export async function queryRows<T>(db: EntityManager | DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return (result ?? []) as T[];
}

/** True for a PostgreSQL unique violation, optionally on a given constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && (constraint === undefined || name === constraint);
}
