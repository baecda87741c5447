import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createUserWithToken, startTestApp, type TestApp } from '../support/app';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over plain node:http, so nothing asks for or undoes an encoding behind the test's back. */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (res: RawResponse): string => {
  const enc = res.headers['content-encoding'];
  const body = enc === 'br' ? brotliDecompressSync(res.body) : enc === 'gzip' ? gunzipSync(res.body) : res.body;
  return body.toString('utf8');
};

const varyOnEncoding = (res: RawResponse) => String(res.headers.vary ?? '').toLowerCase().includes('accept-encoding');

/** The workspace document's inline script (its first API calls, web/scripts/prerender.mjs), in miniature. */
const INLINE = 'window.__vdPrefetch={at:1};';

/**
 * A built web app in miniature, as `npm run build -w @vidyalaya/web` lays it out: the shell, a hashed
 * script with its build-time .br and .gz copies, and one pre-rendered page.
 */
function fakeWebDist(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vidyalaya-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'prerendered'));
  const meta = '<meta name="vidyalaya-app-domain" content="localhost:3000" />';
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head>${meta}</head><body><div id="root"></div></body></html>`);
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  // A file with a gzip copy only, and one with none (the build compresses neither an icon nor a small file).
  writeFileSync(join(dir, 'assets', 'only-gzip-1a2b.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'assets', 'only-gzip-1a2b.css.gz'), gzipSync('body{margin:0}'));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  const home = `<!doctype html><html><head>${meta}</head><body><div id="root"><h1>Top Quality, Half the Cost</h1>${'<p>Attendance, fees and report cards.</p>'.repeat(40)}</div></body></html>`;
  writeFileSync(join(dir, 'prerendered', 'home.html'), home);
  const workspace = `<!doctype html><html><head>${meta}<script>${INLINE}</script><link rel="stylesheet" href="/assets/blueprint-full.css"></head><body><div id="root"></div></body></html>`;
  writeFileSync(join(dir, 'prerendered', 'workspace.html'), workspace);
  writeFileSync(join(dir, 'prerendered', 'routes.json'), JSON.stringify({ '/': 'home.html', '/workspace/*': 'workspace.html' }));
  return { dir, script };
}

describe('Compression: assets precompressed at build time, HTML at start, API answers above 1 KB (issue 21)', () => {
  let t: TestApp;
  let web: { dir: string; script: string };
  beforeAll(async () => {
    web = fakeWebDist();
    t = await startTestApp({ WEB_DIST_DIR: web.dir, APP_DOMAIN: 'localhost:3000' });
  });
  afterAll(() => t.close());

  describe('a hashed asset', () => {
    it.each([
      ['br', 'br, gzip, deflate'],
      ['gzip', 'gzip, deflate'],
    ])('goes out as the build-time %s copy when the browser accepts it', async (encoding, accept) => {
      const res = await get(t.baseUrl, '/assets/app-abc123.js', { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(varyOnEncoding(res)).toBe(true);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The very bytes written at build time, not a copy compressed per request.
      expect(res.body.equals(readFileSync(join(web.dir, 'assets', `app-abc123.js.${encoding === 'br' ? 'br' : 'gz'}`)))).toBe(true);
      expect(decode(res)).toBe(web.script);
    });

    it('goes out as it is without Accept-Encoding, still marked as varying on it', async () => {
      const res = await get(t.baseUrl, '/assets/app-abc123.js');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varyOnEncoding(res)).toBe(true);
      expect(res.body.toString('utf8')).toBe(web.script);
    });
  });

  describe('the build’s files, read into memory at start (issue 37)', () => {
    it('a file outside /assets/ is checked again each time; its ETag answers 304 with no body, and HEAD answers without one', async () => {
      const first = await get(t.baseUrl, '/sw.js');
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['content-type']).toBe('application/javascript; charset=utf-8');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await get(t.baseUrl, '/sw.js', { 'if-none-match': tag });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
      }
      expect((await get(t.baseUrl, '/sw.js', { 'if-none-match': '"other"' })).status).toBe(200);
      const head = await fetch(`${t.baseUrl}/sw.js`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(first.body.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    });

    it('every encoding of a file has the same ETag, Vary keeps Origin, and a file with a gzip copy only never goes out as brotli', async () => {
      const br = await get(t.baseUrl, '/assets/app-abc123.js', { 'accept-encoding': 'br', origin: 'http://localhost:3000' });
      const plain = await get(t.baseUrl, '/assets/app-abc123.js');
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(String(br.headers.vary).toLowerCase()).toMatch(/origin/);
      const css = await get(t.baseUrl, '/assets/only-gzip-1a2b.css', { 'accept-encoding': 'br' });
      expect(css.headers['content-encoding']).toBeUndefined();
      expect(css.body.toString('utf8')).toBe('body{margin:0}');
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      const gz = await get(t.baseUrl, '/assets/only-gzip-1a2b.css', { 'accept-encoding': 'br, gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decode(gz)).toBe('body{margin:0}');
    });

    it('a file written after start is not served: the build is read once, and an unknown path gets the HTML', async () => {
      writeFileSync(join(web.dir, 'assets', 'later-9z9z.js'), 'export {};\n');
      const res = await get(t.baseUrl, '/assets/later-9z9z.js');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString('utf8')).toContain('<div id="root"></div>');
    });
  });

  describe('the HTML', () => {
    it('a pre-rendered page is sent compressed, with its content and the configured APP_DOMAIN', async () => {
      const res = await get(t.baseUrl, '/', { 'accept-encoding': 'gzip, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(varyOnEncoding(res)).toBe(true);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = decode(res);
      expect(html).toContain('<h1>Top Quality, Half the Cost</h1>');
      expect(html).toContain('content="localhost:3000"');
    });

    it('without Accept-Encoding the same page goes out uncompressed', async () => {
      const res = await get(t.baseUrl, '/?utm=x');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString('utf8')).toContain('<h1>Top Quality, Half the Cost</h1>');
    });

    it('a path with no pre-rendered page, and a school portal host, get the empty shell', async () => {
      const login = await get(t.baseUrl, '/login', { 'accept-encoding': 'gzip' });
      expect(login.headers['content-encoding']).toBe('gzip');
      expect(decode(login)).toContain('<div id="root"></div>');
      const portal = await get(t.baseUrl, '/', { host: 'sunrise.localhost:3000' });
      expect(decode(portal)).toContain('<div id="root"></div>');
      expect(decode(portal)).not.toContain('Top Quality');
    });

    it('the workspace’s document answers /workspace and every path under it, on the main host and on a school’s host', async () => {
      for (const [path, headers] of [
        ['/workspace', {}],
        ['/workspace/', {}],
        ['/workspace/3f6c1c1e-1111-4222-8333-444455556666/students?q=asha', {}],
        ['/workspace/3f6c1c1e-1111-4222-8333-444455556666', { host: 'sunrise.localhost:3000' }],
      ] as const) {
        const res = await get(t.baseUrl, path, { 'accept-encoding': 'br', ...headers });
        expect(res.status).toBe(200);
        expect(decode(res)).toContain('<link rel="stylesheet" href="/assets/blueprint-full.css">');
        expect(decode(res)).toContain('content="localhost:3000"');
      }
      // Only under it: a path that merely begins with the same letters gets the shell.
      for (const path of ['/workspaces', '/sign-in']) {
        const res = await get(t.baseUrl, path);
        expect(res.body.toString('utf8')).not.toContain('blueprint-full.css');
        expect(res.body.toString('utf8')).toContain('<div id="root"></div>');
      }
    });

    it('the Content-Security-Policy allows the documents’ inline script by its hash, and no other inline script', async () => {
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      for (const path of ['/workspace/3f6c1c1e-1111-4222-8333-444455556666', '/assets/app-abc123.js', '/api/v1/health']) {
        const csp = String((await get(t.baseUrl, path)).headers['content-security-policy']);
        const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
        expect(scriptSrc).toContain(hash);
        expect(scriptSrc.filter((s) => s.startsWith("'") && s !== "'self'")).toEqual([hash]);
        expect(scriptSrc).not.toContain("'unsafe-inline'");
      }
    });

    it('a pre-rendered form posted before its script took over is sent back to the page, nothing processed', async () => {
      const res = await fetch(`${t.baseUrl}/?x=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=asha&password=secret',
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
      // Any other non-API path still answers the not-found envelope to a POST.
      const other = await fetch(`${t.baseUrl}/no-such-page`, { method: 'POST', body: '' });
      expect(other.status).toBe(404);
    });

    it('the pre-rendered files are not reachable as files', async () => {
      const res = await get(t.baseUrl, '/prerendered/home.html');
      expect(decode(res)).not.toContain('Top Quality');
    });
  });

  describe('API answers', () => {
    it('an answer over 1 KB is compressed for a client that accepts it and decodes to the same envelope', async () => {
      const { token } = await createUserWithToken(t);
      const headers = { authorization: `Bearer ${token}` };
      const plain = await get(t.baseUrl, '/api/v1/school/subjects/global', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const envelope = JSON.parse(plain.body.toString('utf8'));
      expect(envelope).toMatchObject({ success: true });

      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip;q=1, br;q=0', 'gzip'],
      ] as const) {
        const res = await get(t.baseUrl, '/api/v1/school/subjects/global', { ...headers, 'accept-encoding': accept });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(varyOnEncoding(res)).toBe(true);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body.length).toBeLessThan(plain.body.length);
        expect(JSON.parse(decode(res))).toEqual(envelope);
      }
    });

    it('a small answer, and a failure envelope, go out uncompressed', async () => {
      const health = await get(t.baseUrl, '/api/v1/health', { 'accept-encoding': 'br, gzip' });
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ success: true, data: { status: 'ok' } });
      const missing = await get(t.baseUrl, '/api/v1/no-such-route', { 'accept-encoding': 'br' });
      expect(missing.status).toBe(404);
      expect(JSON.parse(decode(missing))).toMatchObject({ success: false, error: { code: 'ROUTE_NOT_FOUND' } });
    });
  });
});
