import { createHash } from 'node:crypto';
import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createClient, ErrorReply } from '@redis/client';
import type { Logger } from 'pino';
import { StoreUnavailableError } from '../database-errors';
import { RateLimitStore, type WindowCount } from './rate-limit.store';

/** How long a connection attempt may take, and how long the start waits for the first one. */
const CONNECT_TIMEOUT_MS = 2000;
/** How long one command may take before the call answers 503 (a hit is one short script). */
const COMMAND_TIMEOUT_MS = 2000;
/** Reconnection in the background: 100 ms, 200 ms, … then every 2 s until Redis is back. */
const MAX_RECONNECT_DELAY_MS = 2000;
/** How long shutdown waits for commands in flight before dropping the connection. */
const CLOSE_TIMEOUT_MS = 1000;
/**
 * A counter outlives its window by this much (Redis expiry runs on Redis's clock, the windows on
 * the application's), so a replica whose clock is a few seconds behind still finds the window.
 */
const EXPIRY_SLACK_MS = 5000;

/**
 * One hit, atomically. KEYS[1] is a hash {start, hits}; ARGV: now (ms since the epoch, from the
 * application's Clock), the window (ms), the expiry slack (ms). A window that began `window` or more
 * before `now` is over: a new one starts at `now` with one hit (the same rule as the PostgreSQL
 * upsert). The key expires a little after its window ends. Answers {hits, window start (ms)}.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
local hits
if start == nil or start <= now - window then
  start = now
  hits = 1
  redis.call('HSET', KEYS[1], 'start', ARGV[1], 'hits', 1)
else
  hits = redis.call('HINCRBY', KEYS[1], 'hits', 1)
end
redis.call('PEXPIRE', KEYS[1], start + window - now + tonumber(ARGV[3]))
return {hits, start}
`;
const HIT_SCRIPT_SHA1 = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/** Replies that mean Redis cannot serve now (loading, a read-only replica, out of memory, refused credentials…). */
const UNAVAILABLE_REPLY = /^(LOADING|READONLY|MASTERDOWN|BUSY|OOM|NOAUTH|WRONGPASS|NOPERM|CLUSTERDOWN|TRYAGAIN)\b/;

type Client = ReturnType<typeof createClient>;

/**
 * The counters in Redis (REDIS_URL), under `<REDIS_KEY_PREFIX>rate-limit:<key>`. Commands are never
 * queued while the connection is down and each has a timeout, so during a Redis outage a
 * rate-limited call fails at once with 503 DATABASE_UNAVAILABLE (StoreUnavailableError) while the
 * client reconnects in the background; the same process serves again once Redis is back.
 */
export class RedisRateLimitStore extends RateLimitStore implements OnModuleInit, OnApplicationShutdown {
  private readonly client: Client;
  private up = false;
  /** The outage is in the log already (one line per outage, not one per reconnection attempt). */
  private downLogged = false;
  /** The last connection error, for the log line of a refused call (the client only says "offline"). */
  private lastError = '';

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    super();
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: COMMAND_TIMEOUT_MS },
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
      },
    });
    // Every failed (re)connection emits 'error': one log line when Redis goes away, one when it is back.
    this.client.on('error', (err: unknown) => {
      this.lastError = describe(err);
      if (!this.downLogged) {
        this.logger.warn({ store: 'redis', reason: this.lastError }, 'Redis unavailable: rate-limited calls answer 503 until it is back');
        this.downLogged = true;
      }
      this.up = false;
    });
    this.client.on('ready', () => {
      this.logger.info({ store: 'redis' }, this.downLogged ? 'Redis is back' : 'rate-limit counters in Redis');
      this.up = true;
      this.downLogged = false;
    });
  }

  /** Connects in the background; the start waits for the first attempt (at most CONNECT_TIMEOUT_MS), never for Redis itself. */
  async onModuleInit(): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        this.client.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
      this.client.once('ready', done);
      this.client.once('error', done);
      // Rejects only when shutdown closes the client while it is still connecting.
      this.client.connect().catch(() => undefined);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client.isOpen) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.client.close().catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
    }
    this.client.destroy();
  }

  async increment(key: string, now: Date, windowSeconds: number): Promise<WindowCount> {
    const args = ['1', this.key(key), String(now.getTime()), String(windowSeconds * 1000), String(EXPIRY_SLACK_MS)];
    let reply: unknown;
    try {
      reply = await this.send(['EVALSHA', HIT_SCRIPT_SHA1, ...args]);
    } catch (e) {
      // First use on this Redis (or after a restart / SCRIPT FLUSH): send the script itself, which caches it.
      if (!(e instanceof ErrorReply && e.message.startsWith('NOSCRIPT'))) throw e;
      reply = await this.send(['EVAL', HIT_SCRIPT, ...args]);
    }
    const [hits, start] = reply as [number, number];
    return { hits: Number(hits), windowStart: new Date(Number(start)) };
  }

  async reset(key: string): Promise<void> {
    await this.send(['DEL', this.key(key)]);
  }

  private key(key: string): string {
    return `${this.prefix}rate-limit:${key}`;
  }

  /** One command; a connection failure, a timeout or a "cannot serve now" reply becomes StoreUnavailableError. */
  private async send(args: string[]): Promise<unknown> {
    try {
      return await this.client.sendCommand(args);
    } catch (e) {
      throw redisFailure(e, this.up ? '' : this.lastError);
    }
  }
}

/**
 * What a failed command becomes: a connection failure, a timeout or a "cannot serve now" reply is
 * StoreUnavailableError (503, with `lastConnectionError` in its reason when there is one); any other
 * reply (a bug of ours, e.g. WRONGTYPE) stays as it is, a 500 logged as an unexpected error.
 */
export function redisFailure(e: unknown, lastConnectionError = ''): unknown {
  if (e instanceof ErrorReply && !UNAVAILABLE_REPLY.test(e.message)) return e;
  const reason = describe(e);
  return new StoreUnavailableError('redis', lastConnectionError ? `${reason} (last connection error: ${lastConnectionError})` : reason);
}

/** A short, single-line description of a client error: its class and message, never a stack or a URL. */
function describe(err: unknown): string {
  const e = err as { constructor?: { name?: string }; message?: unknown; code?: unknown };
  const name = e?.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : 'Error';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const text = `${name}: ${message}`.replace(/rediss?:\/\/\S*/gi, 'redis://[redacted]').replace(/\s+/g, ' ');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
