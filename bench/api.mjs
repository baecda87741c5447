#!/usr/bin/env node
// API benchmark (issue 8), part of `npm run bench`. For each database — the embedded PostgreSQL
// (PGlite) and a real PostgreSQL server — it starts the built server exactly as `npm start` runs it
// (backend/dist/main.js, its own process), seeds data straight into the database, and loads it with
// autocannon over loopback from this process:
//   1. GET /api/v1/health (one `SELECT 1` through the same Fastify + Nest + TypeORM stack: the bare
//      endpoint) and GET /api/v1/auth/my-school-detailed for a full school (15 classes × 4
//      sections × 8 subjects), one after the other, with 10 schools in the database: throughput ratio;
//   2. the same dashboard call with 10,000 full schools in the database: ratio of the p99s;
//   3. the dashboard call again while real logins (argon2id verification) run at 40 a second.
// Prints the figures and rewrites the "API" block of docs/performance.md.
//
// Options (environment): BENCH_DB=embedded,postgres  BENCH_DURATION=10 (seconds per measurement)
// BENCH_SCHOOLS=10000  BENCH_CONNECTIONS=10  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
// BENCH_API_PORT=3351  BENCH_NO_REPORT=1 (print only)  BENCH_PROFILE=1 (run the server under
// --cpu-prof and print where its CPU time went: the functions with the most time, inclusive and
// self)  BENCH_PROFILE_CALLERS=<function name> (with BENCH_PROFILE: who calls that function).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { machine, machineLine, root, writeBlock } from './report.mjs';
import { ADMIN_URL, bearer, databaseKinds, DIST, ensureBuilt, logger, onDatabase, sleep, stats } from './support.mjs';

const require = createRequire(import.meta.url);

const DBS = databaseKinds();
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Math.max(2, Math.round(DURATION / 3));
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOGIN_RATE = 40;
const LOGIN_ACCOUNTS = 800;
// Enough connections that the offered rate is kept even while logins queue (an open-loop arrival of
// 40 a second, as from many users): each connection has one login in flight at a time.
const LOGIN_CONNECTIONS = 40;
const PORT = Number(process.env.BENCH_API_PORT ?? 3351);
const PASSWORD = 'Bench-Kanpur-4217';
const YEAR = '2025-26';
const CLASSES = ['Nursery', 'LKG', 'UKG', ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)];
const SECTIONS = ['A', 'B', 'C', 'D'];
const SUBJECTS_PER_CLASS = 8;
const AIMS = { ratio: 0.6, scaleP99: 1.2, loginP99: 50 };
const REBUILDS = 200;

const log = logger('api');

// ---------------------------------------------------------------- database

/** Users (verified administrators) and their full schools n = from … to, in batches, in SQL. */
async function seedSchools(db, from, to) {
  for (let a = from; a <= to; a += 500) {
    const b = Math.min(to, a + 499);
    // Fresh statistics every 2,500 schools, as autovacuum keeps them on a server (the embedded database
    // has no autovacuum): planned on the 10-school figures, the triggers' key lookups scan whole tables.
    if (a > from && (a - from) % 2500 === 0) await db.query('ANALYZE');
    await db.query(
      `WITH u AS (
         INSERT INTO users (username, email, password_hash, role, is_email_verified)
         SELECT 'bench_s' || n, 'bench_s' || n || '@bench.test', 'x', 'admin', true FROM generate_series($1::int, $2::int) n
         RETURNING id, substr(username, 8) AS n),
       s AS (
         INSERT INTO schools (owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code,
                              is_active, approval_status, approved_at, trial_ends_at)
         SELECT u.id, 'Bench Vidya Mandir ' || u.n, 'bench-' || u.n, 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines',
                'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days'
         FROM u RETURNING id),
       c AS (
         INSERT INTO classes (school_id, academic_year, name)
         SELECT s.id, $3, cn FROM s CROSS JOIN unnest($4::text[]) AS cn RETURNING id, school_id),
       sec AS (
         INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, sn FROM c CROSS JOIN unnest($5::text[]) AS sn RETURNING 1)
       INSERT INTO class_subjects (school_id, class_id, subject_id)
       SELECT c.school_id, c.id, g.id FROM c CROSS JOIN (SELECT id FROM global_subjects ORDER BY sort_order LIMIT $6) g`,
      [a, b, YEAR, CLASSES, SECTIONS, SUBJECTS_PER_CLASS],
    );
  }
}

async function seedLoginAccounts(db, hash) {
  await db.query(
    `INSERT INTO users (username, email, password_hash, role, is_email_verified)
     SELECT 'bench_l' || n, 'bench_l' || n || '@bench.test', $2, 'admin', true FROM generate_series(0, $1::int - 1) n`,
    [LOGIN_ACCOUNTS, hash],
  );
}

async function counts(db) {
  const [row] = (
    await db.query(`SELECT (SELECT count(*) FROM schools)::int AS schools, (SELECT count(*) FROM classes)::int AS classes,
                           (SELECT count(*) FROM sections)::int AS sections, (SELECT count(*) FROM class_subjects)::int AS class_subjects`)
  ).rows;
  return row;
}

// ---------------------------------------------------------------- load

function summarize(r) {
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

async function load(opts) {
  return summarize(await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }));
}

// ---------------------------------------------------------------- one database

async function benchDatabase(kind, hash) {
  log(`${kind}: starting the server`);
  const profiling = !!process.env.BENCH_PROFILE;
  const r = await onDatabase(
    kind,
    {
      name: 'api',
      port: PORT,
      // Logins come from many client addresses (X-Forwarded-For), as behind one load balancer.
      extraEnv: { TRUST_PROXY: '1' },
      flags: (dataDir) => (profiling ? ['--cpu-prof', `--cpu-prof-dir=${join(dataDir, 'profile')}`] : []),
      afterStop: ({ dataDir }) => (profiling ? printProfile(kind, join(dataDir, 'profile')) : undefined),
    },
    ({ server, db, jwtSecret }) => measure(kind, hash, server, db, jwtSecret),
  );
  return r.skipped ? { kind, skipped: `no PostgreSQL server at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} (${r.skipped}); set BENCH_DATABASE_URL` } : r;
}

/** The measurements on one database, the server started on it and `db` connected to it for seeding. */
async function measure(kind, hash, server, db, jwtSecret) {
  const version = (await db.query('SELECT version() AS v')).rows[0].v.split(' on ')[0].split(',')[0];
  log(`${kind}: ${version}; seeding ${LOGIN_ACCOUNTS} login accounts and 10 full schools`);
  await seedLoginAccounts(db, hash);
  await seedSchools(db, 1, 10);
  await db.query('ANALYZE');

  const owner = (await db.query(`SELECT id, username FROM users WHERE username = 'bench_s1'`)).rows[0];
  // Tokens live 15 minutes: a fresh one for each phase.
  const auth = bearer(owner, jwtSecret);
  const health = { url: `${server.base}/api/v1/health` };
  const dashboard = () => ({ url: `${server.base}/api/v1/auth/my-school-detailed`, headers: { authorization: auth() } });

  const check = await fetch(dashboard().url, { headers: dashboard().headers });
  const text = await check.text();
  const summary = JSON.parse(text).data;
  const shape = `${summary?.classes?.length} classes, ${summary?.totalSections} sections, ${summary?.classes?.[0]?.subjects?.length} subjects a class`;
  if (check.status !== 200 || summary.classes.length !== 15 || summary.totalSections !== 60 || summary.classes[0].subjects.length !== 8) {
    throw new Error(`the dashboard call did not answer the full school: ${check.status} ${shape}`);
  }
  log(`${kind}: dashboard answers ${shape} (${text.length} bytes)`);

  log(`${kind}: warming up, then health and dashboard for ${DURATION} s each`);
  await autocannon({ ...health, connections: CONNECTIONS, duration: WARMUP });
  await autocannon({ ...dashboard(), connections: CONNECTIONS, duration: WARMUP });
  const bare = await load(health);
  const at10 = await load(dashboard());
  log(`${kind}: health ${bare.rps} req/s p99 ${bare.p99} ms; dashboard ${at10.rps} req/s p99 ${at10.p99} ms`);

  // The read model's other path: the first read after a change rebuilds the stored summary.
  // Measured one call at a time, each after a change (a version bump, as the triggers make it).
  const rebuildMs = [];
  const schoolId = (await db.query(`SELECT id FROM schools WHERE owner_id = $1`, [owner.id])).rows[0].id;
  for (let i = 0; i < REBUILDS; i++) {
    await db.query(`UPDATE school_summaries SET data_version = data_version + 1 WHERE school_id = $1`, [schoolId]);
    const started = process.hrtime.bigint();
    const res = await fetch(dashboard().url, { headers: dashboard().headers });
    await res.arrayBuffer();
    rebuildMs.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.status !== 200) throw new Error(`a rebuild answered ${res.status}`);
  }
  const rebuild = stats(rebuildMs);
  log(`${kind}: a read after a change (rebuild) p50 ${rebuild.p50} ms p99 ${rebuild.p99} ms, one at a time`);

  log(`${kind}: seeding up to ${SCHOOLS} full schools`);
  const seedStart = Date.now();
  await seedSchools(db, 11, SCHOOLS);
  await db.query('ANALYZE');
  const rows = await counts(db);
  const seedSeconds = ((Date.now() - seedStart) / 1000).toFixed(0);
  log(`${kind}: ${JSON.stringify(rows)} in ${seedSeconds} s`);
  await autocannon({ ...dashboard(), connections: CONNECTIONS, duration: WARMUP });
  const atScale = await load(dashboard());
  log(`${kind}: dashboard at ${SCHOOLS} schools ${atScale.rps} req/s p99 ${atScale.p99} ms`);

  log(`${kind}: ${LOGIN_RATE} logins a second, with the dashboard loaded alongside`);
  let n = 0;
  const logins = autocannon({
    url: `${server.base}/api/v1/auth/login`,
    connections: LOGIN_CONNECTIONS,
    overallRate: LOGIN_RATE,
    duration: DURATION + WARMUP + 2,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            body: JSON.stringify({ username: `bench_l${i % LOGIN_ACCOUNTS}`, password: PASSWORD }),
          };
        },
      },
    ],
  });
  await sleep(WARMUP * 1000);
  const underLogins = await load(dashboard());
  const loginRun = summarize(await logins);
  log(`${kind}: dashboard under logins ${underLogins.rps} req/s p99 ${underLogins.p99} ms; logins ${loginRun.rps}/s p99 ${loginRun.p99} ms, ${loginRun.failures} failed`);

  const loadAfter = loadavg().map((l) => l.toFixed(2)).join(', ');
  return { kind, version, shape, bytes: text.length, rows, seedSeconds, bare, at10, rebuild, atScale, underLogins, logins: loginRun, loadAfter };
}

/** The server's CPU profile (whole run): the functions that took the most time, inclusive of what they called. */
function printProfile(kind, dir) {
  const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : undefined;
  if (!file) return log(`${kind}: no CPU profile was written`);
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(`file://${root}/`, '')}:${n.callFrame.lineNumber + 1}`;
  const inclusive = new Map();
  let total = 0;
  for (const [id, t] of self) {
    total += t;
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = name(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + t);
    }
  }
  const top = [...inclusive].filter(([k]) => !/^\(root\)|^\(program\)|^\(idle\)|processTicksAndRejections|runMicrotasks|^\(anonymous\) :0|listOnTimeout|processTimers/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 40);
  log(`${kind}: CPU profile, ${(total / 1e6).toFixed(1)} s sampled; most time, inclusive:`);
  for (const [k, t] of top) console.log(`${((100 * t) / total).toFixed(1).padStart(6)} %  ${k}`);
  const selfByName = new Map();
  for (const [id, t] of self) {
    const k = name(byId.get(id));
    selfByName.set(k, (selfByName.get(k) ?? 0) + t);
  }
  log(`${kind}: most time, self:`);
  const topSelf = [...selfByName].filter(([k]) => !/^\(idle\)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, t] of topSelf) console.log(`${((100 * t) / total).toFixed(1).padStart(6)} %  ${k}`);
  // BENCH_PROFILE_CALLERS=<function name>: who calls it (two frames up), by self time of the callee.
  const wanted = process.env.BENCH_PROFILE_CALLERS;
  if (wanted) {
    const callers = new Map();
    for (const [id, t] of self) {
      const n = byId.get(id);
      if (n.callFrame.functionName !== wanted) continue;
      const up1 = byId.get(parent.get(id));
      const up2 = up1 && byId.get(parent.get(up1.id));
      const k = `${up1 ? name(up1) : '?'}  <-  ${up2 ? name(up2) : '?'}`;
      callers.set(k, (callers.get(k) ?? 0) + t);
    }
    log(`${kind}: callers of ${wanted}:`);
    for (const [k, t] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${((100 * t) / total).toFixed(1).padStart(6)} %  ${k}`);
  }
}

// ---------------------------------------------------------------- report

const pct = (x) => `${Math.round(x * 100)} %`;
const verdict = (ok) => (ok ? 'aim met' : '**aim not met**');

function markdown(m, results) {
  const lines = [
    machineLine(m),
    '',
    `Measured by \`npm run bench\` (bench/api.mjs): the built server (\`backend/dist/main.js\`, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`,`,
    `default pool of 10 connections) in its own process; autocannon in the bench process over loopback, ${CONNECTIONS} connections,`,
    `${DURATION} s per measurement after a ${WARMUP} s warm-up. The full school: 15 classes × 4 sections × 8 subjects (the`,
    'dashboard answer: the school, every class with its sections and subjects, totals and setup progress). The bare endpoint is',
    '`GET /api/v1/health`: one `SELECT 1` through the same Fastify + Nest + TypeORM + pg stack. Every seeded school is a full',
    'school. Logins are real `POST /api/v1/auth/login` calls (argon2id verification, a refresh-token session written) offered',
    `at a fixed ${LOGIN_RATE}/s over ${LOGIN_ACCOUNTS} seeded accounts, each from its own client address (X-Forwarded-For with`,
    '`TRUST_PROXY=1`, as behind one load balancer), so the per-address and per-account login limits (30 and 10 a minute) never',
    'trip; the production limits are unchanged.',
    '',
  ];
  for (const r of results) {
    if (r.skipped) {
      lines.push(`### ${r.kind === 'embedded' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL server'}`, '', `Not run: ${r.skipped}.`, '');
      continue;
    }
    const ratio = r.at10.rps / r.bare.rps;
    const scale = r.atScale.p99 / Math.max(1, r.at10.p99);
    lines.push(
      `### ${r.kind === 'embedded' ? 'Embedded PostgreSQL (PGlite, in the server process)' : 'PostgreSQL server (same machine)'}`,
      '',
      `${r.version}. After seeding: ${r.rows.schools} schools, ${r.rows.classes} classes, ${r.rows.sections} sections, ${r.rows.class_subjects} class subjects (seeded in ${r.seedSeconds} s). Dashboard answer: ${r.bytes} bytes. Load average when these measurements ended: ${r.loadAfter}.`,
      '',
      '| Call | Schools in the database | Requests/s | p50 | p99 | Requests | Failed |',
      '|---|---:|---:|---:|---:|---:|---:|',
      `| \`GET /health\` (bare: \`SELECT 1\`) | 10 | ${r.bare.rps} | ${r.bare.p50} ms | ${r.bare.p99} ms | ${r.bare.requests} | ${r.bare.failures} |`,
      `| \`GET /auth/my-school-detailed\` | 10 | ${r.at10.rps} | ${r.at10.p50} ms | ${r.at10.p99} ms | ${r.at10.requests} | ${r.at10.failures} |`,
      `| \`GET /auth/my-school-detailed\` | ${r.rows.schools} | ${r.atScale.rps} | ${r.atScale.p50} ms | ${r.atScale.p99} ms | ${r.atScale.requests} | ${r.atScale.failures} |`,
      `| \`GET /auth/my-school-detailed\` with logins alongside | ${r.rows.schools} | ${r.underLogins.rps} | ${r.underLogins.p50} ms | ${r.underLogins.p99} ms | ${r.underLogins.requests} | ${r.underLogins.failures} |`,
      `| \`POST /auth/login\` alongside (${LOGIN_RATE}/s offered) | ${r.rows.schools} | ${r.logins.rps} | ${r.logins.p50} ms | ${r.logins.p99} ms | ${r.logins.requests} | ${r.logins.failures} |`,
      '',
      `- Dashboard throughput ÷ bare endpoint: **${pct(ratio)}** (aim ≥ ${pct(AIMS.ratio)}: ${verdict(ratio >= AIMS.ratio)}).`,
      `- Dashboard p99 with ${r.rows.schools} schools ÷ with 10: **${scale.toFixed(2)}** (aim ≤ ${AIMS.scaleP99}: ${verdict(scale <= AIMS.scaleP99)}).`,
      `- The first read after a change rebuilds the stored summary (ADR 0004): p50 ${r.rebuild.p50} ms, p99 ${r.rebuild.p99} ms over ${REBUILDS} calls made one at a time, each after a change.`,
      `- Dashboard p99 with logins running (${LOGIN_RATE}/s offered, ${r.logins.rps}/s achieved${r.logins.rps < LOGIN_RATE * 0.95 ? ': argon2id saturated the two cores' : ''}): **${r.underLogins.p99} ms** (aim < ${AIMS.loginP99} ms: ${verdict(r.underLogins.p99 < AIMS.loginP99)}).`,
      '',
    );
  }
  lines.push(
    'How the dashboard call got here: `GET /auth/my-school-detailed` answers a stored summary (a read model in PostgreSQL,',
    'ADR 0004). Triggers keep it current, so a call is one indexed query whose text is sent as it is. Building the',
    'summary on every call (two queries, JSON per class, sorting, serializing) gave 11 % (embedded) and 18 % (PostgreSQL) in the',
    'run of 2026-11-22 07:44. Profiles (`BENCH_PROFILE=1 node bench/api.mjs` runs the server under `--cpu-prof` and prints',
    'the functions with the most CPU time, inclusive and self) also led to these fixes:',
    '- the success envelope written by a Fastify reply serializer instead of a Nest interceptor, whose RxJS and',
    '  `AsyncResource.bind` per request were about 40 % of a small request’s CPU (ADR 0005; every call gains, the bare',
    '  endpoint too);',
    '- the dashboard’s one query sent as a named prepared statement, planned once per connection (planning it on every',
    '  call was most of its database cost);',
    '- access tokens checked with an HMAC `KeyObject` made once (jsonwebtoken was parsing the string secret as a PEM key first);',
    '- helmet’s headers computed once instead of per request;',
    '- one shared `Intl.Collator` for natural order;',
    '- the embedded socket server writing each answer in one piece;',
    '- the stored body kept uncompressed (`STORAGE EXTERNAL`).',
    '',
    'With the embedded database, PostgreSQL runs on the server’s own event-loop thread (PGlite is WebAssembly in the same',
    'process), so its work queues with the HTTP work; the PostgreSQL server runs in its own processes. Under 40 logins a',
    'second argon2id (about 28 ms a verification here) takes more than one of the two cores.',
    '',
    'Percentiles are autocannon’s (millisecond resolution). On a 2-core machine the load generator, the server and (for',
    'the embedded database) PostgreSQL share the same two cores, and argon2id (19 MiB, t=2) at 40 logins/s takes a large share',
    'of them: the figures are a floor for a dedicated server, and they vary with whatever else the machine is doing (see the',
    'load average above).',
  );
  return lines.join('\n');
}

async function main() {
  ensureBuilt();
  const m = machine();
  log(machineLine(m));
  const { hashPassword } = require(join(DIST, 'modules', 'auth', 'password.service.js'));
  const hash = await hashPassword(PASSWORD);
  const results = [];
  for (const kind of DBS) {
    results.push(await benchDatabase(kind, hash));
  }
  const md = markdown(m, results);
  console.log(`\n${md}\n`);
  if (!process.env.BENCH_NO_REPORT) {
    writeBlock('api', 'API', md);
    log('updated docs/performance.md (API)');
  }
}

main().catch((e) => {
  console.error(`[bench:api] failed: ${e instanceof Error ? e.stack : e}`);
  process.exit(1);
});
