import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STORAGE_KEYS } from '@vidyalaya/shared';
import { createStore } from '../src/app/store';
import { studentsApi } from '../src/features/students/api/students-api';
import { setPlatform, type Platform } from '../src/lib/platform/platform';

/* The students calls as the renderer sends them: query strings for the register, a multipart upload for the import. */

const BASE = 'https://school.test/api/v1';
const SCHOOL_ID = '7d9f8a2e-4c1b-4f7a-9e3d-2b6c5a1f0e84';
const stored = new Map<string, string>([
  [STORAGE_KEYS.accessToken, 'access-1'],
  [STORAGE_KEYS.refreshToken, 'refresh-1'],
]);
const platform: Platform = {
  kind: 'web',
  tokens: {
    async get() {
      return { accessToken: stored.get(STORAGE_KEYS.accessToken)!, refreshToken: stored.get(STORAGE_KEYS.refreshToken)! };
    },
    async set() {},
    async clear() {},
  },
  openExternal: async () => undefined,
  apiBaseUrl: async () => BASE,
  appDomain: async () => 'school.test',
  storage: { get: (k) => stored.get(k) ?? null, set: (k, v) => void stored.set(k, v), remove: (k) => void stored.delete(k) },
};

type Sent = { method: string; url: URL; headers: Record<string, string>; body: unknown };
const sent: Sent[] = [];
const realFetch = globalThis.fetch;
let answer: unknown = {};

beforeAll(() => {
  setPlatform(platform);
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', url: new URL(String(input)), headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body });
    return new Response(JSON.stringify({ success: true, data: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('students API', () => {
  it('sends the register’s search, filters and paging as the query string', async () => {
    const store = createStore();
    answer = { items: [], total: 0, page: 2, pageSize: 25, activeCount: 0, maxStudents: 100 };
    await store.dispatch(studentsApi.endpoints.students.initiate({ schoolId: SCHOOL_ID, search: '98765', status: 'left', page: 2, pageSize: 25 }));
    const req = sent.at(-1)!;
    expect(req.url.pathname).toBe(`/api/v1/schools/${SCHOOL_ID}/students`);
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ search: '98765', status: 'left', page: '2', pageSize: '25' });
    expect(req.headers.authorization).toBe('Bearer access-1');
  });

  it('uploads the import file as multipart (no JSON content type) with dryRun in the query', async () => {
    const store = createStore();
    answer = { rows: 1, valid: 1, invalid: 0, errors: [], created: 0 };
    const file = new File(['admissionNumber,firstName\n'], 'students.csv', { type: 'text/csv' });
    const res = await store.dispatch(studentsApi.endpoints.importStudents.initiate({ schoolId: SCHOOL_ID, file, dryRun: true }));
    expect('data' in res && res.data).toEqual(answer);
    const req = sent.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe(`/api/v1/schools/${SCHOOL_ID}/students/import`);
    expect(req.url.searchParams.get('dryRun')).toBe('true');
    expect(req.headers['content-type']).toBeUndefined();
    expect(req.body).toBeInstanceOf(FormData);
    expect(((req.body as FormData).get('file') as File).name).toBe('students.csv');
  });
});
