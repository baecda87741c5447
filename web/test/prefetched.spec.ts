import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { PREFETCH_MAX_AGE_MS, takePrefetched } from '../src/lib/api/prefetched';

/**
 * Issue 37: the workspace's document asks for the first API answers itself; the base query takes
 * each once, for the same address and token, and only while it is new (src/lib/api/prefetched.ts).
 */
const answer = () => Promise.resolve(new Response('{"success":true,"data":{}}', { status: 200 }));

describe('answers the workspace document asked for', () => {
  // The renderer's tests run in Node: the global object stands in for the browser's window.
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = globalThis;
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });
  afterEach(() => {
    delete window.__vdPrefetch;
  });

  it('are taken once, for exactly their address and the same token', () => {
    const me = answer();
    window.__vdPrefetch = { token: 'tok', at: performance.now(), answers: { '/api/v1/auth/me': me, '/api/v1/me/schools': answer() } };
    expect(takePrefetched('/api/v1/auth/me?x=1', 'tok')).toBeUndefined();
    expect(takePrefetched('/api/v1/auth/me', 'other')).toBeUndefined();
    expect(takePrefetched('/api/v1/auth/me', undefined)).toBeUndefined();
    expect(takePrefetched('/api/v1/auth/me', 'tok')).toBe(me);
    expect(takePrefetched('/api/v1/auth/me', 'tok')).toBeUndefined();
  });

  it('are not used once they are older than the limit, nor when there are none', () => {
    expect(takePrefetched('/api/v1/auth/me', 'tok')).toBeUndefined();
    window.__vdPrefetch = { token: 'tok', at: performance.now() - PREFETCH_MAX_AGE_MS - 1, answers: { '/api/v1/auth/me': answer() } };
    expect(takePrefetched('/api/v1/auth/me', 'tok')).toBeUndefined();
    expect(window.__vdPrefetch.answers['/api/v1/auth/me']).toBeUndefined();
  });
});
