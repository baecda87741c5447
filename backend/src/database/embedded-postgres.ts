import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
 */
export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

interface LockRecord {
  pid: number;
  port: number;
}

const LOCK_FILE = 'embedded-db.json';

function lockPath(dataDir: string) {
  return join(dataDir, LOCK_FILE);
}

function urlFor(port: number) {
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
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
    if (rec.pid !== process.pid && alive(rec.pid)) return rec;
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

/** Opens the embedded database in `dataDir` (or in memory when dataDir is null) and serves it on 127.0.0.1. */
export async function startEmbeddedPostgres(dataDir: string | null, opts: { port?: number } = {}): Promise<DatabaseHandle> {
  let pgDir: string | undefined;
  if (dataDir) {
    const running = findRunningEmbedded(dataDir);
    if (running) throw new DataDirInUseError(dataDir, running.pid);
    pgDir = join(dataDir, 'pgdata');
    mkdirSync(pgDir, { recursive: true });
  }
  const db = await PGlite.create(pgDir ? { dataDir: pgDir } : {});
  const server = new PgliteSocketServer(db, '127.0.0.1', opts.port ?? 0);
  const port = await server.start();
  if (dataDir) writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, port } satisfies LockRecord));
  let closed = false;
  return {
    url: urlFor(port),
    embedded: true,
    async close() {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.close();
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
    if (running) return { url: urlFor(running.port), embedded: true, close: async () => undefined };
  }
  return startEmbeddedPostgres(config.dataDir);
}
