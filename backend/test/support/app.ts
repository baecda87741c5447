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
 * `logLines`, the app's JSON log lines (level info and up) are collected there instead of printed;
 * `databaseUrl` points it at another (already migrated) database.
 */
export async function startTestApp(env: Record<string, string | undefined> = {}, opts: { logLines?: string[]; databaseUrl?: string } = {}): Promise<TestApp> {
  const url = opts.databaseUrl ?? process.env.TEST_DB_URL;
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

export interface SignedIn {
  id: string;
  username: string;
  email: string;
  token: string;
}

/** A school with one signed-in member of each role (`admin` is its owner) and a signed-in outsider. */
export interface SchoolWithMembers {
  schoolId: string;
  subdomain: string;
  members: Record<'admin' | 'office' | 'accountant' | 'teacher' | 'guardian', SignedIn>;
  outsider: SignedIn;
}

/**
 * Inserts an approved school directly (its owner becomes its admin by the membership trigger) and
 * one member of every other role, each with an access token: for workspace tests that need people
 * in a school without walking onboarding and invitations.
 */
export async function createSchoolWithMembers(t: TestApp, opts: { approved?: boolean } = {}): Promise<SchoolWithMembers> {
  const admin = await createUserWithToken(t);
  const subdomain = `ws-${uniq()}`;
  const approved = opts.approved ?? true;
  const [school] = await t.db.query(
    `INSERT INTO schools (owner_id, name, subdomain, level, phone_numbers, address1, locality, city, state, country, pin_code,
                          is_active, approval_status, approved_at, trial_ends_at)
     VALUES ($1, $2, $3, 'mixed', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001',
             $4, $5, CASE WHEN $4 THEN now() END, CASE WHEN $4 THEN now() + interval '30 days' END)
     RETURNING id`,
    [admin.id, `Workspace School ${subdomain}`, subdomain, approved, approved ? 'approved' : 'pending'],
  );
  const members = { admin } as SchoolWithMembers['members'];
  for (const role of ['office', 'accountant', 'teacher', 'guardian'] as const) {
    const user = await createUserWithToken(t);
    await t.db.query(`INSERT INTO school_members (school_id, user_id, role) VALUES ($1, $2, $3)`, [school.id, user.id, role]);
    members[role] = user;
  }
  return { schoolId: school.id, subdomain, members, outsider: await createUserWithToken(t) };
}

/**
 * Admits a student through the API (`POST /schools/{id}/students`, as the school's admin) into
 * `sectionId`, with one guardian whose phone is new each time; `extra` replaces or adds fields of the
 * request. Answers the student's id.
 */
export async function admitStudent(t: TestApp, school: SchoolWithMembers, sectionId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.call('POST', `/schools/${school.schoolId}/students`, {
    token: school.members.admin.token,
    body: {
      firstName: 'Meera',
      lastName: `Iyer${uniq().slice(0, 4)}`,
      dateOfBirth: '2016-05-14',
      gender: 'female',
      sectionId,
      guardians: [{ name: 'Lakshmi Iyer', relation: 'mother', phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }],
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`admitting a student answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.student.id as string;
}
