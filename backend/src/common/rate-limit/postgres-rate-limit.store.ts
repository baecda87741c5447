import { DataSource } from 'typeorm';
import { RateLimitStore, type WindowCount } from './rate-limit.store';

/**
 * The counters in PostgreSQL (table rate_limits), the default: one atomic upsert per hit that
 * starts a new window when the old one has passed.
 */
export class PostgresRateLimitStore extends RateLimitStore {
  constructor(private readonly db: DataSource) {
    super();
  }

  async increment(key: string, now: Date, windowSeconds: number): Promise<WindowCount> {
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
