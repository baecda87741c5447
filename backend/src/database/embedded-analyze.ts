import pg from 'pg';
import { BACKGROUND_APPLICATION } from './pglite-socket-server';

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
/** A table's size moved by at least this many pages (64 KB) besides doubling or halving: urgent. */
const URGENT_MIN_PAGES = 8;
const STALE_TABLES = `
  SELECT name, urgent FROM (
    SELECT c.oid::regclass::text AS name, c.reltuples, c.relpages,
           pg_relation_size(c.oid) / current_setting('block_size')::int AS pages
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname = 'public') t
   CROSS JOIN LATERAL (SELECT (t.reltuples < 0 AND t.pages > 0)
                           OR t.pages > 2 * t.relpages + ${URGENT_MIN_PAGES} OR 2 * t.pages + ${URGENT_MIN_PAGES} < t.relpages AS urgent) u
   WHERE (t.reltuples < 0 AND t.pages > 0) OR abs(t.pages - t.relpages) > 1 + t.relpages / 10
   ORDER BY urgent DESC, name`;

type Query = (sql: string) => Promise<{ rows: { name: string; urgent: boolean }[] }>;

/**
 * How a round goes: `ready(urgent)` before each table's ANALYZE (false: leave it and the rest for a
 * later round), `took` each table's ANALYZE in ms.
 */
export interface AnalyzeRound {
  ready?: (urgent: boolean) => Promise<boolean>;
  took?: Record<string, number>;
}

/**
 * Analyses the tables whose statistics are missing or out of date, the urgent ones first (never
 * analysed, or their size doubled or halved since); answers the names of those it analysed.
 */
export async function analyzeStaleTables(query: Query, round: AnalyzeRound = {}): Promise<string[]> {
  const stale = (await query(STALE_TABLES)).rows;
  const done: string[] = [];
  // One statement a table: on the embedded database each holds its one thread only for that table's
  // sample, and the requests waiting meanwhile go in between. regclass's text is the name as SQL
  // spells it (quoted where it must be).
  for (const { name, urgent } of stale) {
    if (round.ready && !(await round.ready(urgent))) break;
    const started = Date.now();
    await query(`ANALYZE ${name}`);
    if (round.took) round.took[name] = Date.now() - started;
    done.push(name);
  }
  return done;
}

/** How often the embedded database's tables are looked at: the check takes 3–4 ms of its one thread. */
export const EMBEDDED_ANALYZE_INTERVAL_MS = 10_000;
/** How long the database must have been quiet before a table's ANALYZE that is not urgent takes its thread. */
export const EMBEDDED_ANALYZE_QUIET_MS = 250;
/** The longest a table that is not urgent waits for a quiet moment: a database never quiet this long is analysed anyway. */
export const EMBEDDED_ANALYZE_MAX_WAIT_MS = 60_000;

/** What it logs through: the app's pino logger, or a test's. */
export interface AnalyzeLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface AnalyzeOptions {
  intervalMs?: number;
  /**
   * How long the database has been quiet (DatabaseHandle.quietFor). PGlite runs every statement of
   * every connection one at a time, so an ANALYZE (30–90 ms for a table of the morning's attendance)
   * makes every request that arrives meanwhile wait. A table that is not urgent (grown by a tenth, not
   * doubled) waits for the database to have been quiet `quietMs`: within a round for up to an
   * interval, then at the next round, for at most `maxWaitMs` in all. Urgent ones (never analysed,
   * doubled or halved: the plans that went wrong by a thousand times) go first and straight on. Without
   * it, a round goes straight on (a command-line tool joined to a running server's database).
   */
  quietFor?: () => number;
  quietMs?: number;
  maxWaitMs?: number;
}

/**
 * Looks at the embedded database's tables now and every `intervalMs`, through its socket like any
 * other client (so it waits its turn behind transactions in progress), at a quiet moment, and
 * analyses the stale ones. A failure is logged without its SQL and tried again at the next turn.
 * `stop()` ends it.
 */
export function startEmbeddedAnalyze(url: string, logger: AnalyzeLogger, opts: AnalyzeOptions = {}): { stop: () => Promise<void> } {
  const { intervalMs = EMBEDDED_ANALYZE_INTERVAL_MS, quietFor, quietMs = EMBEDDED_ANALYZE_QUIET_MS, maxWaitMs = EMBEDDED_ANALYZE_MAX_WAIT_MS } = opts;
  let running: Promise<void> | null = null;
  let stopped = false;
  /** Since when a table that is not urgent has waited for a quiet moment (null: none waits). */
  let waitingSince: number | null = null;
  const turn = async () => {
    const client = new pg.Client({ connectionString: url, application_name: BACKGROUND_APPLICATION });
    try {
      const begun = Date.now();
      let waited = 0;
      let left = false;
      // An urgent table goes now; another once the database has been quiet quietMs, waiting for it up
      // to an interval in this round and maxWaitMs in all. False: stopped, or left for the next round.
      const ready = async (urgent: boolean) => {
        if (stopped) return false;
        if (urgent || !quietFor) return true;
        const since = (waitingSince ??= Date.now());
        const until = Math.min(Date.now() + intervalMs, since + maxWaitMs);
        const from = Date.now();
        while (!stopped && quietFor() < quietMs && Date.now() < until) await new Promise((r) => setTimeout(r, Math.max(10, quietMs - quietFor())));
        waited += Date.now() - from;
        if (stopped) return false;
        left = quietFor() < quietMs && Date.now() < since + maxWaitMs;
        return !left;
      };
      await client.connect();
      const took: Record<string, number> = {};
      const names = await analyzeStaleTables((sql) => client.query<{ name: string; urgent: boolean }>(sql), { ready, took });
      if (!left && !stopped) waitingSince = null;
      if (names.length > 0) logger.info({ tables: names.length, ms: Date.now() - begun, waitedMs: waited, took }, 'embedded database: statistics gathered');
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
