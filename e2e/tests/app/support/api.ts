import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readOtp } from './mail';

export const API = '/api/v1';
export const PASSWORD = 'Kanpur#School42';

export type TestUser = { username: string; email: string; password: string };
export type Tokens = { accessToken: string; refreshToken: string };

let counter = 0;
/** A fresh username (≤ 30 characters) and address for one test. */
export function newUser(prefix = 'u'): TestUser {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const username = `${prefix}_${id}`.slice(0, 30);
  return { username, email: `${username}@example.in`, password: PASSWORD };
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await request.fetch(`${API}${path}`, {
    method,
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
  });
  const json = (await res.json()) as { success: boolean; data: T; error?: { message: string } };
  expect(json.success, `${method} ${path}: ${res.status()} ${json.error?.message ?? ''}`).toBe(true);
  return json.data;
}

/** Registers and verifies an account through the API (the code read from its e-mail). */
export async function verifiedUser(request: APIRequestContext, prefix = 'u'): Promise<TestUser> {
  const user = newUser(prefix);
  const since = Date.now();
  await call(request, 'POST', '/auth/register', { username: user.username, email: user.email, password: user.password });
  const otp = await readOtp(user.email, { since });
  await call(request, 'POST', '/auth/verify-otp/registration', { username: user.username, otp });
  return user;
}

export async function loginApi(request: APIRequestContext, user: Pick<TestUser, 'username' | 'password'>): Promise<Tokens & { user: { id: string } }> {
  return call(request, 'POST', '/auth/login', { username: user.username, password: user.password });
}

/**
 * Puts the tokens where the web build keeps them (spec §9 storage keys), before the app starts:
 * from a same-origin address that runs no app code, so no half-started app sees them.
 */
export async function signInWithTokens(page: Page, tokens: Tokens): Promise<void> {
  await page.goto(`${API}/health`);
  await page.evaluate((t) => {
    localStorage.setItem('vidyalaya_access_token', t.accessToken);
    localStorage.setItem('vidyalaya_refresh_token', t.refreshToken);
  }, tokens);
}

export type SchoolSeed = { id: string; subdomain: string; name: string };

let schools = 0;
export function schoolPayload(overrides: Record<string, unknown> = {}) {
  const suffix = `${Date.now().toString(36)}${(schools++).toString(36)}`;
  return {
    name: `Sunrise Public School ${suffix}`,
    subdomain: `sunrise-${suffix}`,
    address: { address1: '12 Mall Road', locality: 'Civil Lines', city: 'Kanpur', state: 'Uttar Pradesh', country: 'India', pinCode: '208001' },
    level: 'mixed',
    board: 'CBSE',
    phoneNumbers: ['+919876543210'],
    ...overrides,
  };
}

export async function createSchoolApi(request: APIRequestContext, token: string, overrides: Record<string, unknown> = {}): Promise<SchoolSeed> {
  const { school } = await call<{ school: SchoolSeed }>(request, 'POST', '/school/create', schoolPayload(overrides), token);
  return school;
}

export async function createClassesApi(request: APIRequestContext, token: string, schoolId: string, academicYear: string, classes: string[]) {
  await call(request, 'POST', '/school/classes', { schoolId, academicYear, classes }, token);
}

export async function createSectionsApi(request: APIRequestContext, token: string, schoolId: string, academicYear: string, sections: { className: string; sectionNames: string[] }[]) {
  await call(request, 'POST', '/school/sections', { schoolId, academicYear, sections }, token);
}

export async function createSubjectsApi(request: APIRequestContext, token: string, schoolId: string, academicYear: string, classSubjects: { className: string; subjectNames: string[] }[]) {
  await call(request, 'POST', '/school/subjects', { schoolId, academicYear, classSubjects }, token);
}

/**
 * A provider staff account's token. The account is made the only way there is, the command-line tool
 * (DECISIONS), once per run (each call would start the back end's CLI again); each worker signs it in
 * and reuses the token for a few minutes, well inside its lifetime and the per-account sign-in limit.
 */
let staffSession: { token: string; at: number } | null = null;
export async function staffToken(request: APIRequestContext): Promise<string> {
  if (staffSession && Date.now() - staffSession.at < 4 * 60_000) return staffSession.token;
  const staff = await oncePerRun('provider-staff', async () => {
    const user = newUser('staff');
    const root = join(__dirname, '..', '..', '..', '..');
    execFileSync(process.execPath, [join(root, 'backend', 'dist', 'cli', 'staff-create.js'), '--username', user.username, '--email', user.email], {
      input: `${user.password}\n`, // the password on stdin, never on the command line
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
      stdio: 'pipe',
    });
    return user;
  });
  const { accessToken } = await loginApi(request, staff);
  staffSession = { token: accessToken, at: Date.now() };
  return accessToken;
}

export async function approveSchool(request: APIRequestContext, staff: string, schoolId: string): Promise<void> {
  await call(request, 'POST', `/admin/schools/${schoolId}/approve`, {}, staff);
}

export async function rejectSchool(request: APIRequestContext, staff: string, schoolId: string, reason: string): Promise<void> {
  await call(request, 'POST', `/admin/schools/${schoolId}/reject`, { reason }, staff);
}

/** The academic year the setup steps start with: the Indian school year, April to March, in IST (DECISIONS). */
/**
 * Three school days for a test's exam papers: Monday to Wednesday of the first week that starts on
 * or after 14 September of `year` (a fixed 14–16 September falls on a Sunday in some years, and the
 * date sheet refuses a day the school is closed). Dates as on the wire, `YYYY-MM-DD`.
 */
export function examDays(year: number | string): [string, string, string] {
  const start = new Date(Date.UTC(Number(year), 8, 14));
  start.setUTCDate(14 + ((8 - start.getUTCDay()) % 7));
  const day = (n: number) => new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  return [day(0), day(1), day(2)];
}

/** `YYYY-MM-DD` as the screens show it, DD/MM/YYYY. */
export function shownDate(iso: string): string {
  return iso.split('-').reverse().join('/');
}

export function defaultAcademicYear(now = new Date()): string {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * The accounts a test file sets up, made once per run: a worker restarted after a failure reuses
 * them instead of signing up again (the server limits sign-ups per address). Kept in the run's
 * data directory, so every run starts afresh.
 */
export async function oncePerRun<T>(key: string, create: () => Promise<T>): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  const file = dir ? join(dir, `e2e-app-${key}.json`) : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const value = await create();
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(value));
  }
  return value;
}
