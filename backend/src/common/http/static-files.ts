import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The encodings the build writes beside a file (`x.js.br`, `x.js.gz`; web/vite-plugins/precompress.ts), best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof ENCODINGS)[number][0];

/** Content types of what the web build writes; anything else goes out as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A hashed file under `assets/` never changes: a year, immutable. Anything else is checked again each time. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface StaticFile {
  /** The file as built, and its build-time compressed copies. */
  bodies: Partial<Record<Encoding | 'identity', Buffer>>;
  /** The encodings it has a copy in, best first. */
  encodings: Encoding[];
  type: string;
  cacheControl: string;
  /** A strong validator: the content's hash (every encoding of one file is the same content). */
  etag: string;
  lastModified: string;
}

/**
 * The built web app's files (`web/dist`), read into memory once at start and answered from there
 * (issue 37). A workspace page asks for about 80 files at once over one HTTP/2 connection; answered
 * from disk each one cost a stat of every encoding, an open and a read through libuv's four threads,
 * and the burst's last script waited 130–250 ms for its first byte while the API's answers took
 * 13–45 ms (docs/performance.md, session 22). From memory a file is a route lookup and one write.
 *
 * Each file is a route of its own, as @fastify/static registered them, so an unknown path still falls
 * through to the renderer's HTML (WebAppService). A file goes out as the build-time brotli or gzip copy
 * the client accepts (Vary: Accept-Encoding), with a strong ETag answered 304 on If-None-Match. Files
 * the build did not compress (the icons, the shell's HTML) are left to the compression hook.
 * The build's whole output is about 4.5 MB with its copies.
 */
export class StaticFiles {
  private constructor(readonly files: ReadonlyMap<string, StaticFile>) {}

  /** Every file under `root` (and its `.br` / `.gz` copies) but those `skip` names by their URL path. */
  static read(root: string, skip: (urlPath: string) => boolean): StaticFiles {
    const files = new Map<string, StaticFile>();
    for (const file of walk(root)) {
      if (ENCODINGS.some(([, ext]) => file.endsWith(ext) && existsSync(file.slice(0, -ext.length)))) continue;
      const urlPath = `/${relative(root, file).split(sep).join('/')}`;
      if (skip(urlPath)) continue;
      const identity = readFileSync(file);
      const bodies: StaticFile['bodies'] = { identity };
      for (const [encoding, ext] of ENCODINGS) if (existsSync(file + ext)) bodies[encoding] = readFileSync(file + ext);
      files.set(urlPath, {
        bodies,
        encodings: ENCODINGS.map(([encoding]) => encoding).filter((encoding) => bodies[encoding]),
        type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        lastModified: statSync(file).mtime.toUTCString(),
      });
    }
    return new StaticFiles(files);
  }

  /** One GET route (Fastify adds its HEAD) per file. */
  register(fastify: FastifyInstance): void {
    for (const [urlPath, file] of this.files) {
      // find-my-way reads `:` as a parameter and `*` as a wildcard; the build's names never hold them.
      if (/[:*]/.test(urlPath)) continue;
      fastify.get(urlPath, (req, reply) => send(file, req, reply));
    }
  }
}

function send(file: StaticFile, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const compressed = file.encodings.length > 0;
  reply.header('Cache-Control', file.cacheControl).header('ETag', file.etag).header('Last-Modified', file.lastModified);
  if (compressed) {
    // Added to what is there (CORS varies on Origin).
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (matches(req.headers['if-none-match'], file.etag)) return reply.code(304).send();
  const encoding = compressed ? acceptedEncoding(req.headers['accept-encoding'], file.encodings) : null;
  if (encoding) reply.header('Content-Encoding', encoding);
  const body = file.bodies[encoding ?? 'identity']!;
  return reply.code(200).type(file.type).header('Content-Length', body.length).send(body);
}

/** If-None-Match holds this ETag (or `*`), weak or strong. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Of the encodings `available` (by default both), the best one an Accept-Encoding header takes: brotli,
 * else gzip, else none. `q=0` refuses an encoding; `*` accepts any not named.
 */
export function acceptedEncoding(header: string | string[] | undefined, available: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return ENCODINGS.find(([encoding]) => available.includes(encoding) && accepts(encoding))?.[0] ?? null;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}
