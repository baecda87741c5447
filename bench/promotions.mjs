#!/usr/bin/env node
// Year-end benchmark (issue 29), part of `npm run bench`: a school of 2,000 students in 15 classes ×
// 4 sections (Nursery … Class 12), seeded straight into the database with set-based SQL: a register
// marked every weekday since July (about 250,000 marks), a published final exam with every child's
// result (one in twenty failing), a fee structure per class of two instalments nobody has paid (so
// every promoted child carries arrears: the heaviest case), and BENCH_PROMOTION_SCHOOLS − 1 other
// schools of 40 students beside it. It starts the built server (backend/dist/main.js) as `npm start`
// does and measures over HTTP, as the principal's screen calls it:
//   1. the bare endpoint (GET /api/v1/health) one request at a time, for comparison;
//   2. the draft (POST …/promotions): a line per child with their year's attendance and result;
//   3. one class's lines (GET …/lines?classId=), one request at a time;
//   4. the preview (GET …/preview?feeIncreasePercent=10);
//   5. apply (POST …/apply, 10 % rise, new roll numbers) until its job has completed, polled every 100 ms:
//      the new year, 15 classes, 60 sections, the raised structures, 2,000 enrolments and arrears;
//   6. the undo (POST …/revert).
// The aim (issue 29): draft and apply of the 2,000-student school under 30 s on the embedded database.
// Prints the figures and rewrites the "Year end" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped)
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_PROMOTION_SCHOOLS=100
// BENCH_PROMOTION_PORT=3357 BENCH_NO_REPORT=1
import { bearer, benchEachDatabase, databaseSection, latencyTable, logger, onDatabase, sleep, stats, timed } from './support.mjs';

const PORT = Number(process.env.BENCH_PROMOTION_PORT ?? 3357);
const SCHOOLS = Number(process.env.BENCH_PROMOTION_SCHOOLS ?? 100);
const STUDENTS = 2000;
const OTHER_STUDENTS = 40;
const FROM = '2026-27';
const TO = '2027-28';
const CLASSES = ['Nursery', 'LKG', 'UKG', ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)];
const SECTIONS = ['A', 'B', 'C', 'D'];
const REGISTER_FROM = '2026-07-01';
const AIM_SECONDS = 30;
const ROUNDS = 30;
const log = logger('promotions');
const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Ananya', 'Vihaan', 'Saanvi', 'Reyansh', 'Myra', 'Kabir', 'Aadhya', 'Arjun', 'Kiara', 'Atharv', 'Pari', 'Vivaan', 'Anika'];
const LAST = ['Sharma', 'Verma', 'Gupta', 'Singh', 'Yadav', 'Mishra', 'Tiwari', 'Pandey', 'Khan', 'Iyer', 'Nair', 'Reddy'];
const SCHOOL_COLUMNS = `owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at`;

/** Yesterday in IST (the register is marked up to it; the server refuses future days). */
function yesterdayIST() {
  const d = new Date(Date.now() + 330 * 60_000 - 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The measured school and the others; everything of the closing year, in set-based SQL. */
async function seed(db) {
  const owner = (await db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ('bench_pr_0', 'bench_pr_0@bench.test', 'x', 'admin', true) RETURNING id, username`)).rows[0];
  const school = (
    await db.query(
      `INSERT INTO schools (${SCHOOL_COLUMNS}, max_students)
       VALUES ($1, 'Bench Year End School', 'bench-pr-0', 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days', 5000)
       RETURNING id`,
      [owner.id],
    )
  ).rows[0];
  await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT $1, $2, n FROM unnest($3::text[]) n`, [school.id, FROM, CLASSES]);
  await db.query(`INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, x FROM classes c CROSS JOIN unnest($2::text[]) x WHERE c.school_id = $1`, [school.id, SECTIONS]);
  await db.query(`INSERT INTO class_subjects (school_id, class_id, subject_id) SELECT c.school_id, c.id, g.id FROM classes c CROSS JOIN (SELECT id FROM global_subjects ORDER BY code LIMIT 5) g WHERE c.school_id = $1`, [school.id]);
  const yearId = (await db.query(`SELECT id FROM academic_years WHERE school_id = $1 AND name = $2`, [school.id, FROM])).rows[0].id;
  await db.query(
    `WITH se AS (SELECT se.id, se.class_id, row_number() OVER (ORDER BY se.id) - 1 AS k, count(*) OVER () AS n FROM sections se WHERE se.school_id = $1)
     INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, academic_year_id, class_id, section_id, roll_number, search_text)
     SELECT $1, 'ADM-' || lpad(g::text, 5, '0'), ($3::text[])[1 + g % 16], ($4::text[])[1 + g % 12], DATE '2012-01-01' + (g % 3000), CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
            $5, se.class_id, se.id, 1 + g / se.n, lower(($3::text[])[1 + g % 16] || ' ' || ($4::text[])[1 + g % 12] || ' | adm-' || lpad(g::text, 5, '0'))
       FROM generate_series(1, $2::int) g JOIN se ON se.k = g % se.n`,
    [school.id, STUDENTS, FIRST, LAST, yearId],
  );
  await db.query(
    `INSERT INTO student_enrolments (school_id, student_id, academic_year_id, class_id, section_id, roll_number)
     SELECT school_id, id, academic_year_id, class_id, section_id, roll_number FROM students WHERE school_id = $1`,
    [school.id],
  );
  await db.query(
    `INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone)
     SELECT school_id, id, 0, 'Parent ' || last_name, 'father', (9100000000 + row_number() OVER (ORDER BY admission_number))::text FROM students WHERE school_id = $1`,
    [school.id],
  );
  // The register: every weekday since July, each child present but for one day in seven.
  await db.query(
    `INSERT INTO attendance_days (school_id, section_id, date, marked_by, marked_at, first_marked_by, first_marked_at)
     SELECT se.school_id, se.id, d::date, $2, now(), $2, now()
       FROM sections se CROSS JOIN generate_series($3::date, $4::date, interval '1 day') d
      WHERE se.school_id = $1 AND extract(isodow FROM d) < 7`,
    [school.id, owner.id, REGISTER_FROM, yesterdayIST()],
  );
  await db.query(
    `INSERT INTO attendance_marks (school_id, section_id, date, student_id, status)
     SELECT d.school_id, d.section_id, d.date, st.id, CASE WHEN (extract(doy FROM d.date)::int + st.roll_number) % 7 = 0 THEN 'absent' ELSE 'present' END
       FROM attendance_days d JOIN students st ON st.school_id = d.school_id AND st.section_id = d.section_id WHERE d.school_id = $1`,
    [school.id],
  );
  // The final exam, published: every child's result (one in twenty failing).
  const exam = (
    await db.query(
      `INSERT INTO exams (school_id, name, academic_year, term, class_ids, components, published_at, published_by)
       SELECT $1, 'Annual examination', $2, 2, array_agg(id), '[{"name":"Exam","maxMarks":100}]'::jsonb, now(), $3 FROM classes WHERE school_id = $1 RETURNING id`,
      [school.id, FROM, owner.id],
    )
  ).rows[0];
  await db.query(
    `INSERT INTO report_card_snapshots (school_id, exam_id, student_id, data, published_at)
     SELECT school_id, $2, id, jsonb_build_object('term', jsonb_build_object('grade', CASE WHEN roll_number % 20 = 0 THEN 'E' ELSE 'B1' END, 'result', CASE WHEN roll_number % 20 = 0 THEN 'fail' ELSE 'pass' END)), now()
       FROM students WHERE school_id = $1`,
    [school.id, exam.id],
  );
  // Fees: a structure per class, two instalments of ₹6,000 tuition, nobody has paid.
  await db.query(`INSERT INTO fee_heads (school_id, name, tuition) VALUES ($1, 'Tuition fee', true)`, [school.id]);
  await db.query(`INSERT INTO fee_structures (school_id, class_id, academic_year) SELECT school_id, id, $2 FROM classes WHERE school_id = $1`, [school.id, FROM]);
  await db.query(
    `INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on)
     SELECT fs.school_id, fs.id, q.position, q.name, q.due_on::date FROM fee_structures fs
       CROSS JOIN unnest(ARRAY['Term 1', 'Term 2'], ARRAY['2026-04-10', '2026-10-10']) WITH ORDINALITY AS q(name, due_on, position) WHERE fs.school_id = $1`,
    [school.id],
  );
  await db.query(
    `INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount)
     SELECT i.school_id, i.id, h.id, 1, 600000 FROM fee_instalments i JOIN fee_heads h ON h.school_id = i.school_id WHERE i.school_id = $1`,
    [school.id],
  );

  const others = (
    await db.query(
      `WITH u AS (
         INSERT INTO users (username, email, password_hash, role, is_email_verified)
         SELECT 'bench_pr_' || n, 'bench_pr_' || n || '@bench.test', 'x', 'admin', true FROM generate_series(1, $1::int - 1) n RETURNING id, username)
       INSERT INTO schools (${SCHOOL_COLUMNS})
       SELECT u.id, 'Bench Year End School ' || substr(u.username, 10), 'bench-pr-' || substr(u.username, 10), 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines',
              'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days'
         FROM u RETURNING id`,
      [SCHOOLS],
    )
  ).rows.map((r) => r.id);
  if (others.length > 0) {
    await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT id, $2, 'Class 5' FROM unnest($1::uuid[]) id`, [others, FROM]);
    await db.query(`INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, 'A' FROM classes c WHERE c.school_id = ANY($1::uuid[])`, [others]);
    await db.query(
      `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number, search_text)
       SELECT se.school_id, 'S-' || g, ($2::text[])[1 + g % 16], ($3::text[])[1 + g % 12], DATE '2015-01-01' + g, CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
              se.class_id, se.id, g, lower(($2::text[])[1 + g % 16] || ' ' || ($3::text[])[1 + g % 12] || ' | s-' || g)
         FROM sections se CROSS JOIN generate_series(1, $4::int) g WHERE se.school_id = ANY($1::uuid[])`,
      [others, FIRST, LAST, OTHER_STUDENTS],
    );
  }
  return { owner, school };
}

/** The figures on one database, as a markdown table (or why it was skipped). */
async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  return onDatabase(KIND, { name: 'pr', port: PORT, extraEnv: { JOBS_POLL_MS: '100' } }, async ({ server, db, jwtSecret }) => {
    log(`${KIND}: seeding a school of ${STUDENTS} students and ${SCHOOLS - 1} others`);
    const t0 = performance.now();
    const k = await seed(db);
    await db.query('ANALYZE');
    const seedSeconds = ((performance.now() - t0) / 1000).toFixed(0);
    const marks = Number((await db.query(`SELECT count(*) AS n FROM attendance_marks WHERE school_id = $1`, [k.school.id])).rows[0].n);
    const auth = bearer(k.owner, jwtSecret);
    const api = `${server.base}/api/v1/schools/${k.school.id}`;
    const call = async (method, path, body) => {
      const t1 = performance.now();
      const res = await fetch(`${api}${path}`, { method, headers: { authorization: auth(), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      const json = await res.json();
      const ms = performance.now() - t1;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return { ms, data: json.data };
    };
    for (let i = 0; i < 20; i += 1) await timed(() => fetch(`${server.base}/api/v1/health`));
    const bare = [];
    for (let i = 0; i < ROUNDS; i += 1) bare.push(await timed(() => fetch(`${server.base}/api/v1/health`)));

    log(`${KIND}: the draft`);
    const draft = await call('POST', '/promotions', { fromYear: FROM, toYear: TO });
    const promotion = draft.data.promotion;
    const counted = promotion.counts.promote + promotion.counts.passed_out;
    if (counted !== STUDENTS) throw new Error(`the draft has ${counted} lines, not ${STUDENTS}`);
    const { items: classes } = (await call('GET', `/promotions/${promotion.id}/classes`)).data;
    const lines = [];
    for (let i = 0; i < ROUNDS; i += 1) lines.push((await call('GET', `/promotions/${promotion.id}/lines?classId=${classes[i % classes.length].classId}&sort=attendance&pageSize=200`)).ms);
    const sample = (await call('GET', `/promotions/${promotion.id}/lines?classId=${classes[5].classId}&pageSize=1`)).data.items[0];
    if (sample.attendancePercent === null || sample.resultGrade === null) throw new Error(`a line has no figures: ${JSON.stringify(sample)}`);

    log(`${KIND}: the preview`);
    const preview = await call('GET', `/promotions/${promotion.id}/preview?feeIncreasePercent=10`);
    if (preview.data.preview.arrears.students === 0) throw new Error('the preview carries no arrears');

    log(`${KIND}: apply`);
    const t2 = performance.now();
    const { jobId } = (await call('POST', `/promotions/${promotion.id}/apply`, { feeIncreasePercent: 10, renumberRolls: true })).data;
    let job;
    for (;;) {
      job = (await call('GET', `/jobs/${jobId}`)).data;
      if (job.state === 'completed' || job.state === 'failed') break;
      await sleep(100);
    }
    const applyMs = performance.now() - t2;
    if (job.state !== 'completed') throw new Error(`the apply job ${job.state}: ${JSON.stringify(job).slice(0, 300)}`);
    const applied = (await call('GET', `/promotions/${promotion.id}`)).data.promotion;
    const result = applied.result;
    const enrolledNext = Number(
      (await db.query(`SELECT count(*) AS n FROM student_enrolments e JOIN academic_years y ON y.school_id = e.school_id AND y.id = e.academic_year_id WHERE e.school_id = $1 AND y.name = $2`, [k.school.id, TO])).rows[0].n,
    );
    if (enrolledNext !== result.enrolled) throw new Error(`${enrolledNext} enrolments in ${TO}, the result says ${result.enrolled}`);

    log(`${KIND}: undo`);
    const revert = await call('POST', `/promotions/${promotion.id}/revert`);
    if (revert.data.promotion.status !== 'draft') throw new Error('the undo did not return the promotion to a draft');

    const total = (draft.ms + applyMs) / 1000;
    const s = { bare: stats(bare), lines: stats(lines) };
    const table = [
      latencyTable([
        ['Bare endpoint (GET /health)', s.bare],
        ['One class’s lines, sorted by attendance (GET …/lines?classId=)', s.lines],
      ]),
      '',
      '| step | seconds |',
      '|---|---|',
      `| Draft (POST …/promotions): ${STUDENTS.toLocaleString('en-IN')} lines with the year’s attendance and result | ${(draft.ms / 1000).toFixed(2)} |`,
      `| Preview (GET …/preview) | ${(preview.ms / 1000).toFixed(2)} |`,
      `| Apply as a job, until completed: ${result.classesCreated} classes, ${result.sectionsCreated} sections, ${result.structuresCopied} structures raised 10 %, ${result.enrolled.toLocaleString('en-IN')} enrolled, ${result.passedOut} passed out, arrears carried for ${result.arrears.students.toLocaleString('en-IN')} | ${(applyMs / 1000).toFixed(2)} |`,
      `| Undo (POST …/revert) | ${(revert.ms / 1000).toFixed(2)} |`,
      `| **Draft + apply** (aim: under ${AIM_SECONDS} s on the embedded database) | **${total.toFixed(1)}** ${total < AIM_SECONDS ? '(met)' : '(missed)'} |`,
      '',
      `${marks.toLocaleString('en-IN')} attendance marks in the closing year's register. Seeding took ${seedSeconds} s.`,
    ].join('\n');
    console.log(table);
    return databaseSection(KIND, table);
  });
}

benchEachDatabase(
  {
    name: 'promotions',
    block: 'promotions',
    title: 'Year end',
    intro: `${SCHOOLS.toLocaleString('en-IN')} schools in the database; the measured school has ${STUDENTS.toLocaleString('en-IN')} students in 15 classes × 4 sections, a register marked every weekday since July, a published final exam and a fee structure per class nobody has paid (so every promoted child carries arrears). One request at a time over loopback; apply is timed from the request to its job's completion.`,
  },
  benchDatabase,
);
