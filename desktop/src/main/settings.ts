/**
 * The desktop app's settings: which Vidyalaya server it talks to and the host school portals live
 * under. Asked for on first start, checked against the server's /api/v1/health before being kept,
 * stored with electron-store (index.ts passes it in; any key-value store works here).
 */
import { API_BASE_PATH, DESKTOP_MESSAGES, type DesktopSettings, type ServerCheckResult } from '@vidyalaya/shared';
import { z } from 'zod';

const M = DESKTOP_MESSAGES;

/** The part of electron-store this module uses. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** A store in memory (tests, and the browser tests' stand-in for electron-store). */
export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  };
}

type Normalized<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * What the user typed → the server's origin. A missing scheme means https. Only http(s), no
 * credentials, and nothing after the host and port (the API lives at {origin}/api/v1).
 */
export function normalizeServerUrl(input: unknown): Normalized<string> {
  const text = typeof input === 'string' ? input.trim() : '';
  if (!text) return { ok: false, message: M.serverUrlRequired };
  if (/[\u0000-\u0020\u007f]/.test(text)) return { ok: false, message: M.serverUrlInvalid };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return { ok: false, message: M.serverUrlInvalid };
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return { ok: false, message: M.serverUrlInvalid };
  if (u.username || u.password) return { ok: false, message: M.serverUrlCredentials };
  if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || /[?#]/.test(text)) {
    return { ok: false, message: M.serverUrlOriginOnly };
  }
  // The app's page is a secure context (app:// is registered secure): it may not call a plain-http
  // server on the network (mixed content), and tokens must not cross a network unencrypted anyway.
  if (u.protocol === 'http:' && !isLoopback(u.hostname)) return { ok: false, message: M.serverUrlHttps };
  return { ok: true, value: u.origin };
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: this computer. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '[::1]';
}

const APP_DOMAIN_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** The portal domain: as typed (a host with an optional port), or the server's host when empty. */
export function normalizeAppDomain(input: unknown, serverUrl: string): Normalized<string> {
  const text = typeof input === 'string' ? input.trim().toLowerCase() : '';
  if (!text) return { ok: true, value: new URL(serverUrl).host };
  return APP_DOMAIN_PATTERN.test(text) && !text.startsWith('.') && !text.includes('..')
    ? { ok: true, value: text }
    : { ok: false, message: M.appDomainInvalid };
}

export type FetchLike = (url: string, init: { method: 'GET'; redirect: 'error'; signal: AbortSignal; headers: Record<string, string> }) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

const healthBody = z.object({
  success: z.boolean(),
  data: z.object({ status: z.string(), database: z.string() }).partial().optional(),
  error: z.object({ code: z.string() }).partial().optional(),
});

/**
 * Is there a Vidyalaya server at this address? Runs in the main process (the renderer's CSP only
 * lets it reach the configured server). 200 with {success:true,data:{status:'ok'}} is a yes; a 503
 * from the same API means its database is down; anything else is not a Vidyalaya server.
 */
export async function checkServer(
  input: { serverUrl: string; appDomain?: string },
  opts: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<ServerCheckResult> {
  const server = normalizeServerUrl(input.serverUrl);
  if (!server.ok) return { ok: false, field: 'serverUrl', message: server.message };
  const domain = normalizeAppDomain(input.appDomain, server.value);
  if (!domain.ok) return { ok: false, field: 'appDomain', message: domain.message };
  const doFetch = opts.fetch ?? (fetch as unknown as FetchLike);
  let status: number;
  let body: unknown;
  try {
    const res = await doFetch(`${server.value}${API_BASE_PATH}/health`, {
      method: 'GET',
      redirect: 'error',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 8000),
      headers: { accept: 'application/json' },
    });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch {
    return { ok: false, field: 'serverUrl', message: M.serverUnreachable(server.value) };
  }
  const parsed = healthBody.safeParse(body);
  if (status === 200 && parsed.success && parsed.data.success && parsed.data.data?.status === 'ok') {
    return { ok: true, settings: { serverUrl: server.value, appDomain: domain.value } };
  }
  if (status === 503 && parsed.success && !parsed.data.success) {
    return { ok: false, field: 'serverUrl', message: M.serverUnhealthy(server.value) };
  }
  return { ok: false, field: 'serverUrl', message: M.serverNotVidyalaya(server.value) };
}

const SETTINGS_KEY = 'server';

const storedSettings = z.object({ serverUrl: z.string(), appDomain: z.string() });

export interface SettingsStore {
  /** The saved settings, or null on first start (or when what is stored is not valid any more). */
  get(): DesktopSettings | null;
  save(settings: DesktopSettings): void;
  clear(): void;
}

/** Settings over a key-value store; what is read back is validated as strictly as what is saved. */
export function createSettingsStore(store: KeyValueStore): SettingsStore {
  const valid = (s: DesktopSettings): DesktopSettings | null => {
    const server = normalizeServerUrl(s.serverUrl);
    if (!server.ok || server.value !== s.serverUrl) return null;
    const domain = normalizeAppDomain(s.appDomain, server.value);
    return domain.ok && domain.value === s.appDomain ? { serverUrl: server.value, appDomain: domain.value } : null;
  };
  return {
    get() {
      const parsed = storedSettings.safeParse(store.get(SETTINGS_KEY));
      return parsed.success ? valid(parsed.data) : null;
    },
    save(settings) {
      const checked = valid(settings);
      if (!checked) throw new Error('Refusing to save invalid settings');
      store.set(SETTINGS_KEY, checked);
    },
    clear() {
      store.delete(SETTINGS_KEY);
    },
  };
}
