import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../clock';
import { DomainException } from '../domain.exception';

export interface RateRule {
  /** What is limited, e.g. `login:ip:1.2.3.4` or `resend:user:<id>`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** A limit per client address (scaled by RATE_LIMIT_SCALE); per-account rules never are. */
  perAddress?: boolean;
}

/**
 * Fixed-window counters in PostgreSQL (table rate_limits), so every replica shares them and the
 * API keeps no state of its own. One statement per rule: an atomic upsert that starts a new window
 * when the old one has passed.
 */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one hit on each rule; throws RATE_LIMITED (429, Retry-After) if any is over its limit. */
  async hit(...rules: RateRule[]): Promise<void> {
    const now = this.clock.now();
    for (const rule of rules) {
      const [row] = await this.db.query(
        `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE rate_limits.hits + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2 ELSE rate_limits.window_start END
         RETURNING hits, window_start`,
        [rule.key, now, rule.windowSeconds],
      );
      const limit = rule.perAddress ? rule.limit * this.config.rateLimitScale : rule.limit;
      if (row.hits > limit) {
        const resetsAt = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;
        throw new DomainException('RATE_LIMITED', { retryAfterSeconds: Math.max(1, (resetsAt - now.getTime()) / 1000) });
      }
    }
  }

  /** Forgets a key (e.g. after a successful login). */
  async reset(key: string): Promise<void> {
    await this.db.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
  }
}
