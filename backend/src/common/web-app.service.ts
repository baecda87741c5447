import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { acceptedEncoding } from './http/static-files';

/** Where the web build puts its pre-rendered pages, and the list of them (web/scripts/prerender.mjs). */
export const PRERENDERED_DIR = 'prerendered';
const PRERENDERED_LIST = 'routes.json';

/** One HTML document, ready in each encoding a client may accept. */
interface HtmlDocument {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serves the built renderer's HTML for every non-API GET the router does not know (the SPA
 * fallback), with the configured APP_DOMAIN written into its meta tag. The public pages the build
 * pre-rendered (`dist/prerendered/routes.json`: path → file) get their own document, so their content
 * paints before any script runs. An entry ending in `/*` names a document for a path and everything
 * under it, on every host: the workspace's (`/workspace/*`), which carries the workspace's stylesheets
 * and scripts in its head so they load with the app's own instead of after it. Every other path, and
 * every other path on a school's portal host, gets the empty shell (index.html). Each document is
 * compressed once at start (brotli and gzip) and sent in the encoding the client prefers. /api paths
 * never get HTML.
 */
@Injectable()
export class WebAppService {
  private readonly shell: HtmlDocument | null;
  private readonly pages = new Map<string, HtmlDocument>();
  /** Documents for a path and everything under it (`/workspace/*` → ['/workspace', doc]), longest first. */
  private readonly sections: [string, HtmlDocument][] = [];
  private readonly portalSuffix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.portalSuffix = `.${config.appDomain.toLowerCase()}`;
    const load = (file: string): HtmlDocument | null =>
      existsSync(file) ? encodeAll(withAppDomain(readFileSync(file, 'utf8'), config.appDomain)) : null;
    this.shell = load(join(config.webDistDir, 'index.html'));
    const listFile = join(config.webDistDir, PRERENDERED_DIR, PRERENDERED_LIST);
    if (this.shell && existsSync(listFile)) {
      const routes = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string>;
      for (const [path, file] of Object.entries(routes)) {
        const doc = load(join(config.webDistDir, PRERENDERED_DIR, file));
        if (!doc) continue;
        if (path.endsWith('/*')) this.sections.push([path.slice(0, -2), doc]);
        else this.pages.set(path, doc);
      }
      this.sections.sort((a, b) => b[0].length - a[0].length);
    }
  }

  /**
   * The Content-Security-Policy's hash sources (`'sha256-…'`) of the inline scripts in the documents
   * served: the workspace's document sends its first API calls from one in its head, before any file
   * loads (web/scripts/prerender.mjs). A hash allows that exact text and nothing else; no other
   * inline script runs.
   */
  inlineScriptHashes(): string[] {
    const docs = [this.shell, ...this.pages.values(), ...this.sections.map(([, doc]) => doc)].filter((d): d is HtmlDocument => d !== null);
    const hashes = new Set<string>();
    for (const doc of docs) {
      for (const m of doc.identity.toString('utf8').matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        if (m[1]!.trim()) hashes.add(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
      }
    }
    return [...hashes].sort();
  }

  get built(): boolean {
    return this.shell !== null;
  }

  handles(req: FastifyRequest): boolean {
    const path = req.url.split('?')[0];
    return (req.method === 'GET' || req.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/');
  }

  /**
   * A pre-rendered form submitted before the page's script took over (scripts/prerender.mjs marks
   * those forms POST): the browser is sent back to the page with a GET, nothing is processed.
   */
  isEarlyFormPost(req: FastifyRequest): boolean {
    const path = req.url.split('?')[0];
    return req.method === 'POST' && this.pages.has(normalisePath(path));
  }

  redirectBack(req: FastifyRequest, reply: FastifyReply): void {
    reply.header('Cache-Control', 'no-store').redirect(normalisePath(req.url), 303);
  }

  sendIndex(req: FastifyRequest, reply: FastifyReply): void {
    reply.header('Cache-Control', 'no-cache');
    if (this.shell === null) {
      reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`, then start again.\n');
      return;
    }
    const path = normalisePath(req.url);
    const doc =
      (!this.isPortalHost(req) && this.pages.get(path)) || this.sections.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] || this.shell;
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    reply.header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    reply
      .status(200)
      .type('text/html; charset=utf-8')
      .send(encoding ? doc[encoding] : doc.identity);
  }

  private isPortalHost(req: FastifyRequest): boolean {
    // HTTP/2 names the host in its :authority pseudo-header (TLS_CERT_FILE set), HTTP/1.1 in Host.
    const host = String(req.headers.host ?? req.headers[':authority'] ?? '').toLowerCase();
    return host.endsWith(this.portalSuffix);
  }
}

/** `/features/?x=1` → `/features`; `/` stays `/`. */
function normalisePath(url: string): string {
  const path = url.split(/[?#]/)[0];
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

function withAppDomain(html: string, appDomain: string): string {
  return html.replace(/<meta name="vidyalaya-app-domain" content="[^"]*"/, `<meta name="vidyalaya-app-domain" content="${escapeAttr(appDomain)}"`);
}

function encodeAll(html: string): HtmlDocument {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function escapeAttr(s: string): string {
  return s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
}
