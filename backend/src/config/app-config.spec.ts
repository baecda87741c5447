import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('DECISIONS "Running it": configuration read and validated once at start', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'vidyalaya-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('defaults: APP_DOMAIN localhost:3000, port 3000, the embedded database, pool of 10, CORS for the desktop app', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      appDomain: 'localhost:3000',
      databaseUrl: undefined,
      databasePoolSize: 10,
      dataDir,
      corsOrigins: ['app://vidyalaya'],
      trustProxy: false,
      rateLimitScale: 1,
    });
  });

  it('an empty variable counts as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, APP_DOMAIN: '', PORT: '' })).toMatchObject({ appDomain: 'localhost:3000', port: 3000 });
  });

  it('takes a configured public host, lower-cased', () => {
    expect(loadConfig({ DATA_DIR: dataDir, APP_DOMAIN: 'Vidyalaya.example.IN' }).appDomain).toBe('vidyalaya.example.in');
  });

  it.each([
    [{ PORT: '70000' }, /^Invalid configuration: PORT: /],
    [{ APP_DOMAIN: 'https://vidyalaya.in/' }, /^Invalid configuration: APP_DOMAIN: must be a host name with an optional port/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL: must start with postgres:\/\//],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET: must be at least 32 characters/],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY: /],
  ])('refuses %j with a one-line reason naming the variable', (env, reason) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('\n');
  });

  it('production needs JWT_SECRET; elsewhere a secret is made once and kept in DATA_DIR', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow('JWT_SECRET: required in production');
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });
});
