/**
 * The renderer is served from the privileged scheme app://vidyalaya (not file://): a real origin
 * for CORS (the server allows 'app://vidyalaya' by default), for the CSP's 'self', and for the IPC
 * handlers' sender check. Every answer carries the Content-Security-Policy; the HTML's meta tag
 * is rewritten with the same policy, so both name the configured server and nothing else.
 */
import { readFile as fsReadFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './navigation';

/** The one policy: the app's own files, inline styles (Blueprint), data: images, and the server. */
export function contentSecurityPolicy(serverOrigin: string | null): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${serverOrigin ? ` ${serverOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join('; ');
}

const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/i;

/** Writes the policy into the page's CSP meta tag (the build ships the policy with no server). */
export function withCspMeta(html: string, csp: string): string {
  // frame-ancestors only works as a header; in a meta tag browsers ignore it with a warning.
  const metaCsp = csp.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; ');
  const tag = `<meta http-equiv="Content-Security-Policy" content="${metaCsp.replace(/"/g, '&quot;')}" />`;
  return CSP_META.test(html) ? html.replace(CSP_META, tag) : html.replace(/<head>/i, `<head>\n    ${tag}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

export const ENTRY_FILE = 'desktop.html';

export type ProtocolHandler = (request: Request) => Promise<Response>;

/**
 * Handles app://vidyalaya/<path> from the built renderer in `root`. Only GET and HEAD, only the
 * app's host, only files inside `root` with a known type (no directory listing, no traversal);
 * anything else is a 404 (405 for other methods).
 */
export function createProtocolHandler(opts: {
  root: string;
  serverOrigin: () => string | null;
  readFile?: (path: string) => Promise<Buffer>;
}): ProtocolHandler {
  const root = resolve(opts.root);
  const read = opts.readFile ?? ((p: string) => fsReadFile(p));
  return async (request) => {
    const csp = contentSecurityPolicy(opts.serverOrigin());
    const headers = (type: string) => ({
      'content-type': type,
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
    const plain = (status: number, text: string) => new Response(text, { status, headers: headers('text/plain; charset=utf-8') });

    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(404, 'Not found');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not found');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return plain(404, 'Not found');
    }
    if (path === '/' || path === '') path = `/${ENTRY_FILE}`;
    if (path.includes('\0')) return plain(404, 'Not found');
    const file = resolve(root, `.${path}`);
    const type = CONTENT_TYPES[extname(file).toLowerCase()];
    if (!file.startsWith(root + sep) || !type) return plain(404, 'Not found');
    let body: Buffer;
    try {
      body = await read(file);
    } catch {
      return plain(404, 'Not found');
    }
    const content = type.startsWith('text/html') ? withCspMeta(body.toString('utf8'), csp) : body;
    return new Response(request.method === 'HEAD' ? null : content, { status: 200, headers: headers(type) });
  };
}
