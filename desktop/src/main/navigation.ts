/**
 * Where the app's windows may go, as pure functions of URLs (DECISIONS "Desktop": navigation and
 * new windows are locked to the app; external links open in the system browser). window.ts wires
 * them to Electron's will-navigate / will-redirect / setWindowOpenHandler.
 */
import { MAX_URL_LENGTH } from '../ipc-channels';

export const APP_SCHEME = 'app';
export const APP_HOST = 'vidyalaya';
/** The renderer's origin. The server's CORS_ORIGINS allows it by default. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/desktop.html`;

function parse(url: unknown): URL | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_LENGTH) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True for a page of the app itself: app://vidyalaya/…, nothing else (no credentials, no port). */
export function isAppUrl(url: unknown): boolean {
  const u = parse(url);
  return !!u && u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && !u.username && !u.password;
}

/**
 * The URL to hand to the system browser, or null when it must not be opened: only http and https,
 * with a host, without a user name or password (which could disguise the real host, e.g.
 * https://bank.example@evil.example) and without control characters or spaces.
 */
export function safeExternalUrl(url: unknown): string | null {
  if (typeof url !== 'string' || /[\u0000-\u0020\u007f]/.test(url)) return null;
  const u = parse(url);
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) return null;
  if (!u.hostname || u.username || u.password) return null;
  return u.href;
}

export type NavigationDecision = { action: 'allow' } | { action: 'external'; url: string } | { action: 'deny' };

/**
 * A window navigating (a link, a redirect, location.href): the app's own pages stay in the window;
 * a web page goes to the system browser; anything else (file:, javascript:, data:, custom schemes)
 * is refused.
 */
export function decideNavigation(url: unknown): NavigationDecision {
  if (isAppUrl(url)) return { action: 'allow' };
  const external = safeExternalUrl(url);
  return external ? { action: 'external', url: external } : { action: 'deny' };
}

/**
 * A page asking for a new window (target=_blank, window.open). No window is ever created. A web
 * page opens in the system browser. A page of the app (the register form's links to /terms and
 * /privacy, which open 'in a new tab') is the same page of the server's web app, so it opens there.
 */
export function decideWindowOpen(url: unknown, serverUrl: string | null): NavigationDecision {
  if (isAppUrl(url)) {
    if (!serverUrl) return { action: 'deny' };
    const route = appRouteOf(url as string);
    const external = route === null ? null : safeExternalUrl(`${serverUrl}${route}`);
    return external ? { action: 'external', url: external } : { action: 'deny' };
  }
  const external = safeExternalUrl(url);
  return external ? { action: 'external', url: external } : { action: 'deny' };
}

/**
 * The route an app URL shows: the hash router's path ('#/terms' → '/terms'), else the path for a
 * page other than the entry. Only plain route characters pass.
 */
export function appRouteOf(url: string): string | null {
  const u = parse(url);
  if (!u) return null;
  const route = u.hash.startsWith('#/') ? u.hash.slice(1) : u.pathname === '/desktop.html' ? '/' : u.pathname;
  return /^\/[A-Za-z0-9\-._~/?=&%]*$/.test(route) ? route : null;
}
