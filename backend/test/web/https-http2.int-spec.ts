import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/app-config';
import { startTestApp, type TestApp } from '../support/app';

/** A self-signed certificate for localhost and its key, made with openssl (PEM files in `dir`). */
function certificate(dir: string, name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}-cert.pem`);
  const key = join(dir, `${name}-key.pem`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  return { cert, key };
}

/** The built web app in miniature: the shell, the pre-rendered home page and the workspace's document. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vidyalaya-web-dist-'));
  mkdirSync(join(dir, 'prerendered'));
  const meta = '<meta name="vidyalaya-app-domain" content="localhost:3000" />';
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head>${meta}</head><body><div id="root">the shell</div></body></html>`);
  writeFileSync(join(dir, 'prerendered', 'home.html'), `<!doctype html><html><head>${meta}</head><body><h1>the home page</h1></body></html>`);
  writeFileSync(join(dir, 'prerendered', 'routes.json'), JSON.stringify({ '/': 'home.html' }));
  return dir;
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE (docs/performance.md, session 19): the server speaks HTTPS, with
 * HTTP/2 and HTTP/1.1 on the same port, and a wrong pair stops the start with the variable's name.
 */
describe('HTTPS with HTTP/2 when a certificate is configured', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vidyalaya-tls-'));
  const one = certificate(dir, 'one');
  const two = certificate(dir, 'two');

  describe('the configuration', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', DATA_DIR: join(dir, 'data'), ...env });
    it('takes both files, or neither', () => {
      expect(load({})().tls).toBeUndefined();
      const tls = load({ TLS_CERT_FILE: one.cert, TLS_KEY_FILE: one.key })().tls;
      expect(tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
      expect(load({ TLS_CERT_FILE: one.cert })).toThrow(new ConfigError('Invalid configuration: TLS_KEY_FILE: required with TLS_CERT_FILE'));
      expect(load({ TLS_KEY_FILE: one.key })).toThrow(new ConfigError('Invalid configuration: TLS_CERT_FILE: required with TLS_KEY_FILE'));
    });
    it('refuses a file it cannot read, and a key of another certificate, without showing either', () => {
      expect(load({ TLS_CERT_FILE: join(dir, 'missing.pem'), TLS_KEY_FILE: one.key })).toThrow(/^Invalid configuration: TLS_CERT_FILE: cannot read .*missing\.pem$/);
      let message = '';
      try {
        load({ TLS_CERT_FILE: one.cert, TLS_KEY_FILE: two.key })();
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toBe('Invalid configuration: TLS_KEY_FILE: not a PEM private key matching the certificate in TLS_CERT_FILE');
      expect(load({ TLS_CERT_FILE: one.cert, TLS_KEY_FILE: one.cert })).toThrow(ConfigError);
    });
  });

  describe('the server', () => {
    let t: TestApp;
    let origin: string;
    let session: ClientHttp2Session;
    beforeAll(async () => {
      t = await startTestApp({ TLS_CERT_FILE: one.cert, TLS_KEY_FILE: one.key, WEB_DIST_DIR: webDist(), APP_DOMAIN: 'localhost:3000' });
      origin = `https://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
      session = connect(origin, { rejectUnauthorized: false });
    });
    afterAll(async () => {
      session?.close();
      await t.close();
    });

    /** A GET over the HTTP/2 session; `authority` is the host the browser asked for. */
    const h2get = (path: string, authority = 'localhost:3000') =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = session.request({ ':path': path, ':method': 'GET', ':authority': authority });
        let headers: Record<string, unknown> = {};
        const chunks: Buffer[] = [];
        req.on('response', (h) => (headers = h));
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks).toString('utf8') }));
        req.on('error', reject);
        req.end();
      });

    it('answers the API over HTTP/2, in the envelope, with the security headers', async () => {
      const res = await h2get('/api/v1/health');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ success: true });
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['x-request-id']).toBeDefined();
    });

    it('serves the web app by the host in :authority: the home page on the product host, the shell on a school portal', async () => {
      expect((await h2get('/')).body).toContain('the home page');
      const portal = await h2get('/', 'kv-delhi.localhost:3000');
      expect(portal.status).toBe(200);
      expect(portal.body).toContain('the shell');
      expect(portal.body).not.toContain('the home page');
    });

    it('still answers HTTP/1.1 on the same port', async () => {
      const res = await new Promise<{ status: number; version: string }>((resolve, reject) => {
        httpsGet(`${origin}/api/v1/health`, { rejectUnauthorized: false }, (r) => {
          r.resume();
          r.on('end', () => resolve({ status: r.statusCode ?? 0, version: r.httpVersion }));
        }).on('error', reject);
      });
      expect(res).toEqual({ status: 200, version: '1.1' });
    });
  });
});
