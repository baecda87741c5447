import { DataSource } from 'typeorm';
import { RateLimitStore, type WindowCount } from './rate-limit.store';

/** Rows whose window began longer ago than this count nothing (every window is an hour at most). */
const PRUNE_AGE_MS = 24 * 3600_000;
/** At most one clean-up per process this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The counters in PostgreSQL (table rate_limits), the default: one atomic upsert per hit that
 * starts a new window when the old one has passed. Rows of windows long past are deleted
 * opportunistically (issue 20): the first hit after a start, then at most every 10 minutes,
 * removes rows older than a day, so the table holds only about a day of keys.
 */
export class PostgresRateLimitStore extends RateLimitStore {
  private lastPruneMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: DataSource) {
    super();
  }

  async increment(key: string, now: Date, windowSeconds: number): Promise<WindowCount> {
    if (now.getTime() - this.lastPruneMs >= PRUNE_EVERY_MS) {
      this.lastPruneMs = now.getTime();
      await this.db.query(`DELETE FROM rate_limits WHERE window_start < $1`, [new Date(now.getTime() - PRUNE_AGE_MS)]);
    }
    const [row] = await this.db.query(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE rate_limits.hits + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2 ELSE rate_limits.window_start END
       RETURNING hits, window_start`,
      [key, now, windowSeconds],
    );
    return { hits: Number(row.hits), windowStart: new Date(row.window_start) };
  }

  async reset(key: string): Promise<void> {
    await this.db.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
  }
}
