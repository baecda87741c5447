import pg from 'pg';

/**
 * The planner's statistics on the embedded database. A PostgreSQL server's autovacuum runs ANALYZE on
 * a table once enough of it has changed; PGlite runs no background workers, so there nothing ever did,
 * and every plan was made for tables the planner believed empty. After a school imported its 2,000
 * students, the register's first page and a guardian's list of children took 700–1,300 ms instead of
 * 14 ms: the students joined to their guardians by a nested loop that read every guardian once per
 * student (docs/performance.md, session 19).
 *
 * PGlite keeps no activity statistics either (`pg_stat_user_tables` is empty), so "enough has
 * changed" is read from the table's size: a table never analysed that holds rows, or whose pages
 * differ from those its last ANALYZE counted by more than a tenth (and one page), is analysed again.
 * ANALYZE reads a sample of at most 30,000 rows a table, so the cost stays bounded as a school grows.
 */
const STALE_TABLES = `
  SELECT c.oid::regclass::text AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind = 'r' AND n.nspname = 'public'
     AND ((c.reltuples < 0 AND pg_relation_size(c.oid) > 0)
       OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + c.relpages / 10)
   ORDER BY 1`;

type Query = (sql: string) => Promise<{ rows: { name: string }[] }>;

/** Analyses the tables whose statistics are missing or out of date; answers their names. */
export async function analyzeStaleTables(query: Query): Promise<string[]> {
  const names = (await query(STALE_TABLES)).rows.map((r) => r.name);
  // One statement a table: on the embedded database each holds its one thread only for that table's
  // sample, and the requests waiting meanwhile go in between. regclass's text is the name as SQL
  // spells it (quoted where it must be).
  for (const name of names) await query(`ANALYZE ${name}`);
  return names;
}

/** How often the embedded database's tables are looked at: the check takes 3–4 ms of its one thread. */
export const EMBEDDED_ANALYZE_INTERVAL_MS = 10_000;

/**
 * Looks at the embedded database's tables now and every `intervalMs`, through its socket like any
 * other client (so it waits its turn behind transactions in progress), and analyses the stale ones.
 * A failure is logged without its SQL and tried again at the next turn. `stop()` ends it.
 */
/** What it logs through: the app's pino logger, or a test's. */
export interface AnalyzeLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function startEmbeddedAnalyze(url: string, logger: AnalyzeLogger, intervalMs = EMBEDDED_ANALYZE_INTERVAL_MS): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const turn = async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'vidyalaya-analyze' });
    try {
      await client.connect();
      const started = Date.now();
      const names = await analyzeStaleTables((sql) => client.query<{ name: string }>(sql));
      if (names.length > 0) logger.info({ tables: names.length, ms: Date.now() - started }, 'embedded database: statistics gathered');
    } catch (e) {
      logger.warn({ err: { name: (e as Error).name, code: (e as { code?: string }).code } }, 'embedded database: gathering statistics failed; trying again later');
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = turn().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
