import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { BACKGROUND_APPLICATION, PgliteSocketServer } from './pglite-socket-server';

/**
 * How long the embedded database has been quiet (PgliteSocketServer.quietFor), which the planner's
 * statistics wait for (embedded-analyze.ts): 0 while a connection holds the database, inside a
 * transaction too, and counting again once it has given the database up.
 */
describe('PgliteSocketServer.quietFor', () => {
  let db: PGlite;
  let server: PgliteSocketServer;
  let client: Client;
  let port: number;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    db = await PGlite.create();
    server = new PgliteSocketServer(db, { password: 'quiet-test' });
    port = await server.start();
    client = new Client({ connectionString: `postgres://app:quiet-test@127.0.0.1:${port}/postgres` });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client.end();
    await server.stop();
    await db.close();
  });

  it('is 0 while a transaction holds the database, and grows once it has ended', async () => {
    await sleep(60);
    expect(server.quietFor()).toBeGreaterThanOrEqual(50);
    await client.query('BEGIN');
    await sleep(60);
    // Inside a transaction the connection keeps the database between its statements.
    expect(server.quietFor()).toBe(0);
    await client.query('SELECT 1');
    expect(server.quietFor()).toBe(0);
    await client.query('COMMIT');
    expect(server.quietFor()).toBeLessThan(50);
    await sleep(60);
    expect(server.quietFor()).toBeGreaterThanOrEqual(50);
  });

  it('a statement outside a transaction resets it', async () => {
    await sleep(60);
    expect(server.quietFor()).toBeGreaterThanOrEqual(50);
    await client.query('SELECT 1');
    expect(server.quietFor()).toBeLessThan(50);
  });

  it('the server’s own background connection does not count', async () => {
    const background = new Client({ connectionString: `postgres://app:quiet-test@127.0.0.1:${port}/postgres`, application_name: BACKGROUND_APPLICATION });
    await background.connect();
    try {
      await sleep(60);
      await background.query('SELECT 1');
      expect(server.quietFor()).toBeGreaterThanOrEqual(50);
      await client.query('SELECT 1');
      expect(server.quietFor()).toBeLessThan(50);
    } finally {
      await background.end();
    }
  });
});
