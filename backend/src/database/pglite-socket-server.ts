import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Serves one PGlite database to many client connections over the PostgreSQL wire protocol.
 *
 * PGlite is a single backend session, so statements of different connections must never interleave
 * inside one extended-protocol exchange (Parse/Bind/Describe/Execute … Sync share the unnamed
 * statement and portal) nor inside a transaction. @electric-sql/pglite-socket 0.2.x queues each
 * protocol message on its own, which lets another connection's Parse land between a Parse and its
 * Bind ("unnamed prepared statement does not exist", or another statement run with these
 * parameters). Here a connection's messages run as whole batches up to Sync/Query, and a
 * connection keeps the database to itself until its exchange has ended and it is outside a
 * transaction.
 */
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** Messages after which the client waits for an answer: the batch runs now. */
const BATCH_ENDS = new Set(['S', 'Q', 'H']);
/** Messages that end an exchange: the database may pass to another connection. */
const EXCHANGE_ENDS = new Set(['S', 'Q']);

export class PgliteSocketServer {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** The connection that has the database to itself, and the waiters for it. */
  private owner: Socket | null = null;
  private readonly waiting: (() => void)[] = [];
  /** Set by stop(): the database is about to close, connections' leftovers need no cleaning. */
  private stopping = false;
  /** The named prepared statements each connection has made. */
  private readonly statements = new Map<Socket, Set<string>>();

  constructor(
    private readonly db: PGlite,
    private readonly host = '127.0.0.1',
    private readonly port = 0,
  ) {}

  async start(): Promise<number> {
    this.server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, this.host, () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private serve(socket: Socket): void {
    socket.setNoDelay(true);
    this.sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false;
    let batch: Buffer[] = [];
    let chain = Promise.resolve();

    const run = (messages: Buffer, endsExchange: boolean) => {
      chain = chain.then(() => this.execute(socket, messages, endsExchange)).catch(() => {
        socket.destroy();
      });
    };

    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        if (!started) {
          // Untyped packets: SSLRequest, CancelRequest, StartupMessage (length includes itself).
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const packet = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) socket.write('N');
          else if (code === CANCEL_REQUEST) socket.end(); // PGlite cannot cancel; nothing to answer
          else {
            started = true;
            run(Buffer.from(packet), true);
          }
          continue;
        }
        if (buffer.length < 5) return;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return;
        const type = String.fromCharCode(buffer[0]);
        const message = Buffer.from(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        if (type === 'X') {
          socket.end();
          return;
        }
        if (type === 'P') this.noteStatement(socket, message);
        batch.push(message);
        if (BATCH_ENDS.has(type)) {
          const messages = Buffer.concat(batch);
          batch = [];
          run(messages, EXCHANGE_ENDS.has(type));
        }
      }
    });
    const closed = () => {
      if (!this.sockets.delete(socket)) return;
      // Nothing to clean when the whole database is closing (stop()), and never an unhandled failure.
      chain = chain.then(() => (this.stopping ? undefined : this.forget(socket))).catch(() => undefined);
    };
    socket.on('close', closed);
    socket.on('error', closed);
  }

  private async execute(socket: Socket, messages: Buffer, endsExchange: boolean): Promise<void> {
    await this.acquire(socket);
    // PGlite hands the answer over in many small chunks: collect them and write once (one syscall
    // per exchange instead of one per chunk).
    const answer: Buffer[] = [];
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(new Uint8Array(messages), {
          onRawData: (data) => {
            answer.push(Buffer.from(data));
          },
        }),
      );
    } finally {
      if (answer.length && socket.writable) socket.write(answer.length === 1 ? answer[0] : Buffer.concat(answer));
      if (endsExchange && !this.db.isInTransaction()) await this.release(socket, false);
    }
  }

  /** A Parse message's statement name (the text up to the first NUL after the header); '' is the unnamed one. */
  private noteStatement(socket: Socket, message: Buffer): void {
    const end = message.indexOf(0, 5);
    const name = end > 5 ? message.toString('utf8', 5, end) : '';
    if (!name) return;
    const names = this.statements.get(socket) ?? new Set<string>();
    names.add(name);
    this.statements.set(socket, names);
  }

  /**
   * A connection has gone: its open transaction is rolled back and its named prepared statements
   * are deallocated, as ending a real PostgreSQL session would do. PGlite is one session for every
   * connection, so without this each reconnecting client would leave its statements behind.
   */
  private async forget(socket: Socket): Promise<void> {
    const names = this.statements.get(socket);
    this.statements.delete(socket);
    if (names?.size) {
      await this.acquire(socket);
      // Its transaction first: nothing else runs in an aborted one.
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => undefined);
      for (const name of names) {
        try {
          await this.db.exec(`DEALLOCATE "${name.replace(/"/g, '""')}"`);
        } catch {
          /* already gone */
        }
      }
    }
    await this.release(socket, true);
  }

  private async acquire(socket: Socket): Promise<void> {
    while (this.owner !== null && this.owner !== socket) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.owner = socket;
  }

  /** Gives the database up; a connection that vanished mid-transaction has its work rolled back. */
  private async release(socket: Socket, vanished: boolean): Promise<void> {
    if (this.owner !== socket) return;
    if (vanished && this.db.isInTransaction()) {
      try {
        await this.db.exec('ROLLBACK');
      } catch {
        /* nothing more to undo */
      }
    }
    this.owner = null;
    this.waiting.splice(0).forEach((wake) => wake());
  }
}
