import { Client } from 'pg';
import { analyzeStaleTables, startEmbeddedAnalyze } from '../../src/database/embedded-analyze';
import { dbKind } from '../support/app';

/**
 * The planner's statistics where no autovacuum gathers them (database/embedded-analyze.ts): a table
 * that was never analysed, or whose size moved by more than a tenth since, is analysed; one that has
 * not changed is left alone. Run on both databases (autovacuum is switched off for the test's tables,
 * so on the server it is this code, not autovacuum, that gathers them).
 */
describe('the planner statistics the embedded database gathers itself', () => {
  let c: Client;
  const table = `analyze_probe_${process.pid}_${Date.now()}`;
  const reltuples = async (name: string) => Number((await c.query(`SELECT reltuples FROM pg_class WHERE oid = $1::regclass`, [name])).rows[0].reltuples);
  const query = (sql: string) => c.query<{ name: string; urgent: boolean }>(sql);
  // On the PostgreSQL server the test works in a database of its own: a round looks at every table of
  // its database, and in the shared one the whole suite's busy tables (waiting behind their tests'
  // locks) could keep a round past any wait. The embedded database has one database; it is the test's.
  let url = process.env.TEST_DB_URL!;
  let ownDb: string | null = null;

  beforeAll(async () => {
    if (dbKind() === 'postgres') {
      // From template0, which no one is ever connected to (a copy of template1 fails while anyone is).
      const admin = new Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${table} TEMPLATE template0`);
      } finally {
        await admin.end();
      }
      ownDb = table;
      const u = new URL(url);
      u.pathname = `/${table}`;
      url = u.toString();
    }
    c = new Client({ connectionString: url });
    await c.connect();
  });
  afterAll(async () => {
    await c.query(`DROP TABLE IF EXISTS ${table}, ${table}_b, ${table}_c, ${table}_d`);
    await c.end();
    if (ownDb) {
      const admin = new Client({ connectionString: process.env.TEST_DB_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${ownDb}`).finally(() => admin.end());
    }
  });

  it('analyses a table never analysed once it holds rows, then leaves it until its size moves by a tenth', async () => {
    await c.query(`CREATE TABLE ${table} (id int PRIMARY KEY, v text) WITH (autovacuum_enabled = false)`);
    // Empty: nothing to gather.
    expect(await analyzeStaleTables(query)).not.toContain(table);
    await c.query(`INSERT INTO ${table} SELECT g, repeat('x', 40) FROM generate_series(1, 5000) g`);
    expect(await reltuples(table)).toBeLessThan(1);

    expect(await analyzeStaleTables(query)).toContain(table);
    expect(await reltuples(table)).toBe(5000);
    // Nothing changed: not again.
    expect(await analyzeStaleTables(query)).not.toContain(table);

    // A few rows more (under a tenth of its pages): left alone.
    await c.query(`INSERT INTO ${table} SELECT g, repeat('x', 40) FROM generate_series(5001, 5100) g`);
    expect(await analyzeStaleTables(query)).not.toContain(table);
    // Doubled: analysed again.
    await c.query(`INSERT INTO ${table} SELECT g, repeat('x', 40) FROM generate_series(5101, 10000) g`);
    expect(await analyzeStaleTables(query)).toContain(table);
    expect(await reltuples(table)).toBe(10000);
  });

  it('runs by itself every interval, and stops', async () => {
    await c.query(`CREATE TABLE ${table}_b (id int PRIMARY KEY) WITH (autovacuum_enabled = false)`);
    const lines: string[] = [];
    const logger = { info: (o: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(o)}`), warn: (o: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(o)}`) };
    const loop = startEmbeddedAnalyze(url, logger, { intervalMs: 100 });
    try {
      await c.query(`INSERT INTO ${table}_b SELECT g FROM generate_series(1, 3000) g`);
      // Up to 30 s.
      // The round logs once it has analysed every stale table, after this one's statistics are in.
      const gathered = () => lines.some((l) => l.startsWith('embedded database: statistics gathered'));
      for (let i = 0; i < 600 && ((await reltuples(`${table}_b`)) < 3000 || !gathered()); i++) await new Promise((r) => setTimeout(r, 50));
      // One assertion, so that a failure shows what the loop logged meanwhile.
      expect({ reltuples: await reltuples(`${table}_b`), gathered: gathered(), lines: lines.filter((l) => !l.startsWith('embedded database: statistics gathered')) }).toEqual({
        reltuples: 3000,
        gathered: true,
        lines: [],
      });
    } finally {
      await loop.stop();
    }
    // Stopped: a table filled afterwards stays as it was.
    await c.query(`INSERT INTO ${table}_b SELECT g FROM generate_series(3001, 9000) g`);
    await new Promise((r) => setTimeout(r, 400));
    expect(await reltuples(`${table}_b`)).toBe(3000);
    expect(lines.filter((l) => l.includes('failed'))).toEqual([]);
  }, 60_000);

  it('a table grown by a tenth waits for the database to be quiet (at most maxWaitMs); one never analysed goes at once', async () => {
    await c.query(`CREATE TABLE ${table}_c (id int PRIMARY KEY) WITH (autovacuum_enabled = false)`);
    await c.query(`INSERT INTO ${table}_c SELECT g FROM generate_series(1, 2000) g`);
    await c.query(`ANALYZE ${table}_c`);
    // A quarter more: stale, not urgent.
    await c.query(`INSERT INTO ${table}_c SELECT g FROM generate_series(2001, 2500) g`);
    const lines: string[] = [];
    const logger = { info: (o: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(o)}`), warn: (o: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(o)}`) };
    const until = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 600 && !(await done()); i++) await new Promise((r) => setTimeout(r, 50));
    };
    // Busy (as in the morning rush): it waits while the database stays busy.
    let quiet = 0;
    const loop = startEmbeddedAnalyze(url, logger, { intervalMs: 100, quietFor: () => quiet, quietMs: 200, maxWaitMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 800));
      expect(await reltuples(`${table}_c`)).toBe(2000);
      // A table never analysed is urgent: it goes while the database is busy.
      await c.query(`CREATE TABLE ${table}_d (id int PRIMARY KEY) WITH (autovacuum_enabled = false)`);
      await c.query(`INSERT INTO ${table}_d SELECT g FROM generate_series(1, 1000) g`);
      await until(async () => (await reltuples(`${table}_d`)) === 1000);
      expect(await reltuples(`${table}_d`)).toBe(1000);
      expect(await reltuples(`${table}_c`)).toBe(2000);
      // Quiet: the waiting table goes.
      quiet = 10_000;
      await until(async () => (await reltuples(`${table}_c`)) === 2500);
      expect(await reltuples(`${table}_c`)).toBe(2500);
    } finally {
      await loop.stop();
    }
    // Never quiet, but a table waits at most maxWaitMs.
    await c.query(`INSERT INTO ${table}_c SELECT g FROM generate_series(2501, 3500) g`);
    const busy = startEmbeddedAnalyze(url, logger, { intervalMs: 100, quietFor: () => 0, quietMs: 200, maxWaitMs: 300 });
    try {
      await until(async () => (await reltuples(`${table}_c`)) === 3500);
      expect(await reltuples(`${table}_c`)).toBe(3500);
    } finally {
      await busy.stop();
    }
    expect(lines.filter((l) => l.includes('failed'))).toEqual([]);
  }, 60_000);
});
