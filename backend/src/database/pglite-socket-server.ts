import { createHash, timingSafeEqual } from 'node:crypto';
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
 *
 * Issue 20: a client must give the password (the per-start secret) in the startup exchange
 * (cleartext over loopback), and a connection that keeps the database idle inside a transaction,
 * or mid-exchange, for `idleInTransactionMs` is ended (its work rolled back), so one client
 * holding BEGIN cannot freeze everyone else. Issue 33: a connection that has not authenticated
 * within `authenticationTimeoutMs` is ended too.
 */
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** Messages after which the client waits for an answer: the batch runs now. */
const BATCH_ENDS = new Set(['S', 'Q', 'H']);
/** Messages that end an exchange: the database may pass to another connection. */
const EXCHANGE_ENDS = new Set(['S', 'Q']);
/** Before authentication, no packet may be larger than this (a startup message is a few hundred bytes). */
const MAX_UNAUTHENTICATED_PACKET = 10_000;

/**
 * The application_name of the server's own background work (the planner's statistics): its exchanges
 * do not count against the database's quiet (`quietFor`), which that work waits for.
 */
export const BACKGROUND_APPLICATION = 'vidyalaya-background';

/** A StartupMessage's application_name ('' when it gives none): key, NUL, value, NUL pairs after the 8-byte head. */
function applicationName(startup: Buffer): string {
  const fields = startup.toString('utf8', 8).split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'application_name') return fields[i + 1];
  return '';
}

export interface SocketServerOptions {
  host?: string;
  port?: number;
  /** The password every client must give (any user name). */
  password: string;
  /** How long a connection may hold the database without sending anything (default 10 s). */
  idleInTransactionMs?: number;
  /** How long a new connection has to complete its startup and give the password (default 10 s). */
  authenticationTimeoutMs?: number;
}

/** A PostgreSQL ErrorResponse message. */
function errorResponse(severity: string, code: string, message: string): Buffer {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest();

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

  /** When the database was last given up by a connection other than the background's (ms since the epoch). */
  private lastReleased = 0;
  /** The connections of the server's own background work (BACKGROUND_APPLICATION). */
  private readonly background = new WeakSet<Socket>();

  /** The idle timer of the connection that holds the database. */
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly host: string;
  private readonly port: number;
  private readonly passwordDigest: Buffer;
  private readonly idleInTransactionMs: number;
  private readonly authenticationTimeoutMs: number;

  constructor(
    private readonly db: PGlite,
    opts: SocketServerOptions,
  ) {
    this.host = opts.host ?? '127.0.0.1';
    this.port = opts.port ?? 0;
    this.passwordDigest = sha256(opts.password);
    this.idleInTransactionMs = opts.idleInTransactionMs ?? 10_000;
    this.authenticationTimeoutMs = opts.authenticationTimeoutMs ?? 10_000;
  }

  /**
   * How long the database has been quiet (ms): 0 while a connection holds it or waits for it, else the
   * time since the last one gave it up (since the start when none has); the server's own background
   * connections (BACKGROUND_APPLICATION) do not count. Background work (the
   * planner's statistics, embedded-analyze.ts) waits for a quiet moment, as PostgreSQL's autovacuum
   * runs beside the requests instead of in front of them.
   */
  quietFor(): number {
    if ((this.owner !== null && !this.background.has(this.owner)) || this.waiting.length > 0) return 0;
    return Date.now() - this.lastReleased;
  }

  async start(): Promise<number> {
    this.lastReleased = Date.now();
    this.server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, this.host, () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.clearIdleTimer();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private serve(socket: Socket): void {
    socket.setNoDelay(true);
    this.sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false;
    /** The startup packet, kept until the password has been checked. */
    let startup: Buffer | null = null;
    let batch: Buffer[] = [];
    let chain = Promise.resolve();
    // Issue 33 row 10: a connection that has not given the password within the timeout is ended,
    // as PostgreSQL's authentication_timeout does, so idle connections cannot pile up. The FATAL
    // goes out first and the socket is then destroyed outright (not half-closed with end(), which
    // would wait for a peer that may never answer): every such client sees its connection close.
    const authTimer = setTimeout(() => {
      if (started || socket.destroyed) return;
      if (socket.writable) socket.write(errorResponse('FATAL', '08P01', 'canceling authentication due to timeout'), () => socket.destroy());
      // A client that reads nothing must not keep the socket open through a write that never drains.
      setTimeout(() => socket.destroy(), 1_000).unref();
    }, this.authenticationTimeoutMs);
    authTimer.unref();

    const run = (messages: Buffer, endsExchange: boolean) => {
      chain = chain.then(() => this.execute(socket, messages, endsExchange)).catch(() => {
        socket.destroy();
      });
    };

    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        if (!started && !startup) {
          // Untyped packets: SSLRequest, CancelRequest, StartupMessage (length includes itself).
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (length < 8 || length > MAX_UNAUTHENTICATED_PACKET) return void socket.destroy();
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const packet = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) socket.write('N');
          else if (code === CANCEL_REQUEST) socket.end(); // PGlite cannot cancel; nothing to answer
          else {
            // AuthenticationCleartextPassword: the client answers with a PasswordMessage.
            startup = Buffer.from(packet);
            if (applicationName(startup) === BACKGROUND_APPLICATION) this.background.add(socket);
            socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
          }
          continue;
        }
        if (!started) {
          if (buffer.length < 5) return;
          const length = 1 + buffer.readInt32BE(1);
          if (buffer[0] !== 0x70 /* p */ || length < 5 || length > MAX_UNAUTHENTICATED_PACKET) return void socket.destroy();
          if (buffer.length < length) return;
          const given = buffer.subarray(5, length - 1);
          buffer = buffer.subarray(length);
          if (!timingSafeEqual(sha256(given), this.passwordDigest)) {
            socket.end(errorResponse('FATAL', '28P01', 'password authentication failed'));
            return;
          }
          started = true;
          clearTimeout(authTimer);
          // PGlite answers the startup packet itself (AuthenticationOk, parameters, ReadyForQuery).
          run(startup!, true);
          startup = null;
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
      clearTimeout(authTimer);
      if (!this.sockets.delete(socket)) return;
      // Nothing to clean when the whole database is closing (stop()), and never an unhandled failure.
      chain = chain.then(() => (this.stopping ? undefined : this.forget(socket))).catch(() => undefined);
    };
    socket.on('close', closed);
    socket.on('error', closed);
  }

  private async execute(socket: Socket, messages: Buffer, endsExchange: boolean): Promise<void> {
    await this.acquire(socket);
    this.clearIdleTimer();
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
      if (this.owner === socket && !socket.destroyed) this.armIdleTimer(socket);
    }
  }

  /** The connection keeps the database (inside a transaction or mid-exchange): it must go on soon. */
  private armIdleTimer(socket: Socket): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.owner !== socket) return;
      // As PostgreSQL's idle_in_transaction_session_timeout: a FATAL error, then the connection ends
      // and forget() rolls its work back.
      if (socket.writable) socket.write(errorResponse('FATAL', '25P03', 'terminating connection due to idle-in-transaction timeout'));
      socket.destroy();
    }, this.idleInTransactionMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
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
    this.clearIdleTimer();
    if (vanished && this.db.isInTransaction()) {
      try {
        await this.db.exec('ROLLBACK');
      } catch {
        /* nothing more to undo */
      }
    }
    this.owner = null;
    if (!this.background.has(socket)) this.lastReleased = Date.now();
    this.waiting.splice(0).forEach((wake) => wake());
  }
}
