import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { BACKGROUND_APPLICATION, PgliteSocketServer } from './pglite-socket-server';

/**
 * How long the embedded database has been quiet (PgliteSocketServer.quietFor), which the planner's
 * statistics wait for (embedded-analyze.ts): 0 while a connection holds the database, inside a
 * transaction too, and counting again once it has given the database up.
 *
 * The database behind the socket is a stand-in that speaks just enough of the protocol (the startup's
 * AuthenticationOk, a simple query's CommandComplete, ReadyForQuery with the transaction's state):
 * what is tested is the socket server's bookkeeping, and a real PGlite takes seconds to create (over
 * a minute on a loaded CI machine). The embedded projects run the real one behind this server.
 */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

function standIn() {
  let inTransaction = false;
  const ready = () => message('Z', Buffer.from(inTransaction ? 'T' : 'I'));
  const db = {
    runExclusive: <T>(fn: () => Promise<T>) => fn(),
    isInTransaction: () => inTransaction,
    exec: async () => undefined,
    async execProtocolRawStream(bytes: Uint8Array, { onRawData }: { onRawData: (data: Uint8Array) => void }) {
      const data = Buffer.from(bytes);
      if (data[0] === 0) {
        // The startup packet (untyped): authenticated, ready.
        const ok = Buffer.alloc(4);
        onRawData(Buffer.concat([message('R', ok), ready()]));
        return;
      }
      for (let i = 0; i < data.length; ) {
        const type = String.fromCharCode(data[i]!);
        const length = data.readInt32BE(i + 1);
        if (type === 'Q') {
          const text = data.toString('utf8', i + 5, i + length).replace(/\0$/, '').trim().toUpperCase();
          if (text === 'BEGIN') inTransaction = true;
          if (text === 'COMMIT' || text === 'ROLLBACK') inTransaction = false;
          onRawData(Buffer.concat([message('C', Buffer.from(`${text.split(' ')[0]}\0`)), ready()]));
        }
        i += 1 + length;
      }
    },
  };
  return db as unknown as PGlite;
}

describe('PgliteSocketServer.quietFor', () => {
  let server: PgliteSocketServer;
  let client: Client;
  let port: number;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const connect = async (applicationName?: string) => {
    const c = new Client({ connectionString: `postgres://app:quiet-test@127.0.0.1:${port}/postgres`, application_name: applicationName });
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    server = new PgliteSocketServer(standIn(), { password: 'quiet-test' });
    port = await server.start();
    client = await connect();
  });
  afterAll(async () => {
    await client.end();
    await server.stop();
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
    const background = await connect(BACKGROUND_APPLICATION);
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
