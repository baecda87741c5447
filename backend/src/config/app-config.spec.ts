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
      redisUrl: undefined,
      redisKeyPrefix: 'vidyalaya:',
    });
  });

  it.each(['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379/15', 'rediss://user:pass%40word@cache.example.in:6380/0', 'redis://cache/'])(
    'REDIS_URL %s is taken as it is (rate-limit counters in Redis)',
    (url) => {
      expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: url, REDIS_KEY_PREFIX: 'school-a:' })).toMatchObject({ redisUrl: url, redisKeyPrefix: 'school-a:' });
    },
  );

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['127.0.0.1, ::1, fd00::/8, loopback', ['127.0.0.1', '::1', 'fd00::/8', 'loopback']],
    // Wide but not everything: one half, or everything but one address.
    ['0.0.0.0/1, 2000::/3', ['0.0.0.0/1', '2000::/3']],
    ['0.0.0.0/1, 128.0.0.0/2, 192.0.0.0/3, 224.0.0.0/4, 240.0.0.0/5, 248.0.0.0/6, 252.0.0.0/7, 254.0.0.0/8, 255.0.0.0/9', ['0.0.0.0/1', '128.0.0.0/2', '192.0.0.0/3', '224.0.0.0/4', '240.0.0.0/5', '248.0.0.0/6', '252.0.0.0/7', '254.0.0.0/8', '255.0.0.0/9']],
  ])('TRUST_PROXY %s is read as %j', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy).toEqual(expected);
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
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY: must be false, a hop count/],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY: true would let any client choose its address; give the number of proxies/],
    [{ TRUST_PROXY: '11' }, /^Invalid configuration: TRUST_PROXY: a hop count must be 0 to 10$/],
    // Issue 33 row 6: any list whose ranges together are every address is `true` in other words.
    [{ TRUST_PROXY: '0.0.0.0/0' }, /^Invalid configuration: TRUST_PROXY: these ranges cover every IPv4 address, which like true would let any client/],
    [{ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' }, /^Invalid configuration: TRUST_PROXY: these ranges cover every IPv4 address/],
    [{ TRUST_PROXY: '10.0.0.1, 0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/2, 192.0.0.0/3, 224.0.0.0/3' }, /^Invalid configuration: TRUST_PROXY: these ranges cover every IPv4 address/],
    [{ TRUST_PROXY: '::/0' }, /^Invalid configuration: TRUST_PROXY: these ranges cover every IPv6 address/],
    [{ TRUST_PROXY: '::/1,8000::/1' }, /^Invalid configuration: TRUST_PROXY: these ranges cover every IPv6 address/],
    [{ TRUST_PROXY: '::ffff:0.0.0.0/96' }, /^Invalid configuration: TRUST_PROXY: these ranges cover every IPv4 address/],
    [{ TRUST_PROXY: '::ffff:0:0/97,::ffff:128.0.0.0/97' }, /^Invalid configuration: TRUST_PROXY: these ranges cover every IPv4 address/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY: must be false, a hop count/],
    [{ TRUST_PROXY: '10.0.0.1, example.com' }, /^Invalid configuration: TRUST_PROXY: must be false, a hop count/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /^Invalid configuration: REDIS_URL: must start with redis:\/\/ or rediss:\/\/$/],
    [{ REDIS_URL: '127.0.0.1:6379' }, /^Invalid configuration: REDIS_URL: must start with redis:\/\/ or rediss:\/\/$/],
    [{ REDIS_URL: 'redis://:s3cret@cache/cache-db' }, /^Invalid configuration: REDIS_URL: must be a URL like redis:\/\/host:6379\/0/],
    [{ REDIS_URL: 'redis://:s3cret%zz@cache:6379' }, /^Invalid configuration: REDIS_URL: must be a URL like redis:\/\/host:6379\/0/],
    [{ REDIS_URL: 'redis://:s3cret@' }, /^Invalid configuration: REDIS_URL: must be a URL like redis:\/\/host:6379\/0/],
    [{ REDIS_KEY_PREFIX: 'two words' }, /^Invalid configuration: REDIS_KEY_PREFIX: must be 1 to 64 letters/],
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
    expect((error as Error).message).not.toContain('s3cret');
  });

  it('production needs JWT_SECRET; elsewhere a secret is made once and kept in DATA_DIR', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow('JWT_SECRET: required in production');
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('production needs AADHAAR_KEY (32 bytes, base64 or hex); elsewhere a key is made once and kept in DATA_DIR', () => {
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: secret })).toThrow('AADHAAR_KEY: required in production');
    expect(() => loadConfig({ DATA_DIR: dataDir, AADHAAR_KEY: 'too-short' })).toThrow('AADHAAR_KEY: must be 32 bytes');
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: secret, AADHAAR_KEY: hex }).aadhaarKey.toString('hex')).toBe(hex);
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATA_DIR: dataDir, AADHAAR_KEY: b64 }).aadhaarKey.equals(Buffer.alloc(32, 7))).toBe(true);
    const made = loadConfig({ DATA_DIR: dataDir }).aadhaarKey;
    expect(made).toHaveLength(32);
    expect(Buffer.from(readFileSync(join(dataDir, 'aadhaar-key'), 'utf8').trim(), 'base64').equals(made)).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).aadhaarKey.equals(made)).toBe(true);
  });
});
