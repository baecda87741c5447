import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@vidyalaya/shared';
import { checkServer, createSettingsStore, memoryStore, normalizeAppDomain, normalizeServerUrl } from '../src/main/settings';

const M = MESSAGES.desktop;

describe('the server address the user types', () => {
  it.each([
    ['https://vidyalaya.example.in', 'https://vidyalaya.example.in'],
    ['  https://Vidyalaya.Example.IN/  ', 'https://vidyalaya.example.in'],
    ['vidyalaya.example.in', 'https://vidyalaya.example.in'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://vidyalaya.in:443', 'https://vidyalaya.in'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://demo.localhost:3000', 'http://demo.localhost:3000'],
    ['https://192.168.1.20:8443/', 'https://192.168.1.20:8443'],
  ])('%j → %j', (input, origin) => {
    expect(normalizeServerUrl(input)).toEqual({ ok: true, value: origin });
  });

  it.each([
    ['', M.serverUrlRequired],
    ['   ', M.serverUrlRequired],
    [undefined, M.serverUrlRequired],
    ['ftp://vidyalaya.in', M.serverUrlInvalid],
    ['file:///etc/passwd', M.serverUrlInvalid],
    ['javascript:alert(1)', M.serverUrlInvalid],
    ['https://', M.serverUrlInvalid],
    ['https://vidya laya.in', M.serverUrlInvalid],
    ['https://admin:secret@vidyalaya.in', M.serverUrlCredentials],
    ['https://vidyalaya.in/api/v1', M.serverUrlOriginOnly],
    ['https://vidyalaya.in/?x=1', M.serverUrlOriginOnly],
    ['https://vidyalaya.in/#top', M.serverUrlOriginOnly],
    ['http://192.168.1.20:8080', M.serverUrlHttps],
    ['http://vidyalaya.in', M.serverUrlHttps],
    ['http://localhost.evil.example', M.serverUrlHttps],
  ])('%j is refused: %s', (input, message) => {
    expect(normalizeServerUrl(input)).toEqual({ ok: false, message });
  });

  it.each([
    ['', 'http://localhost:3000', 'localhost:3000'],
    [undefined, 'https://vidyalaya.in', 'vidyalaya.in'],
    ['Schools.Vidyalaya.IN', 'https://vidyalaya.in', 'schools.vidyalaya.in'],
  ])('portal domain %j with server %s → %s', (input, server, domain) => {
    expect(normalizeAppDomain(input, server)).toEqual({ ok: true, value: domain });
  });

  it.each(['https://vidyalaya.in', 'vidyalaya.in/x', '.vidyalaya.in', 'a..b', 'host:port'])('portal domain %j is refused', (input) => {
    expect(normalizeAppDomain(input, 'https://vidyalaya.in')).toEqual({ ok: false, message: M.appDomainInvalid });
  });
});

/** The test server answers at once; a loaded test machine can still take longer than the app's 8 s to get to it. */
const LOCAL = { timeoutMs: 60_000 };

describe('DECISIONS Desktop: the server is checked (/api/v1/health answers) before it is kept', () => {
  let server: Server;
  let origin: string;
  let answer: { status: number; body: string; type?: string; location?: string };
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const headers: Record<string, string> = { 'content-type': answer.type ?? 'application/json' };
      if (answer.location) headers.location = answer.location;
      res.writeHead(answer.status, headers).end(answer.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('accepts a Vidyalaya server whose database is up, and asks only its health endpoint', async () => {
    seen.length = 0;
    answer = { status: 200, body: JSON.stringify({ success: true, data: { status: 'ok', database: 'up' } }) };
    await expect(checkServer({ serverUrl: `${origin}/` }, LOCAL)).resolves.toEqual({
      ok: true,
      settings: { serverUrl: origin, appDomain: new URL(origin).host },
    });
    expect(seen).toEqual(['GET /api/v1/health']);
  });

  it('keeps a portal domain that was given', async () => {
    answer = { status: 200, body: JSON.stringify({ success: true, data: { status: 'ok', database: 'up' } }) };
    await expect(checkServer({ serverUrl: origin, appDomain: 'vidyalaya.in' }, LOCAL)).resolves.toEqual({
      ok: true,
      settings: { serverUrl: origin, appDomain: 'vidyalaya.in' },
    });
  });

  it('says so when the server answers but its database is down', async () => {
    answer = {
      status: 503,
      body: JSON.stringify({ success: false, error: { message: 'down', code: 'DATABASE_UNAVAILABLE' } }),
    };
    await expect(checkServer({ serverUrl: origin }, LOCAL)).resolves.toEqual({ ok: false, field: 'serverUrl', message: M.serverUnhealthy(origin) });
  });

  it.each([
    ['an HTML page', { status: 200, body: '<html>hello</html>', type: 'text/html' }],
    ['some other JSON API', { status: 200, body: JSON.stringify({ status: 'ok' }) }],
    ['a 404', { status: 404, body: 'Not found', type: 'text/plain' }],
    ['a redirect elsewhere', { status: 302, body: '', location: 'https://evil.example/api/v1/health' }],
  ])('refuses %s', async (_case, a) => {
    answer = a;
    const result = await checkServer({ serverUrl: origin }, LOCAL);
    expect(result.ok).toBe(false);
    expect(result).toHaveProperty('field', 'serverUrl');
  });

  it('says when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(checkServer({ serverUrl: dead })).resolves.toEqual({ ok: false, field: 'serverUrl', message: M.serverUnreachable(dead) });
  });

  it('gives up on a server that does not answer in time', async () => {
    const slow = createServer(() => undefined);
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      await expect(checkServer({ serverUrl: url }, { timeoutMs: 200 })).resolves.toEqual({ ok: false, field: 'serverUrl', message: M.serverUnreachable(url) });
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });

  it('never fetches an address it refused', async () => {
    const fetch = jest.fn();
    await expect(checkServer({ serverUrl: 'file:///etc/passwd' }, { fetch })).resolves.toEqual({ ok: false, field: 'serverUrl', message: M.serverUrlInvalid });
    await expect(checkServer({ serverUrl: origin, appDomain: 'bad domain' }, { fetch })).resolves.toEqual({
      ok: false,
      field: 'appDomain',
      message: M.appDomainInvalid,
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the settings store (electron-store in the app)', () => {
  it('is empty on first start, keeps what is saved, and forgets it on clear', () => {
    const store = memoryStore();
    const settings = createSettingsStore(store);
    expect(settings.get()).toBeNull();
    settings.save({ serverUrl: 'https://vidyalaya.in', appDomain: 'vidyalaya.in' });
    expect(settings.get()).toEqual({ serverUrl: 'https://vidyalaya.in', appDomain: 'vidyalaya.in' });
    expect(createSettingsStore(store).get()).toEqual({ serverUrl: 'https://vidyalaya.in', appDomain: 'vidyalaya.in' });
    settings.clear();
    expect(settings.get()).toBeNull();
  });

  it.each([
    ['a string', 'https://vidyalaya.in'],
    ['a file URL', { serverUrl: 'file:///etc', appDomain: 'x' }],
    ['a server with a path', { serverUrl: 'https://vidyalaya.in/x', appDomain: 'vidyalaya.in' }],
    ['a bad domain', { serverUrl: 'https://vidyalaya.in', appDomain: 'not a host' }],
    ['a missing domain', { serverUrl: 'https://vidyalaya.in' }],
  ])('treats %s found in the file as no settings', (_case, value) => {
    expect(createSettingsStore(memoryStore({ server: value })).get()).toBeNull();
  });

  it('refuses to save settings that would not read back', () => {
    const settings = createSettingsStore(memoryStore());
    expect(() => settings.save({ serverUrl: 'javascript:alert(1)', appDomain: 'x' })).toThrow();
    expect(settings.get()).toBeNull();
  });
});
