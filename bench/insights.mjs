#!/usr/bin/env node
// Insights benchmark (issue 38 item 5), part of `npm run bench`: BENCH_INS_SCHOOLS schools in the
// database (1,000 by default: 999 of 40 students in one class with a fee structure) and the measured
// school of 2,000 students in 15 classes × 4 sections with a year of data: attendance marked on every
// working day (Sundays off) from 1 April to 20 November, four quarterly instalments per class with
// receipts for the first two quarters (some cancelled), RTE children, and a published exam of five
// subjects in two components (some AB); seeded straight into the database with set-based SQL. It
// starts the built server (backend/dist/main.js) as `npm start` does, then measures over HTTP, one
// request at a time, the four insights calls (GET …/insights/attendance, fees, results, strength)
// beside the bare endpoint (GET /api/v1/health) in the same run. The aim (issue 38): each call's p99
// ≤ 5× the bare endpoint's.
// Prints the figures and rewrites the "Insights" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped)
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_INS_SCHOOLS=1000
// BENCH_INS_ROUNDS=200 BENCH_INS_COMPUTED_ROUNDS=10 BENCH_INSIGHTS_PORT=3358 BENCH_NO_REPORT=1
import { bearer, benchEachDatabase, databaseSection, latencyTable, logger, onDatabase, stats, timed } from './support.mjs';

const PORT = Number(process.env.BENCH_INSIGHTS_PORT ?? 3358);
const SCHOOLS = Number(process.env.BENCH_INS_SCHOOLS ?? 1000);
// 200 a call: with 50, the p99 was the slowest answer of the run, one pause of the process (20–40 ms) in any
// of the five series decided the ratio; with 200 it is the second slowest.
const ROUNDS = Number(process.env.BENCH_INS_ROUNDS ?? 200);
const COMPUTED_ROUNDS = Number(process.env.BENCH_INS_COMPUTED_ROUNDS ?? 10);
const STUDENTS = 2000;
const OTHER_STUDENTS = 40;
const YEAR = '2026-27';
const CLASSES = ['Nursery', 'LKG', 'UKG', ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)];
const SECTIONS = ['A', 'B', 'C', 'D'];
const INSTALMENTS = [
  ['Quarter 1', '2026-04-10'],
  ['Quarter 2', '2026-07-10'],
  ['Quarter 3', '2026-10-10'],
  ['Quarter 4', '2027-01-10'],
];
// The last 30 school days up to 20 November (Sundays and no holiday off): the range the home page asks for.
const FROM = '2026-10-15';
const TO = '2026-11-20';
const log = logger('insights');
const SCHOOL_COLUMNS = `owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at`;

async function seed(db) {
  const owner = (await db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ('bench_ins_0', 'bench_ins_0@bench.test', 'x', 'admin', true) RETURNING id, username`)).rows[0];
  const school = (
    await db.query(
      `INSERT INTO schools (${SCHOOL_COLUMNS}, max_students)
       VALUES ($1, 'Bench Insights School 0', 'bench-ins-0', 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days', 5000)
       RETURNING id`,
      [owner.id],
    )
  ).rows[0];
  const others = (
    await db.query(
      `WITH u AS (
         INSERT INTO users (username, email, password_hash, role, is_email_verified)
         SELECT 'bench_ins_' || n, 'bench_ins_' || n || '@bench.test', 'x', 'admin', true FROM generate_series(1, $1::int - 1) n RETURNING id, username)
       INSERT INTO schools (${SCHOOL_COLUMNS})
       SELECT u.id, 'Bench Insights School ' || substr(u.username, 11), 'bench-ins-' || substr(u.username, 11), 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines',
              'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days'
         FROM u RETURNING id`,
      [SCHOOLS],
    )
  ).rows.map((r) => r.id);
  const all = [school.id, ...others];
  await db.query(`INSERT INTO academic_years (school_id, name, starts_on, ends_on, is_current) SELECT s, $2, '2026-04-01', '2027-03-31', true FROM unnest($1::uuid[]) s`, [all, YEAR]);

  // The measured school: 15 classes × 4 sections, 2,000 students (every 20th RTE, every 50th CWSN).
  await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT $1, $2, n FROM unnest($3::text[]) n`, [school.id, YEAR, CLASSES]);
  await db.query(`INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, x FROM classes c CROSS JOIN unnest($2::text[]) x WHERE c.school_id = $1`, [school.id, SECTIONS]);
  await db.query(
    `WITH se AS (SELECT se.id, se.class_id, row_number() OVER (ORDER BY se.id) - 1 AS k, count(*) OVER () AS n FROM sections se WHERE se.school_id = $1)
     INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number, rte, cwsn)
     SELECT $1, 'ADM-' || lpad(g::text, 5, '0'), 'Student', 'No ' || g, DATE '2014-01-01' + (g % 1500), CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
            se.class_id, se.id, 1 + g / se.n, g % 20 = 0, g % 50 = 0
       FROM generate_series(1, $2::int) g JOIN se ON se.k = g % se.n`,
    [school.id, STUDENTS],
  );
  // The others: one class of 40.
  await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT id, $2, 'Class 5' FROM unnest($1::uuid[]) id`, [others, YEAR]);
  await db.query(`INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, 'A' FROM classes c WHERE c.school_id = ANY($1::uuid[])`, [others]);
  await db.query(
    `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number)
     SELECT se.school_id, 'S-' || g, 'Student', 'No ' || g, DATE '2015-01-01' + g, CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END, se.class_id, se.id, g
       FROM sections se CROSS JOIN generate_series(1, $2::int) g WHERE se.school_id = ANY($1::uuid[])`,
    [others, OTHER_STUDENTS],
  );

  // A year of attendance in the measured school: every working day from 1 April to 20 November in every
  // section; every 9th roll absent, every 13th on a half day, every 17th late, on a rotating day.
  await db.query(
    `INSERT INTO attendance_days (school_id, section_id, date, marked_by, marked_at, first_marked_by, first_marked_at)
     SELECT $1, se.id, d::date, $2, now(), $2, now() FROM sections se CROSS JOIN generate_series('2026-04-01'::date, $3::date, interval '1 day') d
      WHERE se.school_id = $1 AND extract(dow FROM d) <> 0`,
    [school.id, owner.id, TO],
  );
  await db.query(
    `INSERT INTO attendance_marks (school_id, section_id, date, student_id, status)
     SELECT d.school_id, d.section_id, d.date, st.id,
            CASE WHEN (st.roll_number + extract(doy FROM d.date)::int) % 9 = 0 THEN 'absent' WHEN (st.roll_number + extract(doy FROM d.date)::int) % 13 = 0 THEN 'half_day'
                 WHEN (st.roll_number + extract(doy FROM d.date)::int) % 17 = 0 THEN 'late' WHEN st.roll_number % 7 = 0 AND extract(dow FROM d.date) = 6 THEN 'leave' ELSE 'present' END
       FROM attendance_days d JOIN students st ON st.school_id = d.school_id AND st.section_id = d.section_id WHERE d.school_id = $1`,
    [school.id],
  );

  // Fees: tuition ₹9,000 and transport ₹3,000 a quarter in every class of every school; in the measured
  // school the first quarter paid in April by three students in four, the second in July by half, one
  // receipt in fifty cancelled; a 10 % sibling concession for every 25th student.
  await db.query(`INSERT INTO fee_heads (school_id, name, tuition) SELECT s, h.name, h.tuition FROM unnest($1::uuid[]) s CROSS JOIN (VALUES ('Tuition fee', true), ('Transport', false)) h(name, tuition)`, [all]);
  await db.query(`INSERT INTO fee_structures (school_id, class_id, academic_year) SELECT c.school_id, c.id, $2 FROM classes c WHERE c.school_id = ANY($1::uuid[])`, [all, YEAR]);
  await db.query(
    `INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on)
     SELECT fs.school_id, fs.id, q.position, q.name, q.due_on::date
       FROM fee_structures fs CROSS JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY AS q(name, due_on, position) WHERE fs.school_id = ANY($1::uuid[])`,
    [all, INSTALMENTS.map((i) => i[0]), INSTALMENTS.map((i) => i[1])],
  );
  await db.query(
    `INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount)
     SELECT i.school_id, i.id, h.id, CASE WHEN h.tuition THEN 1 ELSE 2 END, CASE WHEN h.tuition THEN 900000 ELSE 300000 END
       FROM fee_instalments i JOIN fee_heads h ON h.school_id = i.school_id WHERE i.school_id = ANY($1::uuid[])`,
    [all],
  );
  await db.query(
    `INSERT INTO fee_concessions (school_id, student_id, kind, percent) SELECT school_id, id, 'sibling', 10 FROM students WHERE school_id = $1 AND substr(admission_number, 5)::int % 25 = 0`,
    [school.id],
  );
  let seq = 0;
  for (const [position, paidOn, every] of [
    [1, '2026-04-08', 4],
    [2, '2026-07-08', 2],
  ]) {
    const rows = (
      await db.query(
        `WITH p AS (
           SELECT st.id, st.admission_number, c.name || ' ' || se.name AS class_name, $4::int + row_number() OVER (ORDER BY st.admission_number) AS seq
             FROM students st JOIN classes c ON c.id = st.class_id JOIN sections se ON se.id = st.section_id
            WHERE st.school_id = $1 AND NOT st.rte AND substr(st.admission_number, 5)::int % $5::int <> 0),
         r AS (
           INSERT INTO fee_receipts (school_id, financial_year, seq, number, student_id, student_name, admission_number, class_name, amount, mode, paid_on, status, cancelled_at, cancel_reason)
           SELECT $1, $2::text, p.seq, $2::text || '/' || lpad(p.seq::text, 6, '0'), p.id, 'Student', p.admission_number, p.class_name, 1200000,
                  CASE WHEN p.seq % 3 = 0 THEN 'upi' ELSE 'cash' END, $3::date,
                  CASE WHEN p.seq % 50 = 0 THEN 'cancelled' ELSE 'active' END, CASE WHEN p.seq % 50 = 0 THEN now() END, CASE WHEN p.seq % 50 = 0 THEN 'Cheque bounced' END
             FROM p RETURNING id, student_id)
         INSERT INTO fee_allocations (school_id, receipt_id, instalment_id, head_id, amount)
         SELECT $1, r.id, i.id, it.head_id, it.amount
           FROM r JOIN students st ON st.school_id = $1 AND st.id = r.student_id
           JOIN fee_structures fs ON fs.school_id = $1 AND fs.class_id = st.class_id
           JOIN fee_instalments i ON i.school_id = $1 AND i.structure_id = fs.id AND i.position = $6::int
           JOIN fee_instalment_items it ON it.school_id = $1 AND it.instalment_id = i.id
         RETURNING receipt_id`,
        [school.id, YEAR, paidOn, seq, every, position],
      )
    ).rows;
    seq += new Set(rows.map((r) => r.receipt_id)).size;
  }
  await db.query(`INSERT INTO fee_receipt_counters (school_id, financial_year, next_value) VALUES ($1, $2, $3)`, [school.id, YEAR, seq + 1]);

  // A published half-yearly exam of every class: five subjects, a periodic test of 20 and a written paper of 80; one mark in 40 AB.
  const subjects = (await db.query(`SELECT id FROM global_subjects ORDER BY sort_order, name LIMIT 5`)).rows.map((r) => r.id);
  const exam = (
    await db.query(
      `INSERT INTO exams (school_id, name, academic_year, class_ids, components, published_at)
       SELECT $1, 'Half-yearly', $2, array_agg(id), $3::jsonb, '2026-10-15T06:00:00Z' FROM classes WHERE school_id = $1 RETURNING id`,
      [school.id, YEAR, JSON.stringify([{ name: 'Periodic test', maxMarks: 20 }, { name: 'Written', maxMarks: 80 }])],
    )
  ).rows[0];
  await db.query(
    `INSERT INTO exam_marks (school_id, exam_id, student_id, subject_id, component, marks, absent, section_id)
     SELECT $1, $2, st.id, sub, comp.name, CASE WHEN (st.roll_number + comp.k + ord) % 40 = 0 THEN NULL ELSE (comp.max * (35 + (st.roll_number * 7 + ord * 11) % 65)) / 100 END,
            (st.roll_number + comp.k + ord) % 40 = 0, st.section_id
       FROM students st CROSS JOIN unnest($3::uuid[]) WITH ORDINALITY AS s(sub, ord) CROSS JOIN (VALUES ('Periodic test', 20, 0), ('Written', 80, 1)) comp(name, max, k)
      WHERE st.school_id = $1`,
    [school.id, exam.id, subjects],
  );
  return { owner, schoolId: school.id, examId: exam.id };
}

async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  return onDatabase(KIND, { name: 'ins', port: PORT }, async ({ server, db, jwtSecret }) => {
    log(`${KIND}: seeding ${SCHOOLS} schools and the measured school's year`);
    const t0 = performance.now();
    const k = await seed(db);
    await db.query('ANALYZE');
    const seedSeconds = ((performance.now() - t0) / 1000).toFixed(0);
    const [{ n: marks }] = (await db.query(`SELECT count(*)::int AS n FROM attendance_marks WHERE school_id = $1`, [k.schoolId])).rows;
    const [{ n: receipts }] = (await db.query(`SELECT count(*)::int AS n FROM fee_receipts WHERE school_id = $1`, [k.schoolId])).rows;
    const auth = bearer(k.owner, jwtSecret);
    const api = `${server.base}/api/v1/schools/${k.schoolId}/insights`;
    const calls = [
      ['Attendance (GET /insights/attendance, 30 school days, the 75 % count from 1 April)', `${api}/attendance?from=${FROM}&to=${TO}`],
      ['Fees (GET /insights/fees: 12 months, modes, ageing)', `${api}/fees?academicYear=${YEAR}`],
      ['Results (GET /insights/results: the last published exam)', `${api}/results`],
      ['Strength (GET /insights/strength)', `${api}/strength`],
    ];
    const get = (url) => () => fetch(url, { headers: { authorization: auth() } });
    const health = get(`${server.base}/api/v1/health`);

    // Each answer checked once (and the plans warmed).
    const answer = async (url) => {
      const t1 = performance.now();
      const res = await get(url)();
      const body = await res.json();
      if (!res.ok) throw new Error(`${url.slice(url.indexOf('/insights'))}: ${res.status} after ${Math.round(performance.now() - t1)} ms: ${JSON.stringify(body).slice(0, 300)}`);
      return body.data;
    };
    const att = await answer(calls[0][1]);
    if (att.days.length < 25 || att.classes.length !== 15) throw new Error(`attendance: ${att.days.length} days, ${att.classes.length} classes`);
    const fees = await answer(calls[1][1]);
    if (fees.months.length !== 12 || !fees.months[0].collectedPaise) throw new Error(`fees: ${JSON.stringify(fees.months[0])}`);
    const results = await answer(calls[2][1]);
    if (results.exam?.id !== k.examId || results.subjects.length !== 5 || results.sections.length !== 60) throw new Error(`results: ${results.subjects.length} subjects, ${results.sections.length} sections`);
    const strength = await answer(calls[3][1]);
    const total = strength.classes.reduce((sum, c) => sum + c.boys + c.girls + c.other, 0);
    if (total !== STUDENTS) throw new Error(`strength: ${total} students`);
    for (let i = 0; i < 3; i += 1) for (const [, url] of calls) await timed(get(url));

    log(`${KIND}: the bare endpoint and the four insights calls, ${ROUNDS} each, one at a time`);
    const bare = [];
    for (let i = 0; i < ROUNDS; i += 1) bare.push(await timed(health));
    const measured = [];
    for (const [name, url] of calls) {
      const times = [];
      for (let i = 0; i < ROUNDS; i += 1) times.push(await timed(get(url)));
      measured.push([name, stats(times)]);
    }
    // Attendance, fees and results are answers kept with the version of what they read (docs/insights.md):
    // the rows above are the kept answer's reads; these are the same calls right after a write to what
    // they read (a row in the topic's change log), computed again, as a principal's first look after
    // the office has written.
    const topics = { Attendance: 'attendance', Fees: 'fees', Results: 'results' };
    const computed = [];
    for (const [name, url] of calls) {
      const short = name.split(' (')[0];
      if (!topics[short]) continue;
      const times = [];
      for (let i = 0; i < COMPUTED_ROUNDS; i += 1) {
        await db.query(`INSERT INTO insights_changes (school_id, topic, n) VALUES ($1, $2, 1)`, [k.schoolId, topics[short]]);
        times.push(await timed(get(url)));
      }
      computed.push([`${short}, computed again right after a write`, stats(times)]);
    }
    const bareStats = stats(bare);
    const ratio = (s) => Number(s.p99) / Math.max(0.1, Number(bareStats.p99));
    const ratios = measured.map(([name, s]) => `${name.split(' (')[0]} ${ratio(s).toFixed(1)}×`).join(', ');
    // The bare endpoint's p99 is one slow answer in 50 on a busy machine: the medians are said beside it.
    const medians = measured.map(([name, s]) => `${name.split(' (')[0]} ${(Number(s.p50) / Math.max(0.1, Number(bareStats.p50))).toFixed(0)}×`).join(', ');
    const missed = measured.filter(([, s]) => ratio(s) > 5).map(([name]) => name.split(' (')[0]);
    const table = [
      latencyTable([['Bare endpoint (GET /health), one at a time', bareStats], ...measured, ...computed]),
      '',
      `p99 ÷ bare p99: ${ratios} (aim ≤ 5×: ${missed.length ? `missed by ${missed.join(', ')}` : 'met'}); p50 ÷ bare p50: ${medians}. Attendance, fees and results are answers kept with the version of what they read; the "computed again" rows are the same calls right after a write (${COMPUTED_ROUNDS} each), outside the aim. The measured school: ${STUDENTS.toLocaleString('en-IN')} students, ${marks.toLocaleString('en-IN')} attendance marks, ${receipts.toLocaleString('en-IN')} receipts. Seeding took ${seedSeconds} s.`,
    ].join('\n');
    console.log(table);
    return databaseSection(KIND, table);
  });
}

benchEachDatabase(
  {
    name: 'insights',
    block: 'insights',
    title: 'Insights',
    intro: `${SCHOOLS.toLocaleString('en-IN')} schools in the database; the measured school has ${STUDENTS.toLocaleString('en-IN')} students in 60 sections with attendance on every working day from 1 April to 20 November, four quarterly instalments with two quarters' receipts (some cancelled), concessions and RTE children, and a published exam of five subjects. Each insights call one request at a time beside the bare endpoint in the same run; over loopback. Aim (issue 38): p99 ≤ 5× the bare endpoint's.`,
  },
  benchDatabase,
);
