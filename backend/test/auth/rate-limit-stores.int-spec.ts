import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { ERROR_CODES, MESSAGES } from '@vidyalaya/shared';
import { RateLimitService } from '../../src/common/rate-limit/rate-limit.service';
import { freePort } from '../reliability/private-postgres';
import { startTestApp, uniq, type TestApp } from '../support/app';
import { clientAt, codeSentBy, fakeIp, newAccount, startAuthHarness, type AuthHarness } from './auth-helpers';

/**
 * DECISIONS "Scale and state": the rate-limit counters live in PostgreSQL (table rate_limits), or in
 * Redis when REDIS_URL is set, never in the API's memory. The same limits are proved here on both
 * stores: they trip at the same counts with Retry-After, their windows follow the application's
 * clock, a give-back (reset) works, and two app instances on one store share the counters (the
 * replicas behind a load balancer). Redis outages answer the same 503 envelope as a database outage.
 *
 * The Redis half needs a Redis server: TEST_REDIS_URL names one this suite may write to (a
 * database index of its own, e.g. redis://127.0.0.1:6379/15). CI sets it (.ci/run installs and
 * starts Redis); without it the Redis half is skipped, as the PostgreSQL-server project is without
 * TEST_DATABASE_URL. Every key this file writes starts with a prefix unique to the run
 * (REDIS_KEY_PREFIX), so parallel runs on one Redis never collide, and is deleted at the end.
 */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const REDIS_SKIPPED = 'skipped: TEST_REDIS_URL is not set (no Redis server to test against; .ci/run sets it)';
/** The outage tests start their own redis-server (never touching the shared one); they need its binary. */
const REDIS_SERVER = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();

interface StoreUnderTest {
  name: string;
  /** Configuration that selects this store. */
  env: Record<string, string>;
  /** The hits this store holds for `key` (null: none). */
  hitsOf(t: TestApp, key: string): Promise<number | null>;
}

const postgres: StoreUnderTest = {
  name: 'PostgreSQL',
  env: {},
  async hitsOf(t, key) {
    const rows = await t.db.query(`SELECT hits FROM rate_limits WHERE key = $1`, [key]);
    return rows.length ? Number(rows[0].hits) : null;
  },
};

const prefix = `vidyalaya-test:${randomUUID()}:`;
type RedisClient = ReturnType<typeof createClient>;
let redisClient: RedisClient | undefined;
const redisClientFor = async (): Promise<RedisClient> => {
  if (!redisClient) {
    redisClient = createClient({ url: TEST_REDIS_URL });
    redisClient.on('error', () => undefined);
    await redisClient.connect();
  }
  return redisClient;
};
const redis: StoreUnderTest = {
  name: 'Redis',
  env: { REDIS_URL: TEST_REDIS_URL ?? '', REDIS_KEY_PREFIX: prefix },
  async hitsOf(_t, key) {
    const hits = await (await redisClientFor()).hGet(`${prefix}rate-limit:${key}`, 'hits');
    return hits === null ? null : Number(hits);
  },
};

afterAll(async () => {
  if (!redisClient) return;
  const keys: string[] = [];
  for await (const batch of redisClient.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) keys.push(...batch);
  if (keys.length) await redisClient.del(keys);
  redisClient.destroy();
});

/** The limits as the existing account and contact tests prove them on PostgreSQL, run on `store`. */
function sameLimits(store: StoreUnderTest): void {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness(store.env);
  });
  afterAll(() => h.close());

  const wrongLogin = (username: string, ip = fakeIp()) =>
    clientAt(h.t, ip)('POST', '/auth/login', { body: { username, password: 'Wrong-Password-9' } });

  it('login: the 11th attempt at one account in a minute answers 429 with Retry-After; a minute later it is allowed again', async () => {
    const name = `u${uniq()}`;
    for (let i = 0; i < 10; i++) expect((await wrongLogin(name)).status).toBe(401);
    const limited = await wrongLogin(name);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: 'RATE_LIMITED', message: ERROR_CODES.RATE_LIMITED.message });
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await store.hitsOf(h.t, `login:user:${name}`)).toBe(11);

    h.t.clock.advance(61_000);
    expect((await wrongLogin(name)).status).toBe(401);
    expect(await store.hitsOf(h.t, `login:user:${name}`)).toBe(1);
  });

  it('login: the 31st attempt from one address in a minute answers 429, whatever the username', async () => {
    const ip = fakeIp();
    for (let i = 0; i < 30; i++) expect((await wrongLogin(`u${uniq()}`, ip)).status).toBe(401);
    const limited = await wrongLogin(`u${uniq()}`, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('resend-otp: one code a minute and 5 resends an hour, 429 with Retry-After otherwise', async () => {
    const acc = newAccount();
    const call = clientAt(h.t);
    await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    const resend = () => call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } });

    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.code).toBe('RATE_LIMITED');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    for (let i = 1; i <= 5; i++) {
      h.t.clock.advance(61_000);
      const { res } = await codeSentBy(h.sink, acc.email, resend);
      expect(res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.otpSent });
    }
    h.t.clock.advance(61_000);
    const sixth = await resend();
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60);
    h.t.clock.advanceMinutes(60);
    await codeSentBy(h.sink, acc.email, resend);
  });

  it('contact: the sixth message from one address in 10 minutes answers 429 with Retry-After; 10 minutes later it is accepted', async () => {
    const call = clientAt(h.t);
    const message = () => ({ name: 'Anita Verma', email: `anita.${uniq()}@example.in`, school: 'Sunrise Academy', message: 'Tell me more.' });
    for (let i = 0; i < 5; i++) expect((await call('POST', '/contact', { body: message() })).status).toBe(201);
    const limited = await call('POST', '/contact', { body: message() });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    h.t.clock.advanceMinutes(11);
    expect((await call('POST', '/contact', { body: message() })).status).toBe(201);
  });

  it('reset: a code the mail server refused is given back (retry at once), and reset(key) forgets a counter', async () => {
    const acc = newAccount();
    const call = clientAt(h.t);
    await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    h.t.clock.advance(61_000);
    h.sink.refuse = true;
    let refused;
    try {
      refused = await call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } });
    } finally {
      h.sink.refuse = false;
    }
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('MAIL_UNAVAILABLE');
    await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } }));

    const name = `u${uniq()}`;
    for (let i = 0; i < 10; i++) await wrongLogin(name);
    expect((await wrongLogin(name)).status).toBe(429);
    await h.t.app.get(RateLimitService).reset(`login:user:${name}`);
    expect(await store.hitsOf(h.t, `login:user:${name}`)).toBeNull();
    expect((await wrongLogin(name)).status).toBe(401);
  });

  it('two app instances on the same store share the counters (replicas behind a load balancer)', async () => {
    const a = await startTestApp({ TRUST_PROXY: '1', ...store.env });
    const b = await startTestApp({ TRUST_PROXY: '1', ...store.env });
    try {
      const name = `u${uniq()}`;
      const login = (t: TestApp) => clientAt(t)('POST', '/auth/login', { body: { username: name, password: 'Wrong-Password-9' } });
      for (let i = 0; i < 10; i++) expect((await login(i % 2 ? b : a)).status).toBe(401);
      expect((await login(a)).status).toBe(429);
      expect((await login(b)).status).toBe(429);
      a.clock.advance(61_000);
      b.clock.advance(61_000);
      expect((await login(b)).status).toBe(401);
      expect((await login(a)).status).toBe(401);
      expect(await store.hitsOf(a, `login:user:${name}`)).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
}

describe('DECISIONS "Scale and state": rate-limit counters in PostgreSQL (REDIS_URL unset)', () => {
  sameLimits(postgres);
});

(TEST_REDIS_URL ? describe : describe.skip)(
  `DECISIONS "Scale and state": rate-limit counters in Redis (REDIS_URL set)${TEST_REDIS_URL ? '' : ` — ${REDIS_SKIPPED}`}`,
  () => {
    sameLimits(redis);

    it('nothing is written to the rate_limits table; each counter is one Redis key that expires a little after its window', async () => {
      const t = await startTestApp({ TRUST_PROXY: '1', ...redis.env });
      try {
        const name = `u${uniq()}`;
        const ip = fakeIp();
        expect((await clientAt(t, ip)('POST', '/auth/login', { body: { username: name, password: 'Wrong-Password-9' } })).status).toBe(401);
        expect(await t.db.query(`SELECT key FROM rate_limits WHERE key IN ($1, $2)`, [`login:user:${name}`, `login:ip:${ip}`])).toEqual([]);
        expect(await postgres.hitsOf(t, `login:user:${name}`)).toBeNull();
        expect(await redis.hitsOf(t, `login:user:${name}`)).toBe(1);
        expect(await redis.hitsOf(t, `login:ip:${ip}`)).toBe(1);
        const ttl = await (await redisClientFor()).pTTL(`${prefix}rate-limit:login:user:${name}`);
        expect(ttl).toBeGreaterThan(60_000);
        expect(ttl).toBeLessThanOrEqual(65_000);
      } finally {
        await t.close();
      }
    });

    it('a Redis that cannot be reached: rate-limited calls answer the 503 envelope at once, with no stack or secret in the answer or the log', async () => {
      const port = await freePort(); // nothing listens there
      const logLines: string[] = [];
      // The start is compared with an app started without Redis just before (a busy machine slows
      // both alike): waiting on the connection would add at least its 2 s timeout.
      const controlStarted = Date.now();
      await (await startTestApp({ TRUST_PROXY: '1' })).close();
      const control = Date.now() - controlStarted;
      const started = Date.now();
      const t = await startTestApp({ TRUST_PROXY: '1', REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${port}/0`, REDIS_KEY_PREFIX: prefix }, { logLines });
      // Inside the try: a failed check still closes the app (its Redis client retries for ever, which
      // kept Jest from exiting after the run).
      try {
        expect(Date.now() - started).toBeLessThan(control + 2000);
        for (const [path, body] of [
          ['/auth/login', { username: `u${uniq()}`, password: 'Wrong-Password-9' }],
          ['/contact', { name: 'Anita', email: 'anita@example.in', school: 'Sunrise', message: 'Hello' }],
        ] as const) {
          const before = Date.now();
          const res = await clientAt(t)('POST', path, { body });
          // Under the store's 2 s command timeout: the call did not wait on the unreachable Redis.
          expect(Date.now() - before).toBeLessThan(2000);
          expect(res.status).toBe(503);
          expect(res.body).toEqual({
            success: false,
            message: ERROR_CODES.DATABASE_UNAVAILABLE.message,
            error: { code: 'DATABASE_UNAVAILABLE', message: ERROR_CODES.DATABASE_UNAVAILABLE.message, requestId: expect.any(String) },
          });
          expect(res.headers.get('retry-after')).toBeNull();
        }
        // Calls without a rate limit are not affected.
        expect((await t.call('GET', '/health')).status).toBe(200);

        const log = logLines.join('');
        expect(log).toContain('Redis unavailable');
        const refused = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'store unavailable');
        expect(refused).toHaveLength(2);
        expect(refused[0]).toMatchObject({ level: 40, store: 'redis', reason: expect.stringMatching(/offline.*ECONNREFUSED/) });
        expect(log).not.toContain('hunter2');
        expect(log).not.toMatch(/"stack"|\\n\s+at /);
      } finally {
        const closing = Date.now();
        await t.close();
        expect(Date.now() - closing).toBeLessThan(3000);
      }
    });

    (REDIS_SERVER ? it : it.skip)(
      `Redis stops and comes back: 503 while it is down, then the same process serves again${REDIS_SERVER ? '' : ' — skipped: no redis-server binary to start a private one'}`,
      async () => {
        const server = await startPrivateRedis();
        const t = await startTestApp({ TRUST_PROXY: '1', REDIS_URL: server.url, REDIS_KEY_PREFIX: prefix });
        try {
          const name = `u${uniq()}`;
          const login = () => clientAt(t)('POST', '/auth/login', { body: { username: name, password: 'Wrong-Password-9' } });
          expect((await login()).status).toBe(401);
          await server.stop();
          const down = await login();
          expect(down.status).toBe(503);
          expect(down.body.error.code).toBe('DATABASE_UNAVAILABLE');
          await server.start();
          let back = await login();
          for (let i = 0; i < 50 && back.status === 503; i++) {
            await new Promise((r) => setTimeout(r, 100));
            back = await login();
          }
          expect(back.status).toBe(401);
        } finally {
          await t.close();
          await server.stop();
        }
      },
    );

    (REDIS_SERVER ? it : it.skip)(
      `shutting the app down closes its Redis connection${REDIS_SERVER ? '' : ' — skipped: no redis-server binary to start a private one'}`,
      async () => {
        const server = await startPrivateRedis();
        const watcher = createClient({ url: server.url });
        watcher.on('error', () => undefined);
        try {
          await watcher.connect();
          const clients = async () => (await watcher.clientList()).length;
          expect(await clients()).toBe(1);
          const t = await startTestApp({ REDIS_URL: server.url, REDIS_KEY_PREFIX: prefix });
          expect(await clients()).toBe(2);
          await t.close();
          for (let i = 0; i < 20 && (await clients()) > 1; i++) await new Promise((r) => setTimeout(r, 50));
          expect(await clients()).toBe(1);
        } finally {
          watcher.destroy();
          await server.stop();
        }
      },
    );
  },
);

/** A redis-server of this test's own on a free loopback port, without persistence; stop() and start() it at will. */
async function startPrivateRedis(): Promise<{ url: string; start(): Promise<void>; stop(): Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`)));
    });
    child = proc;
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, start, stop };
}
