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
import { bearer, benchEachDatabase, databaseSection, latencyTable, logger, onDatabase, stats, timed } from './support.mjs';

const PORT = Number(process.env.BENCH_TIMETABLE_PORT ?? 3352);
const YEAR = '2026-27';
const CLASSES = ['Nursery', 'LKG', 'UKG', ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)];
const SECTIONS = ['A', 'B', 'C', 'D'];
const PERIODS = 8;
const TEACHERS = 70;
const log = logger('timetable');

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

/** The figures on one database, as a markdown table (or why it was skipped). */
async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  return onDatabase(KIND, { name: 'tt', port: PORT }, async ({ server, db, jwtSecret }) => {
    const k = await seed(db);
    await db.query('ANALYZE');
    const auth = bearer(k.owner, jwtSecret);
    const headers = () => ({ authorization: auth(), 'content-type': 'application/json' });
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
    const table = latencyTable(rows);
    console.log(table);
    return databaseSection(KIND, table);
  });
}

benchEachDatabase(
  {
    name: 'timetable',
    block: 'timetable',
    title: 'Timetable',
    intro: `One school of 60 sections and 70 teachers, Monday–Saturday, 8 periods; one request at a time over loopback.`,
  },
  benchDatabase,
);
