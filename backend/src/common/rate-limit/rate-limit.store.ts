/** One rule's fixed window after a hit: the hits counted in it so far and when it began. */
export interface WindowCount {
  hits: number;
  windowStart: Date;
}

/**
 * Where the rate-limit counters live: PostgreSQL (table rate_limits) by default, Redis when
 * REDIS_URL is set (see rate-limit.module.ts). Both keep fixed windows computed from the `now` the
 * caller passes (the application's Clock), never from the store's own clock.
 */
export abstract class RateLimitStore {
  /**
   * Counts one hit on `key`, atomically: if the window that holds it began `windowSeconds` or more
   * before `now`, a new window starts at `now` with one hit; otherwise the count goes up by one.
   */
  abstract increment(key: string, now: Date, windowSeconds: number): Promise<WindowCount>;

  /** Forgets `key` (its next hit starts a new window). */
  abstract reset(key: string): Promise<void>;
}
