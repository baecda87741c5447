import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgliteSocketServer } from './pglite-socket-server';

/**
 * The embedded PostgreSQL (PGlite) behind a loopback-only socket, so the server and the command-line
 * tools reach it with the ordinary `pg` driver and the same SQL as a real server.
 *
 * The data directory belongs to one process at a time. The owner records its pid and port in
 * `DATA_DIR/embedded-db.json`; another process finds that file, checks the owner is alive and
 * connects to its socket instead of opening the directory a second time.
 *
 * Issue 20: the socket asks for a password, a random secret made at each start and recorded with
 * the port in that file (mode 0600), so only the owner of the data directory can connect. The
 * process's umask becomes 077, the data directories are 0700 and the database files 0600. PGlite's
 * file layer sets some files' modes itself (its initial files 0666, `pg_internal.init` 0644), so
 * the tree is swept back to 0600 after opening, every minute and at close; the 0700 directories
 * already keep other users out in between.
 */
const PERMISSION_SWEEP_MS = 60_000;
export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  /** The embedded database this process serves: how long it has been quiet (PgliteSocketServer.quietFor). */
  quietFor?: () => number;
  close(): Promise<void>;
}

interface LockRecord {
  pid: number;
  port: number;
  /** The socket's password for this start. */
  password: string;
}

const LOCK_FILE = 'embedded-db.json';

function lockPath(dataDir: string) {
  return join(dataDir, LOCK_FILE);
}

function urlFor(port: number, password: string) {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Owner-only access to everything under `dir` (files 0600, directories 0700), for data made before the umask was set. */
function restrictTree(dir: string): void {
  try {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) restrictTree(path);
      else if (entry.isFile()) chmodSync(path, 0o600);
    }
  } catch {
    /* a file PostgreSQL removed meanwhile (temporary files): the next sweep sees the rest */
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running owner of this data directory, if any. Stale records (dead pid) are removed. */
export function findRunningEmbedded(dataDir: string): LockRecord | null {
  const file = lockPath(dataDir);
  if (!existsSync(file)) return null;
  try {
    const rec = JSON.parse(readFileSync(file, 'utf8')) as LockRecord;
    if (rec.pid !== process.pid && alive(rec.pid)) return { pid: rec.pid, port: rec.port, password: String(rec.password ?? '') };
  } catch {
    /* unreadable record: treat as stale */
  }
  rmSync(file, { force: true });
  return null;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data directory ${dataDir} is in use by another Vidyalaya process (pid ${pid}). Stop it or set DATA_DIR.`);
  }
}

export interface EmbeddedOptions {
  port?: number;
  /** The socket's password; a random one by default (tests that restart a database keep theirs). */
  password?: string;
  /** Ends a connection idle inside a transaction after this long (default 10 s). */
  idleInTransactionMs?: number;
  /** Ends a connection that has not authenticated after this long (default 10 s). */
  authenticationTimeoutMs?: number;
}

/** Opens the embedded database in `dataDir` (or in memory when dataDir is null) and serves it on 127.0.0.1. */
export async function startEmbeddedPostgres(dataDir: string | null, opts: EmbeddedOptions = {}): Promise<DatabaseHandle> {
  let pgDir: string | undefined;
  if (dataDir) {
    const running = findRunningEmbedded(dataDir);
    if (running) throw new DataDirInUseError(dataDir, running.pid);
    // Everything this process writes from now on (database files, WAL, the lock) is owner-only.
    process.umask(0o077);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    pgDir = join(dataDir, 'pgdata');
    mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    restrictTree(pgDir);
  }
  const db = await PGlite.create(pgDir ? { dataDir: pgDir } : {});
  const sweep = pgDir ? setInterval(() => restrictTree(pgDir), PERMISSION_SWEEP_MS).unref() : null;
  if (pgDir) restrictTree(pgDir);
  const password = opts.password ?? randomBytes(24).toString('base64url');
  const server = new PgliteSocketServer(db, { port: opts.port, password, idleInTransactionMs: opts.idleInTransactionMs, authenticationTimeoutMs: opts.authenticationTimeoutMs });
  const port = await server.start();
  if (dataDir) {
    const file = lockPath(dataDir);
    rmSync(file, { force: true });
    writeFileSync(file, JSON.stringify({ pid: process.pid, port, password } satisfies LockRecord), { mode: 0o600 });
  }
  let closed = false;
  return {
    url: urlFor(port, password),
    embedded: true,
    quietFor: () => server.quietFor(),
    async close() {
      if (closed) return;
      closed = true;
      if (sweep) clearInterval(sweep);
      await server.stop();
      await db.close();
      if (pgDir) restrictTree(pgDir);
      if (dataDir) rmSync(lockPath(dataDir), { force: true });
    },
  };
}

/**
 * For the server: DATABASE_URL when set, else the embedded database (refusing a directory another
 * process owns). For command-line tools: the same, but joining a running server's socket if there is one.
 */
export async function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  mode: 'server' | 'tool' = 'server',
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, close: async () => undefined };
  if (mode === 'tool') {
    const running = findRunningEmbedded(config.dataDir);
    if (running) return { url: urlFor(running.port, running.password), embedded: true, close: async () => undefined };
  }
  return startEmbeddedPostgres(config.dataDir);
}
