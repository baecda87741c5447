import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy, createProtocolHandler, withCspMeta } from '../src/main/protocol';

const HTML = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self'" />
<title>Vidyalaya</title></head><body><div id="root"></div></body></html>`;

describe('DECISIONS Desktop: the renderer is served from app://vidyalaya with a strict CSP', () => {
  let root: string;
  let outside: string;
  let server: string | null;
  let handler: ReturnType<typeof createProtocolHandler>;

  beforeAll(() => {
    const base = mkdtempSync(join(tmpdir(), 'vidyalaya-protocol-'));
    root = join(base, 'renderer');
    outside = base;
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'desktop.html'), HTML);
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(root, 'assets', 'app.css'), 'body{}');
    writeFileSync(join(root, 'assets', 'secret'), 'no type');
    writeFileSync(join(outside, 'secret.txt'), 'outside the renderer');
    handler = createProtocolHandler({ root, serverOrigin: () => server });
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

  it('serves the entry page with the policy naming the configured server, in the header and the meta tag', async () => {
    server = 'https://vidyalaya.example.in';
    const res = await get('app://vidyalaya/desktop.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' https://vidyalaya.example.in;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    const body = await res.text();
    expect(body).toContain(`content="${contentSecurityPolicy(server).replace("; frame-ancestors 'none'", '')}"`);
    expect(body.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets the page reach no server before one is configured', async () => {
    server = null;
    const res = await get('app://vidyalaya/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(await res.text()).toContain("connect-src 'self'; object-src");
  });

  it.each([
    ['app://vidyalaya/assets/app.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
    ['app://vidyalaya/assets/app.css', 'text/css; charset=utf-8', 'body{}'],
  ])('serves %s as %s', async (url, type, body) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toBe(body);
  });

  it.each([
    ['a path climbing out', 'app://vidyalaya/../secret.txt'],
    ['an encoded climb', 'app://vidyalaya/%2e%2e/secret.txt'],
    ['an encoded slash climb', 'app://vidyalaya/assets/..%2f..%2fsecret.txt'],
    ['a NUL byte', 'app://vidyalaya/desktop.html%00.js'],
    ['a bad escape', 'app://vidyalaya/%E0%A4%A'],
    ['another host', 'app://evil/desktop.html'],
    ['a file of no known type', 'app://vidyalaya/assets/secret'],
    ['a missing file', 'app://vidyalaya/nope.js'],
    ['a directory', 'app://vidyalaya/assets/'],
  ])('answers 404 to %s', async (_case, url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('app://vidyalaya/desktop.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('app://vidyalaya/desktop.html', 'POST')).status).toBe(405);
  });

  it('adds the meta tag to a page that has none', () => {
    const html = withCspMeta('<html><head><title>x</title></head></html>', contentSecurityPolicy(null));
    expect(html).toMatch(/<head>\s*<meta http-equiv="Content-Security-Policy" content="default-src 'self';/);
  });
});
