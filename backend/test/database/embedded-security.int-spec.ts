import { spawn, type ChildProcess } from 'node:child_process';
import { connect as tcpConnect } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate } from '../../src/database/data-source';
import { dbKind, startTestApp, type TestApp } from '../support/app';
import { freePort } from '../reliability/private-postgres';

/**
 * Issue 20 item 3: the embedded database is not open to every local user. Its loopback socket asks
 * for the per-start secret, its files are owner-only, and a client that holds BEGIN is cut off so
 * the API keeps answering. The database runs in a process of its own (PGlite cannot open a data
 * directory inside Jest's module sandbox), started as the server starts it.
 *
 * Only in the embedded project: with TEST_DATABASE_URL the suite's database is a real PostgreSQL
 * server, whose authentication and timeouts are its own; this file never uses the suite's database.
 */
const describeEmbedded = dbKind() === 'embedded' ? describe : describe.skip;
const root = join(__dirname, '..', '..', '..');
const IDLE_MS = 1500;
/** The authentication timeout this test's database runs with (the server's default is 10 s). */
const AUTH_MS = 2500;

describeEmbedded('the embedded database: password, owner-only files, idle transactions ended', () => {
  let dir: string;
  let port: number;
  let child: ChildProcess;
  const password = 'per-start-secret-for-this-test';
  const url = (pw?: string) => `postgres://postgres${pw === undefined ? '' : `:${encodeURIComponent(pw)}`}@127.0.0.1:${port}/postgres`;
  const connect = async (pw?: string) => {
    const c = new Client({ connectionString: url(pw), connectionTimeoutMillis: 10_000 });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vidyalaya-embedded-sec-'));
    port = await freePort();
    child = spawn(
      process.execPath,
      ['-r', join(root, 'bench', 'swc-register.cjs'), join(__dirname, '..', 'reliability', 'embedded-db-child.ts'), dir, String(port), password, String(IDLE_MS), String(AUTH_MS)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`the embedded database process exited (${code}): ${err}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a connection without the password or with a wrong one (28P01), accepts the right one', async () => {
    await expect(connect()).rejects.toThrow();
    await expect(connect('postgres')).rejects.toMatchObject({ code: '28P01' });
    await expect(connect(`${password}x`)).rejects.toMatchObject({ code: '28P01' });
    const ok = await connect(password);
    expect((await ok.query('SELECT 41 + 1 AS n')).rows[0].n).toBe(42);
    await ok.end();
  });

  it('the data directory is 0700, every database file 0600, and the socket record (with the secret) 0600', () => {
    const mode = (p: string) => statSync(p).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'pgdata'))).toBe(0o700);
    const loose: string[] = [];
    let files = 0;
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) {
          if (mode(p) !== 0o700) loose.push(`${p} ${mode(p).toString(8)}`);
          walk(p);
        } else if (e.isFile()) {
          files += 1;
          if (mode(p) & 0o077) loose.push(`${p} ${mode(p).toString(8)}`);
        }
      }
    };
    walk(join(dir, 'pgdata'));
    expect(files).toBeGreaterThan(10);
    expect(loose).toEqual([]);
    const record = join(dir, 'embedded-db.json');
    expect(mode(record)).toBe(0o600);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({ port, password });
  });

  it('issue 33 row 10: 100 connections that never authenticate are each ended after the authentication timeout, while an authenticated client works', async () => {
    // A StartupMessage (protocol 3.0, user postgres): the server answers with a password request and waits.
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0', 'utf8');
    const startup = Buffer.alloc(8 + params.length);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196608, 4);
    params.copy(startup, 8);
    const working = await connect(password);
    const opened = Date.now();
    const idle = Array.from({ length: 100 }, (_, i) => {
      const sock = tcpConnect(port, '127.0.0.1');
      let received = Buffer.alloc(0);
      sock.on('data', (d: Buffer) => (received = Buffer.concat([received, d])));
      sock.on('error', () => undefined);
      // Most send a startup packet and go quiet; some send nothing at all, some half a packet.
      sock.once('connect', () => {
        if (i % 10 === 0) return;
        sock.write(i % 10 === 1 ? startup.subarray(0, 6) : startup);
      });
      return new Promise<{ i: number; after: number; received: Buffer }>((resolve) => sock.once('close', () => resolve({ i, after: Date.now() - opened, received })));
    });
    // The database serves an authenticated client while they wait.
    expect((await working.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    const ended = await Promise.all(idle);
    for (const e of ended) {
      expect(e.after).toBeGreaterThanOrEqual(AUTH_MS - 300);
      expect(e.after).toBeLessThan(AUTH_MS + 8_000);
    }
    // Those that sent a whole startup packet were asked for the password and then told why they go.
    const full = ended.filter((e) => e.i % 10 > 1);
    expect(full).toHaveLength(80);
    for (const e of full) {
      expect(e.received[0]).toBe(0x52);
      expect(e.received.toString('utf8')).toContain('canceling authentication due to timeout');
    }
    expect((await working.query('SELECT 2 AS two')).rows[0].two).toBe(2);
    await working.end();
    const fresh = await connect(password);
    expect((await fresh.query('SELECT 3 AS three')).rows[0].three).toBe(3);
    await fresh.end();
  }, 60_000);

  describe('a client that holds BEGIN', () => {
    let t: TestApp;
    beforeAll(async () => {
      await migrate(url(password));
      t = await startTestApp({}, { databaseUrl: url(password) });
    }, 120_000);
    afterAll(() => t?.close());

    it('is cut off after the idle-in-transaction timeout, its work rolled back, and the API answers meanwhile and after', async () => {
      const holder = await connect(password);
      await holder.query(`CREATE TABLE IF NOT EXISTS idle_probe (tag text)`);
      await holder.query('BEGIN');
      await holder.query(`INSERT INTO idle_probe (tag) VALUES ('held')`);
      const ended = new Promise<Error>((resolve) => holder.once('error', (e) => resolve(e)));
      const started = Date.now();

      // The API waits for the database while the holder has it, then answers once it is cut off.
      const health = await t.call('GET', '/health');
      expect(health.status).toBe(200);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(IDLE_MS - 200);
      expect(waited).toBeLessThan(IDLE_MS + 8_000);

      const error = await ended;
      expect(error.message).toMatch(/idle-in-transaction timeout|Connection terminated/);
      const other = await connect(password);
      expect((await other.query(`SELECT count(*)::int AS n FROM idle_probe WHERE tag = 'held'`)).rows[0].n).toBe(0);
      await other.end();
      expect((await t.call('GET', '/health')).status).toBe(200);
    }, 60_000);
  });
});
