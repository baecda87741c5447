import { afterAll, beforeAll } from '@jest/globals';
import { STORAGE_KEYS } from '@vidyalaya/shared';
import { setPlatform, type Platform } from '../../src/lib/platform/platform';

export const BASE = 'https://school.test/api/v1';
export const SCHOOL_ID = '7d9f8a2e-4c1b-4f7a-9e3d-2b6c5a1f0e84';

export type Sent = { method: string; url: URL; headers: Record<string, string>; body: unknown };

/**
 * The renderer's API calls without a server: a signed-in web platform held in memory, and a fetch
 * that records every request (`sent`) and answers `answer` in the API's success envelope. Call it at
 * the top of a test file: it installs both before the file's tests and puts fetch back after them.
 */
export function stubApi(): { sent: Sent[]; answer: unknown } {
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
  const api = { sent: [] as Sent[], answer: {} as unknown };
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    setPlatform(platform);
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      api.sent.push({ method: init?.method ?? 'GET', url: new URL(String(input)), headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body });
      return new Response(JSON.stringify({ success: true, data: api.answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
  return api;
}
