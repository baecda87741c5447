#!/usr/bin/env node
// Attendance benchmark (issues 16 and 37), part of `npm run bench`: BENCH_ATT_SCHOOLS schools (1,000 by
// default) × 30 sections (15 classes × 2) with 40 students each, seeded straight into the database
// with set-based SQL, and a month of marks in every section of the measured school, whose first ten
// sections each have their class teacher (a member with the teacher role). It starts the built server
// (backend/dist/main.js) as `npm start` does, then measures over HTTP, beside the bare endpoint
// (GET /api/v1/health) asked the same way:
//   1. saving a section of 40 (PUT …/attendance/{date}, three exceptions, replacing the day's marks),
//      one request at a time, each of the ten teachers in turn;
//   2. the morning rush (issue 37): the ten teachers saving their ten sections at the same moment,
//      each starting their next save when their last one answered (BENCH_ATT_CONCURRENT, 10);
//   3. the month register of a section of 40 (GET …/attendance?month=), one at a time;
//   4. what one save costs the database: a first save of a day and a replacing save are sent with an
//      X-Request-Id of `bench-count-…`, and bench/query-count.cjs (preloaded into the server) writes
//      down their round trips, statements and rows written.
// Prints the figures and rewrites the "Attendance" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped)
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ATT_SCHOOLS=1000 BENCH_ATT_ROUNDS=100
// BENCH_ATT_CONCURRENT=10 BENCH_ATTENDANCE_PORT=3353 BENCH_NO_REPORT=1 BENCH_ATT_SHOW_QUERIES=1 (prints the counted statements)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, benchEachDatabase, concurrently, databaseSection, latencyTable, logger, onDatabase, stats, timed } from './support.mjs';
import { root } from './report.mjs';

const PORT = Number(process.env.BENCH_ATTENDANCE_PORT ?? 3353);
const SCHOOLS = Number(process.env.BENCH_ATT_SCHOOLS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ATT_ROUNDS ?? 100);
const TEACHERS = Number(process.env.BENCH_ATT_CONCURRENT ?? 10);
const YEAR = '2026-27';
const MONTH = '2026-10';
// A past working day (a Thursday) with October's marks, replaced in the rush; and, for the cost of one
// save, the first school day after October (a Monday, after every mark as the morning's day is), or a
// day before October when the bench runs earlier than that.
const DAY = '2026-10-29';
const FIRST_DAY = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10) >= '2026-11-02' ? '2026-11-02' : '2026-09-01';
const log = logger('attendance');

/** SCHOOLS schools × 30 sections × 40 students; October's marks for the first school's sections; TEACHERS class teachers. */
async function seed(db) {
  log(`seeding ${SCHOOLS} schools × 30 sections × 40 students`);
  await db.query(
    `INSERT INTO users (username, email, password_hash, role, is_email_verified)
     SELECT 'bench_att_' || n, 'bench_att_' || n || '@bench.test', 'x', 'admin', true FROM generate_series(1, $1::int) n`,
    [SCHOOLS],
  );
  await db.query(
    `INSERT INTO schools (owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at)
     SELECT u.id, 'Bench Attendance School ' || substr(u.username, 11), 'bench-att-' || substr(u.username, 11), 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road',
            'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days'
       FROM users u WHERE u.username LIKE 'bench_att_%'`,
  );
  await db.query(
    `INSERT INTO classes (school_id, academic_year, name)
     SELECT s.id, $1, 'Class ' || c FROM schools s CROSS JOIN generate_series(1, 15) c WHERE s.subdomain LIKE 'bench-att-%'`,
    [YEAR],
  );
  await db.query(
    `INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, x FROM classes c JOIN schools s ON s.id = c.school_id CROSS JOIN (VALUES ('A'), ('B')) v(x) WHERE s.subdomain LIKE 'bench-att-%'`,
  );
  await db.query(
    `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, academic_year_id, class_id, section_id, roll_number)
     SELECT se.school_id, 'B' || substr(se.id::text, 1, 8) || '-' || r, 'Student', 'No ' || r, '2012-01-01', 'female', NULL, se.class_id, se.id, r
       FROM sections se JOIN schools s ON s.id = se.school_id CROSS JOIN generate_series(1, 40) r WHERE s.subdomain LIKE 'bench-att-%'`,
  );
  const owner = (await db.query(`SELECT id, username FROM users WHERE username = 'bench_att_1'`)).rows[0];
  const schoolId = (await db.query(`SELECT id FROM schools WHERE owner_id = $1`, [owner.id])).rows[0].id;
  const sections = (await db.query(`SELECT id FROM sections WHERE school_id = $1 ORDER BY id`, [schoolId])).rows.map((r) => r.id);
  // October's working days (Sundays off) marked in every section of the measured school.
  await db.query(
    `INSERT INTO attendance_days (school_id, section_id, date, marked_by, marked_at, first_marked_by, first_marked_at)
     SELECT $1, se.id, d::date, $2, now(), $2, now() FROM sections se CROSS JOIN generate_series('2026-10-01'::date, '2026-10-31'::date, interval '1 day') d
      WHERE se.school_id = $1 AND extract(dow FROM d) <> 0`,
    [schoolId, owner.id],
  );
  await db.query(
    `INSERT INTO attendance_marks (school_id, section_id, date, student_id, status)
     SELECT d.school_id, d.section_id, d.date, st.id, CASE WHEN st.roll_number % 9 = 0 THEN 'absent' WHEN st.roll_number % 13 = 0 THEN 'half_day' ELSE 'present' END
       FROM attendance_days d JOIN students st ON st.school_id = d.school_id AND st.section_id = d.section_id WHERE d.school_id = $1`,
    [schoolId],
  );
  // The morning's teachers: members with the teacher role, each the class teacher of one of the first sections.
  const teachers = (
    await db.query(
      `INSERT INTO users (username, email, password_hash, role, is_email_verified)
       SELECT 'bench_att_teacher_' || n, 'bench_att_teacher_' || n || '@bench.test', 'x', 'admin', true FROM generate_series(1, $1::int) n
       RETURNING id, username`,
      [TEACHERS],
    )
  ).rows.sort((a, b) => a.username.localeCompare(b.username, 'en', { numeric: true }));
  const mine = sections.slice(0, TEACHERS);
  await db.query(`INSERT INTO school_members (school_id, user_id, role) SELECT $1, u, 'teacher' FROM unnest($2::uuid[]) u`, [schoolId, teachers.map((t) => t.id)]);
  await db.query(
    `WITH t AS (SELECT u, se, k FROM unnest($2::uuid[], $3::uuid[]) WITH ORDINALITY AS x(u, se, k)),
          s AS (INSERT INTO staff (school_id, employee_code, name, user_id) SELECT $1, 'T' || k, 'Teacher ' || k, u FROM t RETURNING id, user_id)
     INSERT INTO section_class_teachers (school_id, section_id, staff_id) SELECT $1, t.se, s.id FROM t JOIN s ON s.user_id = t.u`,
    [schoolId, teachers.map((t) => t.id), mine],
  );
  const students = [];
  for (const sectionId of mine) {
    students.push((await db.query(`SELECT id FROM students WHERE school_id = $1 AND section_id = $2 ORDER BY roll_number`, [schoolId, sectionId])).rows.map((r) => r.id));
  }
  return { owner, schoolId, sections, teachers, students };
}

/**
 * Round trips, statements and rows written by the calls sent as `bench-count-…` (bench/query-count.cjs's
 * file): `written` as the statements report it, `tables` the rows each table had written in the
 * transaction (insights' triggers included), `total` their sum.
 */
function costs(file) {
  const by = new Map();
  if (!existsSync(file)) return by;
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const q = JSON.parse(line);
    const c = by.get(q.id) ?? { roundTrips: 0, statements: 0, written: 0, tables: {}, total: 0 };
    by.set(q.id, c);
    if (q.tables) {
      for (const [table, n] of Object.entries(q.tables)) c.tables[table] = (c.tables[table] ?? 0) + n;
      for (const [table, n] of Object.entries(c.tables)) if (n === 0) delete c.tables[table];
      c.total = Object.values(c.tables).reduce((a, b) => a + b, 0);
      if (process.env.BENCH_ATT_SHOW_QUERIES) log(`${q.id}: rows written by table: ${JSON.stringify(q.tables)}`);
      continue;
    }
    c.roundTrips += 1;
    c.statements += q.statements;
    c.written += q.written;
    if (process.env.BENCH_ATT_SHOW_QUERIES) log(`${q.id}: ${q.statements} statement(s), ${q.written} row(s) written: ${q.text}`);
  }
  return by;
}

/** The figures on one database, as a markdown table (or why it was skipped). */
async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  // bench/query-count.cjs writes the statements of the `bench-count-…` calls here.
  const countDir = mkdtempSync(join(tmpdir(), 'vidyalaya-bench-att-count-'));
  const countFile = join(countDir, 'queries.ndjson');
  const flags = ['--require', join(root, 'bench', 'query-count.cjs')];
  const extraEnv = { BENCH_QUERY_COUNT_FILE: countFile };
  try {
    return await onDatabase(KIND, { name: 'att', port: PORT, flags, extraEnv }, (ctx) => measure(KIND, ctx, countFile));
  } finally {
    rmSync(countDir, { recursive: true, force: true });
  }
}

async function measure(KIND, { server, db, jwtSecret }, countFile) {
  const k = await seed(db);
  await db.query('ANALYZE');
  const admin = bearer(k.owner, jwtSecret);
  const teacher = k.teachers.map((t) => bearer(t, jwtSecret));
  const api = `${server.base}/api/v1/schools/${k.schoolId}`;
  // Absence e-mails off: the bench measures the save, not the mail queue.
  await timed(() => fetch(`${api}/attendance/settings`, { method: 'PUT', headers: { authorization: admin(), 'content-type': 'application/json' }, body: JSON.stringify({ absenceNotices: false }) }));
  const body = (t, round) =>
    JSON.stringify({
      records: k.students[t].map((id, i) => ({ studentId: id, status: i === round % 40 ? 'absent' : i === (round + 7) % 40 ? 'late' : i === (round + 13) % 40 ? 'half_day' : 'present' })),
    });
  /** Teacher t saves their section's day (round: which three children are the exceptions). */
  const save = (t, round, day = DAY, requestId = undefined) =>
    timed(() =>
      fetch(`${api}/sections/${k.sections[t]}/attendance/${day}`, {
        method: 'PUT',
        headers: { authorization: teacher[t](), 'content-type': 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
        body: body(t, round),
      }),
    );
  const health = () => timed(() => fetch(`${server.base}/api/v1/health`));

  // Warm up the connections and the plans.
  await concurrently(30, TEACHERS, () => health());
  await Promise.all(k.teachers.map(async (_, t) => {
    for (let r = 0; r < 3; r += 1) await save(t, 100 + r);
  }));

  log(`${KIND}: bare endpoint and saves of a section of 40, ${ROUNDS} each, one at a time`);
  const bare = [];
  for (let r = 0; r < ROUNDS; r += 1) bare.push(await health());
  const one = [];
  for (let r = 0; r < ROUNDS; r += 1) one.push(await save(r % TEACHERS, r));

  log(`${KIND}: the morning rush: ${TEACHERS} teachers saving ${TEACHERS} sections at once, ${ROUNDS} saves each, beside the bare endpoint ${TEACHERS} at once`);
  const bareLoaded = await concurrently(ROUNDS * TEACHERS, TEACHERS, () => health());
  const rush = (await Promise.all(k.teachers.map(async (_, t) => {
    const times = [];
    for (let r = 0; r < ROUNDS; r += 1) times.push(await save(t, r + t));
    return times;
  }))).flat();

  log(`${KIND}: month register, ${ROUNDS} rounds, one at a time`);
  const register = [];
  for (let r = 0; r < ROUNDS; r += 1) register.push(await timed(() => fetch(`${api}/sections/${k.sections[r % k.sections.length]}/attendance?month=${MONTH}`, { headers: { authorization: admin() } })));
  const check = await (await fetch(`${api}/sections/${k.sections[0]}/attendance?month=${MONTH}`, { headers: { authorization: admin() } })).json();
  if (check.data.register.students.length !== 40) throw new Error(`register: expected 40 students, got ${check.data.register.students.length}`);

  // What one save costs: a first save of a day, then the same day replaced with three exceptions moved.
  await save(0, 0, FIRST_DAY, 'bench-count-first');
  await save(0, 1, FIRST_DAY, 'bench-count-replace');
  const cost = costs(countFile);
  const first = cost.get('bench-count-first');
  const replace = cost.get('bench-count-replace');
  if (!first || !replace) throw new Error('the query count is missing (bench/query-count.cjs not preloaded?)');
  const showCost = (c) =>
    `${c.roundTrips} round trips, ${c.statements} statements, ${c.total} rows written (${Object.entries(c.tables)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')})`;

  const s = { bare: stats(bare), one: stats(one), bareLoaded: stats(bareLoaded), rush: stats(rush), register: stats(register) };
  const rows = [
    ['Bare endpoint (GET /health), one at a time', s.bare],
    ['Save a section of 40 (replace, 3 exceptions), one at a time', s.one],
    [`Bare endpoint (GET /health), ${TEACHERS} at once`, s.bareLoaded],
    [`Save a section of 40, ${TEACHERS} teachers × ${TEACHERS} sections at once`, s.rush],
    ['Month register of a section of 40, one at a time', s.register],
  ];
  const table = latencyTable(rows);
  const ratio = (a, b) => (Number(a.p99) / Math.max(0.1, Number(b.p99))).toFixed(1);
  const notes = [
    `Save p99 at ${TEACHERS} at once: ${s.rush.p99} ms (the aim: ≤ ${KIND === 'postgres' ? 100 : 150} ms), ${ratio(s.rush, s.bareLoaded)}× the bare endpoint's at ${TEACHERS} at once; one at a time ${ratio(s.one, s.bare)}× bare.`,
    `One save's cost (a teacher, from the request's first statement to its answer): first of the day ${showCost(first)}; replacing the day ${showCost(replace)}.`,
  ].join(' ');
  console.log(`${table}\n\n${notes}`);
  return databaseSection(KIND, `${table}\n\n${notes}`);
}

benchEachDatabase(
  {
    name: 'attendance',
    block: 'attendance',
    title: 'Attendance',
    intro: `${SCHOOLS} schools × 30 sections × 40 students in the database, a month of marks in the measured school, ${TEACHERS} of its sections with their class teacher; over loopback. The ${TEACHERS} teachers save their own sections (each a replaced day, three exceptions), one request at a time and then all at once (each starting their next save when their last one answered), beside the bare endpoint asked the same way.`,
  },
  benchDatabase,
);
