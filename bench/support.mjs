// Shared by the benchmarks: the built server started as `npm start` runs it (its own process, a
// production environment), a database of either kind to seed (the embedded one through its socket,
// with the password of this start; or a fresh database on a PostgreSQL server), access tokens, latency
// statistics, and the table of a call's latency beside the bare endpoint.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { machine, machineLine, root, writeBlock } from './report.mjs';

const require = createRequire(import.meta.url);
export const DIST = join(root, 'backend', 'dist');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A logger that prefixes each line with the benchmark's name: `[bench:NAME]`. */
export const logger =
  (name) =>
  (...a) =>
    console.log(`[bench:${name}]`, ...a);

/** The kinds of database to measure on (BENCH_DB=embedded,postgres; both by default). */
export function databaseKinds() {
  return (process.env.BENCH_DB ?? 'embedded,postgres').split(',').map((x) => x.trim()).filter(Boolean);
}

export function ensureBuilt() {
  if (!existsSync(join(DIST, 'main.js'))) throw new Error('backend/dist is missing: run `npm run build` (npm run bench does it first).');
}

/**
 * The environment the server runs in: production, on loopback, its own data directory, a fresh
 * JWT_SECRET and AADHAAR_KEY (both required in production), warnings only; no mail server; the
 * embedded database unless `databaseUrl` names a server. `extra` is added last (e.g. TRUST_PROXY).
 */
export function serverEnv({ port, dataDir, jwtSecret, databaseUrl, extra = {} }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_DOMAIN: `localhost:${port}`,
    DATA_DIR: dataDir,
    // BENCH_LOG_LEVEL=info shows the server's own lines (the embedded database's statistics rounds among them).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JWT_SECRET: jwtSecret,
    AADHAAR_KEY: randomBytes(32).toString('base64'),
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.DATABASE_POOL_SIZE;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** The Chromium flags of the browser tests (e2e/chromium-args.json, read by e2e/browser.ts too), for the benches that start a browser. */
export const CHROMIUM_ARGS = JSON.parse(readFileSync(join(root, 'e2e', 'chromium-args.json'), 'utf8'));

/**
 * The built server (backend/dist/main.js) in its own process with `env` (serverEnv), once
 * GET /api/v1/health answers. `flags` go to Node (e.g. --cpu-prof), and so do BENCH_SERVER_FLAGS' (space-separated). `stop()` ends it (SIGTERM, then
 * SIGKILL after 15 s). It must answer within `timeoutMs`: BENCH_START_TIMEOUT_S seconds, 180 unless set
 * (a shared, busy machine can take longer to start the embedded database).
 */
export async function startServer({ port, env, flags = [], timeoutMs = Number(process.env.BENCH_START_TIMEOUT_S ?? 180) * 1000 }) {
  const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...flags, ...extraFlags, join(DIST, 'main.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  // With TLS_CERT_FILE the server speaks HTTPS (a bench's own self-signed certificate: its process sets
  // NODE_TLS_REJECT_UNAUTHORIZED=0 to talk to it).
  const base = `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000).then(() => server.kill('SIGKILL'))]);
  };
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) {
      await stop();
      throw new Error('the server did not become healthy in time');
    }
    await sleep(300);
  }
  return { base, stop };
}

/** The embedded database's socket as a URL, with the password of this start (DATA_DIR/embedded-db.json). */
export function embeddedDatabaseUrl(dataDir) {
  const lock = JSON.parse(readFileSync(join(dataDir, 'embedded-db.json'), 'utf8'));
  return `postgres://postgres:${encodeURIComponent(lock.password ?? 'postgres')}@127.0.0.1:${lock.port}/postgres`;
}

/**
 * One database of `kind` with the server started on it, for `fn({ server, db, jwtSecret, dataDir, databaseUrl })`
 * (db: a pg client on the same database, for seeding); everything is stopped and removed afterwards.
 * On 'postgres' a database of its own is made on the server at ADMIN_URL and dropped at the end; when
 * no server answers, the answer is `{ skipped: 'why' }` instead of fn's. `afterStop(ctx)` runs once the
 * server has stopped, before the data directory is removed (a CPU profile is read there).
 */
export async function onDatabase(kind, { name, port, extraEnv, flags, afterStop }, fn) {
  if (kind !== 'embedded' && kind !== 'postgres') throw new Error(`BENCH_DB: unknown database ${kind} (embedded or postgres)`);
  const jwtSecret = randomBytes(48).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), `vidyalaya-bench-${name}-${kind}-`));
  let databaseUrl;
  let dropDb = async () => undefined;
  if (kind === 'postgres') {
    const dbName = `vidyalaya_bench_${name.replace(/\W/g, '_')}_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    try {
      await admin.connect();
    } catch (e) {
      rmSync(dataDir, { recursive: true, force: true });
      return { skipped: e.message };
    }
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      // BENCH_KEEP_DB=1 leaves the seeded database on the server to look into (EXPLAIN ANALYZE); drop it by hand.
      if (process.env.BENCH_KEEP_DB) return void process.stderr.write(`[bench] kept the database ${dbName}\n`);
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    };
  }
  let server;
  let db;
  try {
    const env = serverEnv({ port, dataDir, jwtSecret, databaseUrl, extra: extraEnv });
    server = await startServer({ port, env, flags: typeof flags === 'function' ? flags(dataDir) : flags });
    db = new pg.Client({ connectionString: databaseUrl ?? embeddedDatabaseUrl(dataDir) });
    await db.connect();
    return await fn({ server, db, jwtSecret, dataDir, databaseUrl });
  } finally {
    await db?.end().catch(() => undefined);
    await server?.stop();
    await afterStop?.({ dataDir });
    await dropDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A function answering a fresh `Authorization` header for the user (tokens live 15 minutes). */
export function bearer(user, jwtSecret, role = 'admin') {
  const { signAccessToken } = require(join(DIST, 'common', 'auth', 'access-tokens.js'));
  return () => `Bearer ${signAccessToken({ id: user.id, username: user.username, role }, jwtSecret, new Date())}`;
}

/** How long one request took, in ms (the body read to the end); a failed answer throws with its body. */
export async function timed(fn) {
  const t0 = performance.now();
  const res = await fn();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return ms;
}

/**
 * `total` calls of `fn(i)` (i = 0 … total − 1, each answering the time it took in ms) from `connections`
 * workers at once, each starting its next call when its last one ended: the times, in call order.
 */
export async function concurrently(total, connections, fn) {
  const times = new Array(total);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < total; i = next++) times[i] = await fn(i);
  };
  await Promise.all(Array.from({ length: Math.min(connections, total) }, worker));
  return times;
}

/** Count, median, p99 and max of request times in ms (p at index ⌊q·n⌋ of the sorted times), one decimal. */
export function stats(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50: at(0.5).toFixed(1), p99: at(0.99).toFixed(1), max: sorted.at(-1).toFixed(1) };
}

/** The nearest-rank percentile p (0–100) of sorted values: the smallest value with at least p % of them at or below it. */
export function nearestRank(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The table of calls and their latency (rows: [name, stats(...)]), the bare endpoint usually first. */
export function latencyTable(rows) {
  return ['| call | n | p50 ms | p99 ms | max ms |', '|---|---|---|---|---|', ...rows.map(([name, s]) => `| ${name} | ${s.n} | ${s.p50} | ${s.p99} | ${s.max} |`)].join('\n');
}

/** One database's part of a block: its name in bold, then the table (and whatever follows it). */
export function databaseSection(kind, body) {
  return `**${kind === 'embedded' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL server'}**\n\n${body}`;
}

/**
 * The frame of a bench measured on each database in turn (BENCH_DB; both by default): builds what is
 * stale, runs `benchDatabase(kind)` for each, which answers its markdown section (usually `databaseSection`
 * inside `onDatabase`) or `{ skipped }` when there is no PostgreSQL server, then writes `intro`, the
 * machine's line and the sections into docs/performance.md's `block` (unless BENCH_NO_REPORT). A failure
 * prints its message and exits 1.
 */
export function benchEachDatabase({ name, block, title, intro }, benchDatabase) {
  const log = logger(name);
  const main = async () => {
    ensureBuilt();
    const m = machine();
    const parts = [];
    for (const kind of databaseKinds()) {
      const r = await benchDatabase(kind);
      parts.push(r.skipped ? `${kind}: skipped (no PostgreSQL server: ${r.skipped})` : r);
    }
    if (!process.env.BENCH_NO_REPORT) {
      writeBlock(block, title, `${intro}\n${machineLine(m)}\n\n${parts.join('\n\n')}`);
      log('Updated docs/performance.md');
    }
  };
  main().catch((e) => {
    console.error(`[bench:${name}] failed:`, e.message);
    process.exit(1);
  });
}
