#!/usr/bin/env node
// Attendance benchmark (issue 16), part of `npm run bench`: BENCH_ATT_SCHOOLS schools (1,000 by
// default) × 30 sections (15 classes × 2) with 40 students each, seeded straight into the database
// with set-based SQL, and a month of marks in every section of the measured school. It starts the
// built server (backend/dist/main.js) as `npm start` does, then measures over HTTP, one request at a
// time, beside the bare endpoint (GET /api/v1/health):
//   1. saving a section of 40 (PUT …/attendance/{date}, three exceptions, replacing the day's marks);
//   2. the month register of a section of 40 (GET …/attendance?month=).
// Prints the figures and rewrites the "Attendance" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped)
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ATT_SCHOOLS=1000 BENCH_ATT_ROUNDS=100
// BENCH_ATTENDANCE_PORT=3353 BENCH_NO_REPORT=1
import { bearer, benchEachDatabase, databaseSection, latencyTable, logger, onDatabase, stats, timed } from './support.mjs';

const PORT = Number(process.env.BENCH_ATTENDANCE_PORT ?? 3353);
const SCHOOLS = Number(process.env.BENCH_ATT_SCHOOLS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ATT_ROUNDS ?? 100);
const YEAR = '2026-27';
const MONTH = '2026-10';
const log = logger('attendance');

/** SCHOOLS schools × 30 sections × 40 students; October's marks for the first school's sections. */
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
  const students = (await db.query(`SELECT id FROM students WHERE school_id = $1 AND section_id = $2 ORDER BY roll_number`, [schoolId, sections[0]])).rows.map((r) => r.id);
  return { owner, schoolId, sections, students };
}

/** The figures on one database, as a markdown table (or why it was skipped). */
async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  return onDatabase(KIND, { name: 'att', port: PORT }, async ({ server, db, jwtSecret }) => {
    const k = await seed(db);
    await db.query('ANALYZE');
    const auth = bearer(k.owner, jwtSecret);
    const headers = () => ({ authorization: auth(), 'content-type': 'application/json' });
    const api = `${server.base}/api/v1/schools/${k.schoolId}`;
    // Absence e-mails off: the bench measures the save, not the mail queue.
    await timed(() => fetch(`${api}/attendance/settings`, { method: 'PUT', headers: headers(), body: JSON.stringify({ absenceNotices: false }) }));
    const body = (round) =>
      JSON.stringify({
        records: k.students.map((id, i) => ({ studentId: id, status: i === round % 40 ? 'absent' : i === (round + 7) % 40 ? 'late' : i === (round + 13) % 40 ? 'half_day' : 'present' })),
      });
    // A past working day (a Thursday), so the bench runs on any date.
    const day = '2026-10-29';
    log(`saving a section of 40 and the month register, ${ROUNDS} rounds each, beside the bare endpoint`);
    const bare = [];
    for (let r = 0; r < ROUNDS; r += 1) bare.push(await timed(() => fetch(`${server.base}/api/v1/health`)));
    const save = [];
    for (let r = 0; r < ROUNDS; r += 1) save.push(await timed(() => fetch(`${api}/sections/${k.sections[0]}/attendance/${day}`, { method: 'PUT', headers: headers(), body: body(r) })));
    const register = [];
    for (let r = 0; r < ROUNDS; r += 1) register.push(await timed(() => fetch(`${api}/sections/${k.sections[r % k.sections.length]}/attendance?month=${MONTH}`, { headers: headers() })));
    const check = await (await fetch(`${api}/sections/${k.sections[0]}/attendance?month=${MONTH}`, { headers: headers() })).json();
    if (check.data.register.students.length !== 40) throw new Error(`register: expected 40 students, got ${check.data.register.students.length}`);

    const rows = [
      ['Bare endpoint (GET /health)', stats(bare)],
      ['Save a section of 40 (replace, 3 exceptions)', stats(save)],
      ['Month register of a section of 40', stats(register)],
    ];
    const table = latencyTable(rows);
    console.log(table);
    return databaseSection(KIND, table);
  });
}

benchEachDatabase(
  {
    name: 'attendance',
    block: 'attendance',
    title: 'Attendance',
    intro: `${SCHOOLS} schools × 30 sections × 40 students in the database, a month of marks in the measured school; one request at a time over loopback.`,
  },
  benchDatabase,
);
