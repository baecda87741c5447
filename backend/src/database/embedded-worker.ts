import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PgliteSocketServer, type SocketServerOptions } from './pglite-socket-server';

/**
 * The embedded database's own thread (started by embedded-postgres.ts): PGlite and the socket that
 * serves it run here, so the database's work (PostgreSQL compiled to WebAssembly) and the server's
 * (the API's JavaScript) run side by side on two cores instead of taking turns on one. The thread
 * answers `ready` with the port, or `failed` with the reason; `close` stops the socket, closes the
 * database (everything written is on disk) and answers `closed`.
 */
export interface EmbeddedWorkerData {
  /** The database's folder, or null for one in memory. */
  pgDir: string | null;
  socket: SocketServerOptions;
}

export type EmbeddedWorkerMessage = { type: 'ready'; port: number } | { type: 'failed'; message: string } | { type: 'closed' };

async function main(port: NonNullable<typeof parentPort>, data: EmbeddedWorkerData): Promise<void> {
  const db = await PGlite.create(data.pgDir ? { dataDir: data.pgDir } : {});
  const server = new PgliteSocketServer(db, data.socket);
  const listening = await server.start();
  port.on('message', (message: unknown) => {
    if (message !== 'close') return;
    void (async () => {
      await server.stop();
      await db.close();
      port.postMessage({ type: 'closed' } satisfies EmbeddedWorkerMessage);
      port.close();
    })();
  });
  port.postMessage({ type: 'ready', port: listening } satisfies EmbeddedWorkerMessage);
}

if (parentPort) {
  const port = parentPort;
  main(port, workerData as EmbeddedWorkerData).catch((e: unknown) => {
    port.postMessage({ type: 'failed', message: e instanceof Error ? e.message : String(e) } satisfies EmbeddedWorkerMessage);
    port.close();
  });
}
