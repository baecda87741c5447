import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { signAccessToken } from '../../src/common/auth/access-tokens';
import { createLogger } from '../../src/common/logger';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { FakeClock } from './clock';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  clock: FakeClock;
  baseUrl: string;
  db: DataSource;
  /** Calls the API under /api/v1 over real HTTP. */
  call<T = any>(method: string, path: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string }): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** Which database this test file runs on: 'embedded' or 'postgres' (see jest.config.js). */
export const dbKind = (): string => process.env.TEST_DB_KIND ?? 'embedded';

/** A short unique suffix, so test files sharing one database never collide. */
export const uniq = (): string => randomUUID().replace(/-/g, '').slice(0, 10);

/**
 * Starts the real app (the same createApp as main.ts) on this file's test database, listening on
 * a free loopback port. `env` overrides configuration (e.g. SMTP_URL of a SmtpSink); with
 * `logLines`, the app's JSON log lines (level info and up) are collected there instead of printed.
 */
export async function startTestApp(env: Record<string, string | undefined> = {}, opts: { logLines?: string[] } = {}): Promise<TestApp> {
  const url = process.env.TEST_DB_URL;
  if (!url) throw new Error('TEST_DB_URL is not set: run integration tests through jest.config.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'vidyalaya-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logLines ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    DATABASE_POOL_SIZE: '4',
    ...env,
  });
  const clock = new FakeClock();
  const lines = opts.logLines;
  const logger = lines ? createLogger(config.logLevel, { write: (line: string) => void lines.push(line) }) : createLogger(config.logLevel);
  const app = await createApp({ config, databaseUrl: url, logger, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    clock,
    baseUrl,
    db: app.get(DataSource),
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.rawBody !== undefined) {
        body = opts.rawBody;
        headers['content-type'] ??= 'application/json';
      } else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      const res = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, body: parsed as any };
    },
    async close() {
      await app.close();
    },
  };
}

/**
 * Inserts a verified user directly and returns an access token for them: for tests of other
 * areas that need a signed-in administrator or staff member without walking the sign-up flow.
 */
export async function createUserWithToken(
  t: TestApp,
  role: 'admin' | 'staff' = 'admin',
): Promise<{ id: string; username: string; email: string; token: string }> {
  const username = `u${uniq()}`;
  const email = `${username}@example.test`;
  const [row] = await t.db.query(
    `INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ($1, $2, 'x', $3, true) RETURNING id`,
    [username, email, role],
  );
  const token = signAccessToken({ id: row.id, username, role }, t.config.jwtSecret, t.clock.now());
  return { id: row.id, username, email, token };
}
