import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../clock';
import { DomainException } from '../domain.exception';
import { RateLimitStore } from './rate-limit.store';

export interface RateRule {
  /** What is limited, e.g. `login:ip:1.2.3.4` or `resend:user:<id>`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** A limit per client address (scaled by RATE_LIMIT_SCALE); per-account rules never are. */
  perAddress?: boolean;
}

/**
 * Fixed-window counters shared by every replica, so the API keeps no state of its own: in
 * PostgreSQL (table rate_limits), or in Redis when REDIS_URL is set (rate-limit.module.ts picks the
 * store). Windows follow the injected Clock. One atomic store call per rule.
 */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one hit on each rule; throws RATE_LIMITED (429, Retry-After) if any is over its limit. */
  async hit(...rules: RateRule[]): Promise<void> {
    const now = this.clock.now();
    for (const rule of rules) {
      const { hits, windowStart } = await this.store.increment(rule.key, now, rule.windowSeconds);
      const limit = rule.perAddress ? rule.limit * this.config.rateLimitScale : rule.limit;
      if (hits > limit) {
        const resetsAt = windowStart.getTime() + rule.windowSeconds * 1000;
        throw new DomainException('RATE_LIMITED', { retryAfterSeconds: Math.max(1, (resetsAt - now.getTime()) / 1000) });
      }
    }
  }

  /** Counts one hit on `rule` and answers whether it is still within its limit (never throws RATE_LIMITED). */
  async allows(rule: RateRule): Promise<boolean> {
    try {
      await this.hit(rule);
      return true;
    } catch (e) {
      if (e instanceof DomainException && e.code === 'RATE_LIMITED') return false;
      throw e;
    }
  }

  /** Forgets a key (e.g. a code send given back because the mail server refused it). */
  async reset(key: string): Promise<void> {
    await this.store.reset(key);
  }
}
