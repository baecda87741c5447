import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { boundSchoolOf } from './school-bound';

interface PgClient {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  release(err?: Error | boolean): void;
}
interface PgPool {
  connect(): Promise<PgClient>;
}

/** A number per pg client, and a mark of this copy of the module: names must be unique per session, see below. */
const clientIds = new WeakMap<object, number>();
let lastClientId = 0;
const instance = randomBytes(6).toString('hex');

/**
 * Runs a hot read as a named prepared statement on the `pg` pool TypeORM holds, so PostgreSQL
 * parses and plans it once per connection instead of on every call (TypeORM only sends unnamed
 * statements). Planning was most of the dashboard call's database cost (docs/performance.md).
 *
 * The name carries the pg client's number and this module's random mark: with the embedded
 * database every connection (of this process, and of any other that joined its socket) shares
 * PGlite's one session, where a name prepared by one connection would collide with another's.
 * The query is logged through TypeORM's logger like any other.
 *
 * In a school-bound request the statement goes through the DataSource instead (unnamed, in the
 * school's row-level-security context): the pool's raw connections are not bound, and nothing may
 * leave the bound path (database/school-bound.ts).
 */
export async function preparedQuery<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  if (boundSchoolOf(db) !== undefined) return (await db.query(text, values)) as T[];
  const pool = (db.driver as unknown as { master: PgPool }).master;
  db.logger.logQuery(text, values);
  const client = await pool.connect();
  let id = clientIds.get(client);
  if (id === undefined) {
    id = ++lastClientId;
    clientIds.set(client, id);
  }
  try {
    const { rows } = await client.query({ name: `${name}-${instance}-${id}`, text, values });
    client.release();
    return rows as T[];
  } catch (err) {
    // A broken connection is dropped from the pool rather than handed out again.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
}
