import { Client } from 'pg';
import { dbKind } from '../support/app';

/**
 * The embedded database's socket server (backend/src/database/pglite-socket-server.ts): PGlite is
 * one PostgreSQL session shared by every connection, so the server must make each connection look
 * like a session of its own where it matters. Only in the embedded project: a real PostgreSQL
 * server gives every connection its own session, so there is nothing of ours to test there.
 */
const describeEmbedded = dbKind() === 'embedded' ? describe : describe.skip;

describeEmbedded('the embedded database: connections sharing PGlite’s one session', () => {
  const connect = async () => {
    const c = new Client({ connectionString: process.env.TEST_DB_URL });
    await c.connect();
    return c;
  };
  const prepared = async (c: Client, prefix: string) =>
    Number((await c.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE $1`, [`${prefix}%`])).rows[0].n);

  it('a named prepared statement lives while its connection does, and is deallocated when it ends', async () => {
    const prefix = `t-${Date.now()}-`;
    const watcher = await connect();
    const user = await connect();
    try {
      expect((await user.query({ name: `${prefix}a`, text: 'SELECT $1::int + 1 AS n', values: [1] })).rows[0].n).toBe(2);
      expect((await user.query({ name: `${prefix}a`, text: 'SELECT $1::int + 1 AS n', values: [41] })).rows[0].n).toBe(42);
      expect(await prepared(watcher, prefix)).toBe(1);
      await user.end();
      for (let i = 0; i < 50 && (await prepared(watcher, prefix)) > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await prepared(watcher, prefix)).toBe(0);
      // A new connection can prepare the same name again.
      const again = await connect();
      try {
        expect((await again.query({ name: `${prefix}a`, text: 'SELECT $1::int + 1 AS n', values: [2] })).rows[0].n).toBe(3);
      } finally {
        await again.end();
      }
    } finally {
      await watcher.end();
    }
  });

  it('a connection that vanishes inside a transaction has its work rolled back and its statements dropped', async () => {
    const prefix = `v-${Date.now()}-`;
    const watcher = await connect();
    const doomed = await connect();
    try {
      await watcher.query(`CREATE TABLE IF NOT EXISTS session_probe (tag text)`);
      await doomed.query('BEGIN');
      await doomed.query({ name: `${prefix}ins`, text: 'INSERT INTO session_probe (tag) VALUES ($1)', values: [prefix] });
      // Dropped without a goodbye, mid-transaction.
      doomed.on('error', () => undefined);
      (doomed as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      let rows = -1;
      for (let i = 0; i < 50; i++) {
        rows = Number((await watcher.query(`SELECT count(*)::int AS n FROM session_probe WHERE tag = $1`, [prefix])).rows[0].n);
        if (rows === 0 && (await prepared(watcher, prefix)) === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(rows).toBe(0);
      expect(await prepared(watcher, prefix)).toBe(0);
    } finally {
      await watcher.end();
    }
  });
});
