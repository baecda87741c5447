import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { FALLBACK_MESSAGES } from '@vidyalaya/shared';
import { type AuthTokens } from '@vidyalaya/shared/auth';
import { tokenStore } from '../auth/token-store';
import { getPlatform } from '../platform/platform';
import { takePrefetched } from './prefetched';
import { sessionEnded } from './session-ended';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | undefined>;
  /** Message shown when the server gives none (spec §8 fallback messages). */
  fallbackMessage?: string;
  /** Login, refresh and the like: a 401 there is an answer, not an expired session. */
  skipAuthRefresh?: boolean;
}

export interface ApiError {
  /** HTTP status, or 0 when the server could not be reached. */
  status: number;
  code?: string;
  message: string;
  /** The server's own message, when its answer carried one (spec §8: "server message, or the fallback"). */
  serverMessage?: string;
  details?: Record<string, string>;
}

type Envelope = { success?: boolean; data?: unknown; message?: string; error?: { message?: string; code?: string; details?: Record<string, string> } };

// Called when a refresh fails: the app signs out (set by the store). Re-exported for existing callers.
export { setSessionEndedHandler } from './session-ended';

async function send(req: ApiRequest, accessToken: string | undefined, signal?: AbortSignal) {
  const base = await getPlatform().apiBaseUrl();
  const query = req.params
    ? '?' +
      new URLSearchParams(
        Object.entries(req.params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData body (an upload) sets its own multipart content type.
  const multipart = typeof FormData !== 'undefined' && req.body instanceof FormData;
  if (req.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const url = `${base}${req.url}${query === '?' ? '' : query}`;
  // The workspace's document may have asked for this already, while the scripts loaded (./prefetched.ts).
  const early = (req.method ?? 'GET') === 'GET' && req.body === undefined ? takePrefetched(url, accessToken) : undefined;
  const res =
    (early && (await early.catch(() => undefined))) ||
    (await fetch(url, {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : multipart ? (req.body as FormData) : JSON.stringify(req.body),
      signal,
    }));
  let body: Envelope | null = null;
  try {
    body = (await res.json()) as Envelope;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** What one refresh came to: the rotated pair, or the error a request that needed it fails with. */
export type RefreshOutcome = { tokens: AuthTokens } | { error: ApiError };

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * One refresh at a time: concurrent 401s wait for the same rotation. A failed refresh ends the
 * session (once, however many requests waited for it) and gives the server's error.message, or
 * spec §8's fallback 'Token refresh failed' when it gave none.
 */
export function refreshTokens(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    const failed = (status: number, body?: Envelope | null): RefreshOutcome => {
      // After the waiting requests have failed with this error: ending the session resets the
      // cached API state, which would otherwise abort them before they could report it.
      setTimeout(sessionEnded, 0);
      const serverMessage = nonEmpty(body?.error?.message) ?? nonEmpty(body?.message);
      return { error: { status, code: body?.error?.code, message: serverMessage ?? FALLBACK_MESSAGES.refreshToken, serverMessage } };
    };
    try {
      const current = await tokenStore.get();
      if (!current) return failed(401);
      const { status, body } = await send({ url: '/auth/refresh-token', method: 'POST', body: { refreshToken: current.refreshToken } }, undefined);
      if (status >= 200 && status < 300 && body?.success) {
        const tokens = body.data as AuthTokens;
        await tokenStore.set(tokens);
        return { tokens };
      }
      return failed(status, body);
    } catch {
      return failed(0);
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

/**
 * The one base query: adds the bearer token, unwraps the envelope (`data` on success, the
 * server's error.message or the fallback on failure), and on a 401 refreshes once and retries
 * (DECISIONS). If the refresh fails the session ends, and the request fails with the refresh's
 * error: the server's message, or 'Token refresh failed'.
 */
export const baseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (req, api) => {
  const fallback = req.fallbackMessage ?? 'Something went wrong. Please try again.';
  try {
    const tokens = await tokenStore.get();
    let res = await send(req, tokens?.accessToken, api.signal);
    if (res.status === 401 && !req.skipAuthRefresh && tokens) {
      const refreshed = await refreshTokens();
      if ('error' in refreshed) return { error: refreshed.error };
      res = await send(req, refreshed.tokens.accessToken, api.signal);
    }
    const { status, body } = res;
    if (body && body.success === true) return { data: body.data ?? null, meta: { message: body.message } };
    const serverMessage = nonEmpty(body?.error?.message) ?? nonEmpty(body?.message);
    return {
      error: {
        status,
        code: body?.error?.code,
        message: serverMessage ?? fallback,
        serverMessage,
        details: body?.error?.details,
      },
    };
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    return { error: { status: 0, message: fallback } };
  }
};
