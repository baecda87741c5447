#!/usr/bin/env node
// Students benchmark (issue 14), part of `npm run bench`: 1,000 schools in the database (999 of 40
// students each) and one school of 2,000 students in 15 classes × 4 sections, each with a guardian.
// It starts the built server (backend/dist/main.js) as `npm start` does, seeds straight into the
// database, then measures over HTTP, one request at a time:
//   1. the bare endpoint (GET /api/v1/health: one SELECT 1 through the same stack), for comparison;
//   2. the register search as the office types it (name fragments, admission numbers, guardian phones);
//   3. the register's first page (100 students, sorted by class), unfiltered and by section;
//   4. the import of a 1,000-row CSV: the dry run (validation), then the commit (one transaction).
// Prints the figures and rewrites the "Students" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped) BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
// BENCH_STUDENTS_PORT=3353 BENCH_NO_REPORT=1
import { bearer, benchEachDatabase, databaseSection, latencyTable, logger, onDatabase, stats, timed } from './support.mjs';

const PORT = Number(process.env.BENCH_STUDENTS_PORT ?? 3353);
const YEAR = '2026-27';
const CLASSES = ['Nursery', 'LKG', 'UKG', ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)];
const SECTIONS = ['A', 'B', 'C', 'D'];
const SCHOOLS = 1000;
const OTHER_STUDENTS = 40;
const STUDENTS = 2000;
const IMPORT_ROWS = 1000;
const ROUNDS = 300;
const log = logger('students');
const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Ananya', 'Vihaan', 'Saanvi', 'Reyansh', 'Myra', 'Kabir', 'Aadhya', 'Arjun', 'Kiara', 'Atharv', 'Pari', 'Vivaan', 'Anika'];
const LAST = ['Sharma', 'Verma', 'Gupta', 'Singh', 'Yadav', 'Mishra', 'Tiwari', 'Pandey', 'Khan', 'Iyer', 'Nair', 'Reddy'];

/** The students' rows of one school, made in SQL: names, admission numbers, a guardian with a phone, the search text. */
async function seedStudents(db, schoolId, count, prefix, sections, phoneBase) {
  await db.query(
    `WITH s AS (
       SELECT g, ($4::text[])[1 + g % array_length($4::text[], 1)] AS first, ($5::text[])[1 + g % array_length($5::text[], 1)] AS last,
              $3 || lpad(g::text, 5, '0') AS adm, ($6::bigint + g)::text AS phone, ($7::uuid[])[1 + g % array_length($7::uuid[], 1)] AS section_id
         FROM generate_series(1, $2::int) g)
     INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number, search_text)
     SELECT $1, s.adm, s.first, s.last, DATE '2014-01-01' + (s.g % 1500), CASE WHEN s.g % 2 = 0 THEN 'female' ELSE 'male' END,
            se.class_id, s.section_id, 1 + s.g / greatest(1, array_length($7::uuid[], 1)),
            lower(s.first || ' ' || s.last || ' | ' || s.last || ' ' || s.first || ' | ' || s.adm || ' | ' || s.phone)
       FROM s JOIN sections se ON se.id = s.section_id`,
    [schoolId, count, prefix, FIRST, LAST, phoneBase, sections],
  );
  await db.query(
    `INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone)
     SELECT st.school_id, st.id, 0, 'Parent ' || st.last_name, 'father', split_part(st.search_text, ' | ', 4)
       FROM students st WHERE st.school_id = $1`,
    [schoolId],
  );
}

async function newSchool(db, ownerId, n, maxStudents) {
  const school = (
    await db.query(
      `INSERT INTO schools (owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at, max_students)
       VALUES ($1, $2, $3, 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days', $4)
       RETURNING id`,
      [ownerId, `Bench Students School ${n}`, `bench-st-${n}`, maxStudents],
    )
  ).rows[0];
  const sections = [];
  for (const name of CLASSES) {
    const c = (await db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, $2, $3) RETURNING id`, [school.id, YEAR, name])).rows[0];
    for (const s of SECTIONS) sections.push((await db.query(`INSERT INTO sections (class_id, name) VALUES ($1, $2) RETURNING id`, [c.id, s])).rows[0].id);
  }
  return { id: school.id, sections };
}

/** 1,000 schools: the measured one (2,000 students), one for the import, and 998 others of 40 students (in bulk). */
async function seed(db) {
  const owner = (await db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ('bench_st', 'bench_st@bench.test', 'x', 'admin', true) RETURNING id, username`)).rows[0];
  const main = await newSchool(db, owner.id, 0, 5000);
  await seedStudents(db, main.id, STUDENTS, 'ADM-', main.sections, 9_100_000_000);
  // One school per owner: the import's school has its own owner, and the bench user joins it as office.
  const owner2 = (await db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ('bench_st_1', 'bench_st_1@bench.test', 'x', 'admin', true) RETURNING id`)).rows[0];
  const importer = await newSchool(db, owner2.id, 1, 5000);
  await db.query(`INSERT INTO school_members (school_id, user_id, role) VALUES ($1, $2, 'office')`, [importer.id, owner.id]);
  const others = (
    await db.query(
      `WITH u AS (
         INSERT INTO users (username, email, password_hash, role, is_email_verified)
         SELECT 'bench_st_' || n, 'bench_st_' || n || '@bench.test', 'x', 'admin', true FROM generate_series(2, $1::int - 1) n RETURNING id, username)
       INSERT INTO schools (owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at)
       SELECT u.id, 'Bench Students School ' || substr(u.username, 10), 'bench-st-' || substr(u.username, 10), 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines',
              'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days'
         FROM u RETURNING id`,
      [SCHOOLS],
    )
  ).rows.map((r) => r.id);
  await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT id, $2, 'Class 5' FROM unnest($1::uuid[]) id`, [others, YEAR]);
  await db.query(`INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, x FROM classes c CROSS JOIN unnest(ARRAY['A', 'B', 'C', 'D']) x WHERE c.school_id = ANY($1::uuid[])`, [others]);
  await db.query(
    `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number, search_text)
     SELECT se.school_id, 'S-' || se.name || '-' || g, ($2::text[])[1 + g % 16], ($3::text[])[1 + g % 12], DATE '2015-01-01' + g, CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
            se.class_id, se.id, g, lower(($2::text[])[1 + g % 16] || ' ' || ($3::text[])[1 + g % 12] || ' | s-' || se.name || '-' || g)
       FROM sections se CROSS JOIN generate_series(1, $4::int / 4) g WHERE se.school_id = ANY($1::uuid[])`,
    [others, FIRST, LAST, OTHER_STUDENTS],
  );
  await db.query(
    `INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone)
     SELECT school_id, id, 0, 'Parent ' || last_name, 'father', (9200000000 + row_number() OVER ())::text FROM students WHERE school_id = ANY($1::uuid[])`,
    [others],
  );
  return { owner, main, importer };
}

function importCsv() {
  const header = 'admissionNumber,firstName,lastName,dateOfBirth,gender,class,section,rollNumber,guardianName,guardianRelation,guardianPhone,guardianEmail,aadhaar,pen,apaarId,socialCategory,rte';
  const rows = [header];
  for (let i = 1; i <= IMPORT_ROWS; i += 1) {
    const cls = CLASSES[i % CLASSES.length];
    const first = FIRST[i % FIRST.length];
    const last = LAST[i % LAST.length];
    rows.push(`IMP-${String(i).padStart(5, '0')},${first},${last},${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/2015,${i % 2 ? 'male' : 'female'},${cls},${SECTIONS[i % 4]},${(i % 40) + 1},Parent ${last},father,${9_300_000_000 + i},,,,,general,`);
  }
  return rows.join('\n') + '\n';
}

async function upload(url, headers, csv) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: form });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return { ms, data: body.data };
}

/** The figures on one database, as a markdown table (or why it was skipped). */
async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  return onDatabase(KIND, { name: 'st', port: PORT }, async ({ server, db, jwtSecret }) => {
    log(`${KIND}: seeding ${SCHOOLS} schools`);
    const t0 = performance.now();
    const k = await seed(db);
    await db.query('ANALYZE');
    const seedSeconds = ((performance.now() - t0) / 1000).toFixed(0);
    const bearerOf = bearer(k.owner, jwtSecret);
    const auth = () => ({ authorization: bearerOf() });
    const api = `${server.base}/api/v1/schools/${k.main.id}/students`;
    const get = (url) => timed(() => fetch(url, { headers: auth() }));
    // Warm up the connections and the prepared plans.
    for (let i = 0; i < 30; i += 1) {
      await get(`${server.base}/api/v1/health`);
      await get(`${api}?search=sha`);
    }
    const searches = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const kind = i % 3;
      if (kind === 0) searches.push(FIRST[i % FIRST.length].slice(0, 3 + (i % 3)).toLowerCase());
      else if (kind === 1) searches.push(`ADM-${String(1 + ((i * 37) % STUDENTS)).padStart(5, '0')}`);
      else searches.push(String(9_100_000_000 + 1 + ((i * 53) % STUDENTS)).slice(0, 6 + (i % 5)));
    }
    log(`${KIND}: bare endpoint and register search, ${ROUNDS} each`);
    const bare = [];
    for (let i = 0; i < ROUNDS; i += 1) bare.push(await get(`${server.base}/api/v1/health`));
    const search = [];
    for (const q of searches) search.push(await get(`${api}?search=${encodeURIComponent(q)}&pageSize=100`));
    const check = await (await fetch(`${api}?search=ADM-00007`, { headers: auth() })).json();
    if (check.data.total !== 1 || check.data.activeCount !== STUDENTS) throw new Error(`search check: ${JSON.stringify(check.data).slice(0, 200)}`);
    const firstPage = [];
    for (let i = 0; i < 100; i += 1) firstPage.push(await get(`${api}?sort=class&pageSize=100&page=${1 + (i % 20)}`));
    const bySection = [];
    for (let i = 0; i < 100; i += 1) bySection.push(await get(`${api}?sectionId=${k.main.sections[i % k.main.sections.length]}&sort=rollNumber`));

    log(`${KIND}: importing ${IMPORT_ROWS} rows`);
    const csv = importCsv();
    const url = `${server.base}/api/v1/schools/${k.importer.id}/students/import`;
    const dry = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await upload(`${url}?dryRun=true`, auth(), csv);
      if (r.data.valid !== IMPORT_ROWS) throw new Error(`dry run: ${JSON.stringify(r.data).slice(0, 300)}`);
      dry.push(r.ms);
    }
    const commit = await upload(`${url}?dryRun=false`, auth(), csv);
    if (commit.data.created !== IMPORT_ROWS) throw new Error(`commit: ${JSON.stringify(commit.data).slice(0, 300)}`);
    const again = await upload(`${url}?dryRun=false`, auth(), csv);
    if (again.data.created !== 0) throw new Error('importing again created students');

    const s = { bare: stats(bare), search: stats(search), firstPage: stats(firstPage), bySection: stats(bySection) };
    const rows = [
      ['Bare endpoint (GET /health)', s.bare],
      ['Register search as typed (name, admission no., phone)', s.search],
      ['Register page of 100, sorted by class', s.firstPage],
      ['One section by roll number', s.bySection],
    ];
    const table = [
      latencyTable(rows),
      '',
      `Search p99 ÷ bare p99: ${(Number(s.search.p99) / Math.max(0.1, Number(s.bare.p99))).toFixed(1)}×. Import of ${IMPORT_ROWS.toLocaleString('en-IN')} rows (CSV): dry run ${(Math.min(...dry) / 1000).toFixed(2)} s (best of 3), commit ${(commit.ms / 1000).toFixed(2)} s, the same file again ${(again.ms / 1000).toFixed(2)} s (creates nothing). Seeding took ${seedSeconds} s.`,
    ].join('\n');
    console.log(table);
    return databaseSection(KIND, table);
  });
}

benchEachDatabase(
  {
    name: 'students',
    block: 'students',
    title: 'Students',
    intro: `${SCHOOLS.toLocaleString('en-IN')} schools in the database; the measured school has ${STUDENTS.toLocaleString('en-IN')} students in 60 sections, each with a guardian; one request at a time over loopback.`,
  },
  benchDatabase,
);
