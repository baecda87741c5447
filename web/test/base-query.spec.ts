import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { MESSAGES, STORAGE_KEYS } from '@vidyalaya/shared';
import { type AuthTokens, type PublicUser } from '@vidyalaya/shared/auth';
import { type CreateSchoolPayload } from '@vidyalaya/shared/schools';
import { createStore, type AppDispatch, type AppStore } from '../src/app/store';
import { dashboardApi } from '../src/features/dashboard/api/dashboard-api';
import { accountApi } from '../src/features/auth/api/auth-api';
import { setupApi } from '../src/features/setup/api/setup-api';
import { api } from '../src/lib/api/api';
import type { ApiError } from '../src/lib/api/base-query';
import { authApi } from '../src/lib/auth/auth-api';
import { logout, signedIn } from '../src/lib/auth/auth-slice';
import { tokenStore } from '../src/lib/auth/token-store';
import { setPlatform, type Platform } from '../src/lib/platform/platform';
import { schoolApi } from '../src/lib/school-state/school-api';

/*
 * Spec §8 global rules and fallback messages, and DECISIONS "refresh once on a 401, only then sign
 * out", proven on the renderer's real endpoints and store with a stubbed fetch: every call the
 * renderer makes is failed without a server message, and the error it raises is read.
 */

const F = MESSAGES.fallback;
const BASE = 'https://school.test/api/v1';
const SCHOOL_ID = '7d9f8a2e-4c1b-4f7a-9e3d-2b6c5a1f0e84';
const YEAR = '2025-26';
const PAIR: AuthTokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const ROTATED: AuthTokens = { accessToken: 'access-2', refreshToken: 'refresh-2' };
const USER: PublicUser = {
  id: '0b5e7c1d-3f2a-4e6b-8c9d-1a2b3c4d5e6f',
  username: 'principal',
  email: 'principal@example.in',
  role: 'admin',
  isEmailVerified: true,
  createdAt: '2025-10-04T05:30:00.000Z',
} as PublicUser;
const SCHOOL: CreateSchoolPayload = {
  name: 'Sunrise Public School',
  subdomain: 'sunrise',
  address: { address1: '12 Mall Road', locality: 'Civil Lines', city: 'Kanpur', state: 'Uttar Pradesh', country: 'India', pinCode: '208001' },
  level: 'mixed',
  phoneNumbers: ['+919876543210'],
} as CreateSchoolPayload;

// ---- An in-memory platform (what local storage or the keychain would hold) and a stubbed fetch.

const stored = new Map<string, string>();
let tokensClearFails = false;
const platform: Platform = {
  kind: 'web',
  tokens: {
    async get() {
      const accessToken = stored.get(STORAGE_KEYS.accessToken);
      const refreshToken = stored.get(STORAGE_KEYS.refreshToken);
      return accessToken && refreshToken ? { accessToken, refreshToken } : null;
    },
    async set(t) {
      stored.set(STORAGE_KEYS.accessToken, t.accessToken);
      stored.set(STORAGE_KEYS.refreshToken, t.refreshToken);
    },
    async clear() {
      if (tokensClearFails) throw new Error('The keychain is locked');
      stored.delete(STORAGE_KEYS.accessToken);
      stored.delete(STORAGE_KEYS.refreshToken);
    },
  },
  openExternal: async () => undefined,
  apiBaseUrl: async () => BASE,
  appDomain: async () => 'school.test',
  storage: {
    get: (k) => stored.get(k) ?? null,
    set: (k, v) => void stored.set(k, v),
    remove: (k) => void stored.delete(k),
  },
};

type Sent = { method: string; path: string; authorization: string | null; body: unknown };
type Server = (req: Sent) => Response | Promise<Response>;
let server: Server;
let sent: Sent[];
const realFetch = globalThis.fetch;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, data });
/** Lets the session-ended handler (an async sign-out) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(() => {
  setPlatform(platform);
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const req: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace('/api/v1', '') + url.search,
      authorization: headers.authorization ?? null,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(req);
    return server(req);
  }) as typeof fetch;
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

let store: AppStore;

/** A fresh store, signed in with PAIR and with a stored school state, as a running app has. */
async function signedInStore(): Promise<AppStore> {
  tokensClearFails = false;
  stored.clear();
  stored.set(STORAGE_KEYS.school, JSON.stringify({ school: { id: SCHOOL_ID, name: 'Sunrise' }, academicYear: YEAR }));
  store = createStore();
  await store.dispatch(signedIn({ tokens: PAIR, user: USER }));
  sent = [];
  return store;
}

beforeEach(async () => {
  await settle();
  await signedInStore();
});

// Drops the cached answers and their clean-up timers, so nothing outlives the test.
afterEach(() => {
  store.dispatch(api.util.resetApiState());
});

// ---- Every renderer call of spec §7 with the fallback spec §8 gives it.

type Call = { call: string; fallback: string; run: (dispatch: AppDispatch) => PromiseLike<object> };
const query = { subscribe: false, forceRefetch: true } as const;

const CALLS: Call[] = [
  { call: 'POST /auth/register', fallback: F.register, run: (d) => d(accountApi.endpoints.register.initiate({ username: 'ravi_k', email: 'ravi@example.in', password: 'Kanpur#42' })) },
  { call: 'POST /auth/resend-otp', fallback: F.resendOtp, run: (d) => d(accountApi.endpoints.resendOtp.initiate({ username: 'ravi_k', purpose: 'registration' })) },
  { call: 'POST /auth/verify-otp/registration', fallback: F.verifyOtp, run: (d) => d(accountApi.endpoints.verifyRegistration.initiate({ username: 'ravi_k', otp: '123456' })) },
  { call: 'POST /auth/login', fallback: F.login, run: (d) => d(accountApi.endpoints.login.initiate({ username: 'ravi_k', password: 'Kanpur#42' })) },
  { call: 'POST /auth/forgot-password', fallback: F.forgotPassword, run: (d) => d(accountApi.endpoints.forgotPassword.initiate({ username: 'ravi_k' })) },
  { call: 'POST /auth/verify-otp/password-reset', fallback: F.verifyOtp, run: (d) => d(accountApi.endpoints.verifyPasswordReset.initiate({ username: 'ravi_k', otp: '123456' })) },
  { call: 'POST /auth/reset-password', fallback: F.resetPassword, run: (d) => d(accountApi.endpoints.resetPassword.initiate({ resetToken: 'reset-token', newPassword: 'Ganga#River9' })) },
  { call: 'GET /auth/me', fallback: F.fetchUser, run: (d) => d(authApi.endpoints.me.initiate(undefined, query)) },
  { call: 'GET /auth/my-school', fallback: F.fetchSchool, run: (d) => d(schoolApi.endpoints.mySchool.initiate(undefined, query)) },
  { call: 'GET /auth/my-school-detailed', fallback: F.fetchSchoolDetailed, run: (d) => d(schoolApi.endpoints.mySchoolDetailed.initiate(undefined, query)) },
  { call: 'POST /auth/logout', fallback: F.logout, run: (d) => d(authApi.endpoints.logout.initiate({ refreshToken: PAIR.refreshToken })) },
  { call: 'POST /school/create', fallback: F.createSchool, run: (d) => d(setupApi.endpoints.createSchool.initiate(SCHOOL)) },
  { call: `PATCH /school/${SCHOOL_ID}`, fallback: F.createSchool, run: (d) => d(setupApi.endpoints.updateSchool.initiate({ id: SCHOOL_ID, body: SCHOOL })) },
  { call: `PATCH /school/${SCHOOL_ID}/plan`, fallback: F.updatePlan, run: (d) => d(dashboardApi.endpoints.updatePlan.initiate({ schoolId: SCHOOL_ID, planType: 'free_trial' })) },
  { call: 'POST /school/classes', fallback: F.addClasses, run: (d) => d(setupApi.endpoints.createClasses.initiate({ schoolId: SCHOOL_ID, academicYear: YEAR, classes: ['Class 1'] })) },
  {
    call: 'POST /school/sections',
    fallback: F.addSections,
    run: (d) => d(setupApi.endpoints.createSections.initiate({ schoolId: SCHOOL_ID, academicYear: YEAR, sections: [{ className: 'Class 1', sectionNames: ['A'] }] })),
  },
  {
    call: `GET /school/classes-sections/${SCHOOL_ID}?academicYear=${YEAR}`,
    fallback: F.fetchClassesSections,
    run: (d) => d(setupApi.endpoints.classesSections.initiate({ schoolId: SCHOOL_ID, academicYear: YEAR }, query)),
  },
  {
    call: `GET /school/subjects?schoolId=${SCHOOL_ID}&academicYear=${YEAR}`,
    fallback: F.fetchSubjects,
    run: (d) => d(dashboardApi.endpoints.schoolSubjects.initiate({ schoolId: SCHOOL_ID, academicYear: YEAR }, query)),
  },
  { call: 'GET /school/subjects/global', fallback: F.fetchGlobalSubjects, run: (d) => d(setupApi.endpoints.globalSubjects.initiate(undefined, query)) },
  {
    call: 'POST /school/subjects',
    fallback: F.createClassSubjects,
    run: (d) => d(setupApi.endpoints.createClassSubjects.initiate({ schoolId: SCHOOL_ID, academicYear: YEAR, classSubjects: [{ className: 'Class 1', subjectNames: ['English'] }] })),
  },
];

/** Runs one call and gives what it raised (or null when it succeeded). */
async function errorOf(call: Call): Promise<ApiError | null> {
  const result = (await call.run(store.dispatch)) as { error?: ApiError };
  return result.error ?? null;
}

/** Failed answers that carry no server message. */
const NO_MESSAGE: [string, Server][] = [
  ['a 500 whose body is not the envelope', () => new Response('<html><body>Internal Server Error</body></html>', { status: 500, headers: { 'content-type': 'text/html' } })],
  ['a 502 with an empty body', () => new Response(null, { status: 502 })],
  ['a 200 envelope with success false and no error', () => json(200, { success: false })],
  ['a 422 envelope whose error has a code but no message', () => json(422, { success: false, error: { code: 'PLAN_COMING_SOON' } })],
  ['a 400 envelope whose message is blank', () => json(400, { success: false, error: { message: '   ', code: 'VALIDATION_FAILED' } })],
  [
    'no answer at all (the server cannot be reached)',
    () => {
      throw new TypeError('fetch failed');
    },
  ],
];

describe('spec §8 fallback messages: a failed call with no server message raises its fallback', () => {
  it('the table names every renderer call of spec §7 and, with the refresh, all 19 fallbacks', () => {
    const raised = new Set([...CALLS.map((c) => c.fallback), F.refreshToken]);
    expect([...raised].sort()).toEqual(Object.values(F).sort());
    expect(Object.values(F)).toHaveLength(19);
  });

  describe.each(NO_MESSAGE)('%s', (_answer, answer) => {
    it.each(CALLS.map((c) => [c.call, c.fallback, c] as const))('%s raises %j', async (callName, fallback, call) => {
      server = answer;
      const error = await errorOf(call);
      expect(error).toMatchObject({ message: fallback });
      expect(error?.serverMessage).toBeUndefined();
      // It is that call that failed, exactly once (no refresh: none of these answers is a 401).
      expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([callName]);
    });
  });

  it.each(CALLS.map((c) => [c.call, c] as const))("%s raises the server's error.message when there is one", async (_name, call) => {
    server = () => json(409, { success: false, error: { message: 'The server says why', code: 'CONFLICT' } });
    expect(await errorOf(call)).toMatchObject({ status: 409, code: 'CONFLICT', message: 'The server says why', serverMessage: 'The server says why' });
  });

  it('a call that needs the session carries the access token as a bearer', async () => {
    server = () => ok({ subjects: [], classes: [] });
    expect(await errorOf(CALLS.find((c) => c.call.startsWith('GET /school/subjects?'))!)).toBeNull();
    expect(sent[0]!.authorization).toBe(`Bearer ${PAIR.accessToken}`);
  });
});

describe('DECISIONS: a 401 is refreshed once, and only then the user is signed out', () => {
  const subjects = CALLS.find((c) => c.call.startsWith('GET /school/subjects?'))!;
  // A mutation hands back what it raised even when the sign-out has already reset the cached data.
  const plan = CALLS.find((c) => c.call.endsWith('/plan'))!;
  const refused = () => json(401, { success: false, error: { message: 'Your session has expired', code: 'UNAUTHORIZED' } });

  it('refreshes the pair and retries the request with the rotated access token', async () => {
    server = (req) => {
      if (req.path === '/auth/refresh-token') return ok(ROTATED);
      return req.authorization === `Bearer ${ROTATED.accessToken}` ? ok({ subjects: [{ id: 's1', name: 'English' }], classes: [] }) : refused();
    };
    expect(await errorOf(subjects)).toBeNull();
    expect(sent.map((r) => [r.method, r.path.split('?')[0], r.authorization])).toEqual([
      ['GET', '/school/subjects', `Bearer ${PAIR.accessToken}`],
      ['POST', '/auth/refresh-token', null],
      ['GET', '/school/subjects', `Bearer ${ROTATED.accessToken}`],
    ]);
    expect(sent[1]!.body).toEqual({ refreshToken: PAIR.refreshToken });
    expect(await platform.tokens.get()).toEqual(ROTATED);
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it('refreshes only once: a retried request refused again fails with its own answer', async () => {
    server = (req) => (req.path === '/auth/refresh-token' ? ok(ROTATED) : refused());
    expect(await errorOf(subjects)).toMatchObject({ status: 401, message: 'Your session has expired' });
    expect(sent.filter((r) => r.path === '/auth/refresh-token')).toHaveLength(1);
    expect(sent).toHaveLength(3);
  });

  it('concurrent 401s wait for one refresh', async () => {
    server = (req) => {
      if (req.path === '/auth/refresh-token') return ok(ROTATED);
      return req.authorization === `Bearer ${ROTATED.accessToken}` ? ok({ user: USER, subjects: [], classes: [] }) : refused();
    };
    const me = CALLS.find((c) => c.call === 'GET /auth/me')!;
    const results = await Promise.all([errorOf(subjects), errorOf(me)]);
    expect(results).toEqual([null, null]);
    expect(sent.filter((r) => r.path === '/auth/refresh-token')).toHaveLength(1);
  });

  describe.each<[string, Server]>([
    ['a 401 envelope with no message', () => json(401, { success: false, error: { code: 'REFRESH_TOKEN_INVALID' } })],
    ['a 500 whose body is not the envelope', () => new Response('Bad gateway', { status: 500 })],
    ['a 200 envelope with success false', () => json(200, { success: false })],
    [
      'no answer at all',
      () => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('when the refresh fails with %s', (_answer, refreshAnswer) => {
    it("the request fails with 'Token refresh failed' and the user is signed out", async () => {
      server = (req) => (req.path === '/auth/refresh-token' ? refreshAnswer(req) : refused());
      const error = await errorOf(plan);
      expect(error?.message).toBe(MESSAGES.fallback.refreshToken);
      expect(error?.message).toBe('Token refresh failed');
      // The original request is not retried: one call, one refresh.
      expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([plan.call, 'POST /auth/refresh-token']);
      await settle();
      expect(store.getState().auth).toEqual({ status: 'unauthenticated', user: null });
      expect(await platform.tokens.get()).toBeNull();
      expect(await tokenStore.get()).toBeNull();
      expect(stored.has(STORAGE_KEYS.school)).toBe(false);
    });
  });

  it("a refresh refused with the server's message raises that message, and still signs out", async () => {
    server = (req) =>
      req.path === '/auth/refresh-token'
        ? json(401, { success: false, error: { message: 'This session has ended. Please sign in again.', code: 'REFRESH_TOKEN_INVALID' } })
        : refused();
    expect(await errorOf(plan)).toMatchObject({ status: 401, code: 'REFRESH_TOKEN_INVALID', message: 'This session has ended. Please sign in again.' });
    await settle();
    expect(store.getState().auth.status).toBe('unauthenticated');
    expect(await platform.tokens.get()).toBeNull();
  });

  it('a call that answers its own 401 (login, reset and the like) is not refreshed and signs nobody out', async () => {
    server = () => json(401, { success: false, error: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' } });
    expect(await errorOf(CALLS.find((c) => c.call === 'POST /auth/login')!)).toMatchObject({ message: 'Invalid username or password' });
    expect(sent).toHaveLength(1);
    await settle();
    expect(store.getState().auth.status).toBe('authenticated');
    expect(await platform.tokens.get()).toEqual(PAIR);
  });
});

describe('spec §4 Logout', () => {
  it('a failed logout call is only logged: the tokens, the user and the school state still go', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server = () => new Response('Service Unavailable', { status: 503 });
    await store.dispatch(logout()).unwrap();
    expect(sent.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/auth/logout', { refreshToken: PAIR.refreshToken }]]);
    expect(warn).toHaveBeenCalledWith('Logout call failed', expect.objectContaining({ message: MESSAGES.fallback.logout }));
    warn.mockRestore();
    expect(store.getState().auth).toEqual({ status: 'unauthenticated', user: null });
    expect(await platform.tokens.get()).toBeNull();
    expect(stored.has(STORAGE_KEYS.school)).toBe(false);
  });

  it("when the tokens cannot be removed, logout fails (the header shows 'Logout failed') and the user stays signed in", async () => {
    server = () => ok(null);
    tokensClearFails = true;
    await expect(store.dispatch(logout()).unwrap()).rejects.toMatchObject({ message: 'The keychain is locked' });
    expect(store.getState().auth.status).toBe('authenticated');
    // Nothing is half forgotten: the next try starts from the same tokens.
    expect(await tokenStore.get()).toEqual(PAIR);
    tokensClearFails = false;
    await store.dispatch(logout()).unwrap();
    expect(store.getState().auth.status).toBe('unauthenticated');
    expect(await platform.tokens.get()).toBeNull();
  });
});
