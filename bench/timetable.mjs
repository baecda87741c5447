#!/usr/bin/env node
// Timetable benchmark (issue 15), part of `npm run bench`: a school of 60 sections (15 classes × 4
// sections, 8 subjects a class) and 70 teachers on a Monday–Saturday bell schedule of 8 periods.
// It starts the built server (backend/dist/main.js) as `npm start` does, seeds straight into the
// database, then measures over HTTP, one request at a time:
//   1. saving a full week (48 lessons) for each of the 60 sections, first time and again (replace);
//   2. the teachers free in a period (each of the 8 periods of a Monday, 20 rounds);
//   3. the whole school's timetable (2,880 lessons).
// Prints the figures and rewrites the "Timetable" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped) BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
// BENCH_TIMETABLE_PORT=3352 BENCH_NO_REPORT=1
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { machine, machineLine, root, writeBlock } from './report.mjs';

const require = createRequire(import.meta.url);
const DIST = join(root, 'backend', 'dist');
const KINDS = (process.env.BENCH_DB ?? 'embedded,postgres').split(',').map((x) => x.trim()).filter(Boolean);
const PORT = Number(process.env.BENCH_TIMETABLE_PORT ?? 3352);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const YEAR = '2026-27';
const CLASSES = ['Nursery', 'LKG', 'UKG', ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)];
const SECTIONS = ['A', 'B', 'C', 'D'];
const PERIODS = 8;
const TEACHERS = 70;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[bench:timetable]', ...a);

async function startServer({ databaseUrl, dataDir, jwtSecret }) {
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(PORT), APP_DOMAIN: `localhost:${PORT}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: jwtSecret };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const server = spawn(process.execPath, [join(DIST, 'main.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${PORT}`;
  const until = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('the server did not become healthy in time');
    await sleep(300);
  }
  return {
    base,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => server.kill('SIGKILL'))]);
    },
  };
}

/** One school: 60 sections, 8 subjects a class, 70 teachers. Answers the ids the requests need. */
async function seed(db) {
  const owner = (await db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ('bench_tt', 'bench_tt@bench.test', 'x', 'admin', true) RETURNING id, username`)).rows[0];
  const school = (
    await db.query(
      `INSERT INTO schools (owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at)
       VALUES ($1, 'Bench Timetable School', 'bench-tt', 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days')
       RETURNING id`,
      [owner.id],
    )
  ).rows[0];
  const subjects = (await db.query(`SELECT id FROM global_subjects ORDER BY sort_order LIMIT $1`, [PERIODS])).rows.map((r) => r.id);
  const sections = [];
  for (const name of CLASSES) {
    const c = (await db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, $2, $3) RETURNING id`, [school.id, YEAR, name])).rows[0];
    for (const s of SECTIONS) sections.push((await db.query(`INSERT INTO sections (class_id, name) VALUES ($1, $2) RETURNING id`, [c.id, s])).rows[0].id);
    for (const subject of subjects) await db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, subject]);
  }
  const staff = (
    await db.query(
      `INSERT INTO staff (school_id, employee_code, name) SELECT $1, 'T' || n, 'Teacher ' || n FROM generate_series(1, $2::int) n RETURNING id`,
      [school.id, TEACHERS],
    )
  ).rows.map((r) => r.id);
  return { owner, schoolId: school.id, subjects, sections, staff };
}

function stats(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50: at(0.5).toFixed(1), p99: at(0.99).toFixed(1), max: sorted.at(-1).toFixed(1) };
}

async function timed(fn) {
  const t0 = performance.now();
  const res = await fn();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return ms;
}

/** The figures on one database, as a markdown table (or why it was skipped). */
async function benchDatabase(KIND) {
  const jwtSecret = randomBytes(48).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'vidyalaya-bench-tt-'));
  let databaseUrl;
  let dropDb = async () => undefined;
  if (KIND === 'postgres') {
    const name = `vidyalaya_bench_tt_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    try {
      await admin.connect();
    } catch (e) {
      rmSync(dataDir, { recursive: true, force: true });
      return `${KIND}: skipped (no PostgreSQL server: ${e.message})`;
    }
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  log(`${KIND}: starting the server`);
  const server = await startServer({ databaseUrl, dataDir, jwtSecret });
  const seedUrl = databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${JSON.parse(readFileSync(join(dataDir, 'embedded-db.json'), 'utf8')).port}/postgres`;
  const db = new pg.Client({ connectionString: seedUrl });
  await db.connect();
  try {
    const k = await seed(db);
    await db.query('ANALYZE');
    const { signAccessToken } = require(join(DIST, 'common', 'auth', 'access-tokens.js'));
    const headers = () => ({ authorization: `Bearer ${signAccessToken({ id: k.owner.id, username: k.owner.username, role: 'admin' }, jwtSecret, new Date())}`, 'content-type': 'application/json' });
    const api = `${server.base}/api/v1/schools/${k.schoolId}`;
    const bell = {
      schedules: [{ name: 'Week', days: [1, 2, 3, 4, 5, 6], periods: Array.from({ length: PERIODS }, (_, i) => ({ period: i + 1, startsAt: `${String(8 + i).padStart(2, '0')}:00`, endsAt: `${String(8 + i).padStart(2, '0')}:40` })), breaks: [] }],
      dailyLoadLimit: null,
    };
    await timed(() => fetch(`${api}/bell-schedules`, { method: 'PUT', headers: headers(), body: JSON.stringify(bell) }));
    // Section i, day d, period p: teacher (i + p + d) mod 60 — never two sections with one teacher at once.
    const week = (i) => ({
      slots: [1, 2, 3, 4, 5, 6].flatMap((day) =>
        Array.from({ length: PERIODS }, (_, j) => ({ day, period: j + 1, subjectId: k.subjects[j], teacherId: k.staff[(i + j + day) % 60] })),
      ),
    });
    log(`saving a full week (${6 * PERIODS} lessons) for each of ${k.sections.length} sections, twice`);
    const first = [];
    for (const [i, id] of k.sections.entries()) first.push(await timed(() => fetch(`${api}/sections/${id}/timetable`, { method: 'PUT', headers: headers(), body: JSON.stringify(week(i)) })));
    const again = [];
    for (const [i, id] of k.sections.entries()) again.push(await timed(() => fetch(`${api}/sections/${id}/timetable`, { method: 'PUT', headers: headers(), body: JSON.stringify(week(i)) })));
    log('free teachers: 8 periods × 20 rounds');
    const free = [];
    for (let r = 0; r < 20; r += 1) {
      for (let p = 1; p <= PERIODS; p += 1) free.push(await timed(() => fetch(`${api}/substitutions/free-teachers?date=2026-08-03&period=${p}`, { headers: headers() })));
    }
    const check = await (await fetch(`${api}/substitutions/free-teachers?date=2026-08-03&period=1`, { headers: headers() })).json();
    if (check.data.items.length !== TEACHERS - 60) throw new Error(`free teachers: expected ${TEACHERS - 60}, got ${check.data.items.length}`);
    log('the whole school’s timetable, 20 times');
    const whole = [];
    for (let r = 0; r < 20; r += 1) whole.push(await timed(() => fetch(`${api}/timetable`, { headers: headers() })));

    const rows = [
      ['Save a full week (first)', stats(first)],
      ['Save a full week (replace)', stats(again)],
      ['Free teachers in a period', stats(free)],
      ['Whole-school timetable (2,880 lessons)', stats(whole)],
    ];
    const table = ['| call | n | p50 ms | p99 ms | max ms |', '|---|---|---|---|---|', ...rows.map(([name, s]) => `| ${name} | ${s.n} | ${s.p50} | ${s.p99} | ${s.max} |`)].join('\n');
    console.log(table);
    return `**${KIND === 'embedded' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL server'}**\n\n${table}`;
  } finally {
    await db.end();
    await server.stop();
    await dropDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(join(DIST, 'main.js'))) throw new Error('backend/dist is missing: run `npm run build` (npm run bench does it first).');
  const m = machine();
  const parts = [];
  for (const kind of KINDS) parts.push(await benchDatabase(kind));
  if (!process.env.BENCH_NO_REPORT) {
    writeBlock(
      'timetable',
      'Timetable',
      `One school of 60 sections and 70 teachers, Monday–Saturday, 8 periods; one request at a time over loopback.\n${machineLine(m)}\n\n${parts.join('\n\n')}`,
    );
    log('Updated docs/performance.md');
  }
}

main().catch((e) => {
  console.error('[bench:timetable] failed:', e.message);
  process.exit(1);
});
