#!/usr/bin/env node
// Fees benchmark (issue 18), part of `npm run bench`: BENCH_FEES_SCHOOLS schools in the database
// (1,000 by default: 999 of 40 students in one class, each with its fee heads and structure) and the
// measured school of 2,000 students in 15 classes × 4 sections, each class with a fee structure of four
// quarterly instalments (tuition and transport, a late fee) and half its students having paid the
// first quarter; seeded straight into the database with set-based SQL. It starts the built server
// (backend/dist/main.js) as `npm start` does, then measures over HTTP:
//   1. payments (POST …/payments, each answering its receipt with its gap-free number) from
//      BENCH_FEES_CONNECTIONS (10) connections at once, two accountants taking turns, beside the bare
//      endpoint (GET /api/v1/health) loaded the same way in the same run; the receipt numbers taken
//      are then checked: consecutive, no gap, no duplicate;
//   2. the defaulters list of the 2,000-student school (GET …/fees/defaulters), one request at a
//      time, beside the bare endpoint one at a time: the list kept with the fees' version (read again
//      with no write between, as paging does), and BENCH_FEES_COMPUTED_ROUNDS (10) times right after a
//      payment, when it is computed again.
// Prints the figures and rewrites the "Fees" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped)
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_FEES_SCHOOLS=1000
// BENCH_FEES_PAYMENTS=400 BENCH_FEES_CONNECTIONS=10 BENCH_FEES_ROUNDS=200 BENCH_FEES_COMPUTED_ROUNDS=10 BENCH_FEES_PORT=3354 BENCH_NO_REPORT=1
import { bearer, benchEachDatabase, concurrently, databaseSection, latencyTable, logger, onDatabase, stats, timed } from './support.mjs';

const PORT = Number(process.env.BENCH_FEES_PORT ?? 3354);
const SCHOOLS = Number(process.env.BENCH_FEES_SCHOOLS ?? 1000);
const PAYMENTS = Number(process.env.BENCH_FEES_PAYMENTS ?? 400);
const CONNECTIONS = Number(process.env.BENCH_FEES_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_FEES_ROUNDS ?? 200);
const COMPUTED_ROUNDS = Number(process.env.BENCH_FEES_COMPUTED_ROUNDS ?? 10);
const STUDENTS = 2000;
const OTHER_STUDENTS = 40;
const YEAR = '2026-27';
const CLASSES = ['Nursery', 'LKG', 'UKG', ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)];
const SECTIONS = ['A', 'B', 'C', 'D'];
// Four quarters of ₹9,000 tuition and ₹3,000 transport (paise); ₹100 late fee after 10 days' grace.
const INSTALMENTS = [
  ['Quarter 1', '2026-04-10'],
  ['Quarter 2', '2026-07-10'],
  ['Quarter 3', '2026-10-10'],
  ['Quarter 4', '2027-01-10'],
];
const TUITION = 900_000;
const TRANSPORT = 300_000;
const PAID_ON = '2026-11-02';
const AS_OF = '2026-11-20';
const PAYMENT = 500_000;
const log = logger('fees');
const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Ananya', 'Vihaan', 'Saanvi', 'Reyansh', 'Myra', 'Kabir', 'Aadhya', 'Arjun', 'Kiara', 'Atharv', 'Pari', 'Vivaan', 'Anika'];
const LAST = ['Sharma', 'Verma', 'Gupta', 'Singh', 'Yadav', 'Mishra', 'Tiwari', 'Pandey', 'Khan', 'Iyer', 'Nair', 'Reddy'];
const SCHOOL_COLUMNS = `owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at`;

/** Fee heads, and a structure with its instalments and items for every class, of the given schools. */
async function seedFeeStructures(db, schoolIds) {
  await db.query(
    `INSERT INTO fee_heads (school_id, name, tuition) SELECT s, h.name, h.tuition FROM unnest($1::uuid[]) s CROSS JOIN (VALUES ('Tuition fee', true), ('Transport', false)) h(name, tuition)`,
    [schoolIds],
  );
  await db.query(
    `INSERT INTO fee_structures (school_id, class_id, academic_year, late_fee_kind, late_fee_amount, late_fee_grace_days)
     SELECT c.school_id, c.id, $2, 'fixed', 10000, 10 FROM classes c WHERE c.school_id = ANY($1::uuid[])`,
    [schoolIds, YEAR],
  );
  await db.query(
    `INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on)
     SELECT fs.school_id, fs.id, q.position, q.name, q.due_on::date
       FROM fee_structures fs CROSS JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY AS q(name, due_on, position) WHERE fs.school_id = ANY($1::uuid[])`,
    [schoolIds, INSTALMENTS.map((i) => i[0]), INSTALMENTS.map((i) => i[1])],
  );
  await db.query(
    `INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount)
     SELECT i.school_id, i.id, h.id, CASE WHEN h.tuition THEN 1 ELSE 2 END, CASE WHEN h.tuition THEN $2::bigint ELSE $3::bigint END
       FROM fee_instalments i JOIN fee_heads h ON h.school_id = i.school_id WHERE i.school_id = ANY($1::uuid[])`,
    [schoolIds, TUITION, TRANSPORT],
  );
}

async function newUser(db, username) {
  return (await db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ($1::text, $1::text || '@bench.test', 'x', 'admin', true) RETURNING id, username`, [username])).rows[0];
}

/** The measured school (2,000 students, two accountants, first quarter paid by half), and SCHOOLS − 1 others. */
async function seed(db) {
  const owner = await newUser(db, 'bench_fee_0');
  const accountants = [await newUser(db, 'bench_fee_acc1'), await newUser(db, 'bench_fee_acc2')];
  const school = (
    await db.query(
      `INSERT INTO schools (${SCHOOL_COLUMNS}, max_students)
       VALUES ($1, 'Bench Fees School 0', 'bench-fee-0', 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days', 5000)
       RETURNING id`,
      [owner.id],
    )
  ).rows[0];
  for (const a of accountants) await db.query(`INSERT INTO school_members (school_id, user_id, role) VALUES ($1, $2, 'accountant')`, [school.id, a.id]);
  await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT $1, $2, n FROM unnest($3::text[]) n`, [school.id, YEAR, CLASSES]);
  await db.query(`INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, x FROM classes c CROSS JOIN unnest($2::text[]) x WHERE c.school_id = $1`, [school.id, SECTIONS]);
  await db.query(
    `WITH se AS (SELECT se.id, se.class_id, row_number() OVER (ORDER BY se.id) - 1 AS k, count(*) OVER () AS n FROM sections se WHERE se.school_id = $1)
     INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number, search_text)
     SELECT $1, 'ADM-' || lpad(g::text, 5, '0'), ($3::text[])[1 + g % 16], ($4::text[])[1 + g % 12], DATE '2014-01-01' + (g % 1500), CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
            se.class_id, se.id, 1 + g / se.n, lower(($3::text[])[1 + g % 16] || ' ' || ($4::text[])[1 + g % 12] || ' | adm-' || lpad(g::text, 5, '0'))
       FROM generate_series(1, $2::int) g JOIN se ON se.k = g % se.n`,
    [school.id, STUDENTS, FIRST, LAST],
  );
  await db.query(
    `INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone)
     SELECT school_id, id, 0, 'Parent ' || last_name, 'father', (9100000000 + row_number() OVER (ORDER BY admission_number))::text FROM students WHERE school_id = $1`,
    [school.id],
  );

  const others = (
    await db.query(
      `WITH u AS (
         INSERT INTO users (username, email, password_hash, role, is_email_verified)
         SELECT 'bench_fee_' || n, 'bench_fee_' || n || '@bench.test', 'x', 'admin', true FROM generate_series(1, $1::int - 1) n RETURNING id, username)
       INSERT INTO schools (${SCHOOL_COLUMNS})
       SELECT u.id, 'Bench Fees School ' || substr(u.username, 11), 'bench-fee-' || substr(u.username, 11), 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines',
              'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days'
         FROM u RETURNING id`,
      [SCHOOLS],
    )
  ).rows.map((r) => r.id);
  await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT id, $2, 'Class 5' FROM unnest($1::uuid[]) id`, [others, YEAR]);
  await db.query(`INSERT INTO sections (school_id, class_id, name) SELECT c.school_id, c.id, x FROM classes c CROSS JOIN unnest($2::text[]) x WHERE c.school_id = ANY($1::uuid[])`, [others, SECTIONS]);
  await db.query(
    `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number, search_text)
     SELECT se.school_id, 'S-' || se.name || '-' || g, ($2::text[])[1 + g % 16], ($3::text[])[1 + g % 12], DATE '2015-01-01' + g, CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
            se.class_id, se.id, g, lower(($2::text[])[1 + g % 16] || ' ' || ($3::text[])[1 + g % 12] || ' | s-' || se.name || '-' || g)
       FROM sections se CROSS JOIN generate_series(1, $4::int / 4) g WHERE se.school_id = ANY($1::uuid[])`,
    [others, FIRST, LAST, OTHER_STUDENTS],
  );
  await seedFeeStructures(db, [school.id, ...others]);

  // The first quarter paid in April by every student with an even roll number: receipts 1 … n, their allocations, the counter at n + 1.
  const paid = (
    await db.query(
      `WITH p AS (
         SELECT st.id, st.first_name || ' ' || st.last_name AS name, st.admission_number, c.name || ' ' || se.name AS class_name, row_number() OVER (ORDER BY st.admission_number) AS seq
           FROM students st JOIN classes c ON c.id = st.class_id JOIN sections se ON se.id = st.section_id WHERE st.school_id = $1 AND st.roll_number % 2 = 0),
       r AS (
         INSERT INTO fee_receipts (school_id, financial_year, seq, number, student_id, student_name, admission_number, class_name, amount, mode, paid_on, collected_by)
         SELECT $1, $2::text, p.seq, $2::text || '/' || lpad(p.seq::text, 6, '0'), p.id, p.name, p.admission_number, p.class_name, $3, 'cash', '2026-04-05', $4 FROM p
         RETURNING id, student_id)
       INSERT INTO fee_allocations (school_id, receipt_id, instalment_id, head_id, amount)
       SELECT $1, r.id, i.id, it.head_id, it.amount
         FROM r JOIN students st ON st.school_id = $1 AND st.id = r.student_id
         JOIN fee_structures fs ON fs.school_id = $1 AND fs.class_id = st.class_id
         JOIN fee_instalments i ON i.school_id = $1 AND i.structure_id = fs.id AND i.position = 1
         JOIN fee_instalment_items it ON it.school_id = $1 AND it.instalment_id = i.id
       RETURNING receipt_id`,
      [school.id, YEAR, TUITION + TRANSPORT, accountants[0].id],
    )
  ).rows;
  const receipts = new Set(paid.map((r) => r.receipt_id)).size;
  await db.query(`INSERT INTO fee_receipt_counters (school_id, financial_year, next_value) VALUES ($1, $2, $3)`, [school.id, YEAR, receipts + 1]);
  const students = (await db.query(`SELECT id FROM students WHERE school_id = $1 ORDER BY admission_number`, [school.id])).rows.map((r) => r.id);
  return { owner, accountants, schoolId: school.id, students, receipts };
}

/** The figures on one database, as a markdown table (or why it was skipped). */
async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  return onDatabase(KIND, { name: 'fee', port: PORT }, async ({ server, db, jwtSecret }) => {
    log(`${KIND}: seeding ${SCHOOLS} schools, fee structures and the first quarter's receipts`);
    const t0 = performance.now();
    const k = await seed(db);
    await db.query('ANALYZE');
    const seedSeconds = ((performance.now() - t0) / 1000).toFixed(0);
    const auth = k.accountants.map((a) => bearer(a, jwtSecret));
    const api = `${server.base}/api/v1/schools/${k.schoolId}`;
    const health = () => timed(() => fetch(`${server.base}/api/v1/health`));
    const numbers = [];
    const pay = async (i) => {
      const t1 = performance.now();
      const res = await fetch(`${api}/payments`, {
        method: 'POST',
        // Two accountants taking turns at the counter.
        headers: { authorization: auth[i % 2](), 'content-type': 'application/json' },
        body: JSON.stringify({ studentId: k.students[i % k.students.length], amount: PAYMENT, mode: i % 3 ? 'cash' : 'upi', reference: i % 3 ? undefined : `UTR ${600000 + i}`, paidOn: PAID_ON }),
      });
      const body = await res.json();
      const ms = performance.now() - t1;
      if (res.status !== 201) throw new Error(`a payment answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      numbers.push(body.data.receipt.number);
      return ms;
    };
    const defaulters = () => fetch(`${api}/fees/defaulters?asOf=${AS_OF}`, { headers: { authorization: auth[0]() } });

    // Warm up the connections and the prepared plans (these payments count in the receipt check).
    await concurrently(30, CONNECTIONS, () => health());
    await concurrently(20, CONNECTIONS, (i) => pay(PAYMENTS + i));
    for (let i = 0; i < 3; i += 1) await timed(defaulters);

    log(`${KIND}: bare endpoint and payments, ${PAYMENTS} each, ${CONNECTIONS} at once`);
    const bareLoaded = await concurrently(PAYMENTS, CONNECTIONS, () => health());
    const payments = await concurrently(PAYMENTS, CONNECTIONS, pay);

    log(`${KIND}: bare endpoint and the defaulters list, ${ROUNDS} each, one at a time; the list right after a payment, ${COMPUTED_ROUNDS} times`);
    // The first read after the payments computes the list again (it is kept with the fees' version of
    // the change log); the measured reads then use it, as an accountant paging or filtering does.
    await timed(defaulters);
    const bare = [];
    for (let i = 0; i < ROUNDS; i += 1) bare.push(await health());
    const list = [];
    for (let i = 0; i < ROUNDS; i += 1) list.push(await timed(defaulters));
    const check = (await (await defaulters()).json()).data;
    // Every student is behind on the second and third quarters.
    if (check.total !== STUDENTS) throw new Error(`defaulters: expected ${STUDENTS}, got ${check.total}`);
    // Each a payment, then the list: computed again from the database (outside the aim).
    const computed = [];
    for (let i = 0; i < COMPUTED_ROUNDS; i += 1) {
      await pay(PAYMENTS + 20 + i);
      computed.push(await timed(defaulters));
    }

    const seqs = numbers.map((n) => Number(n.split('/')[1])).sort((a, b) => a - b);
    const expected = Array.from({ length: seqs.length }, (_, i) => k.receipts + 1 + i);
    if (seqs.join() !== expected.join()) throw new Error(`receipt numbers: not ${k.receipts + 1} … ${k.receipts + seqs.length} without a gap`);
    const [{ n: stored }] = (await db.query(`SELECT count(DISTINCT seq)::int AS n FROM fee_receipts WHERE school_id = $1 AND financial_year = $2`, [k.schoolId, YEAR])).rows;
    if (stored !== k.receipts + seqs.length) throw new Error(`receipt numbers: ${stored} stored, ${k.receipts + seqs.length} expected`);

    const s = { bareLoaded: stats(bareLoaded), payments: stats(payments), bare: stats(bare), list: stats(list), computed: stats(computed) };
    const table = [
      latencyTable([
        [`Bare endpoint (GET /health), ${CONNECTIONS} at once`, s.bareLoaded],
        [`Payment with its receipt number (POST /payments), ${CONNECTIONS} at once, two accountants`, s.payments],
        ['Bare endpoint (GET /health), one at a time', s.bare],
        [`Defaulters of the ${STUDENTS.toLocaleString('en-IN')}-student school (GET /fees/defaulters), kept`, s.list],
        ['The same list right after a payment (computed again)', s.computed],
      ]),
      '',
      `Payment p99 ÷ bare p99 (${CONNECTIONS} at once): ${(Number(s.payments.p99) / Math.max(0.1, Number(s.bareLoaded.p99))).toFixed(1)}×; the ${numbers.length} receipts took consecutive numbers (${k.receipts + 1} … ${k.receipts + numbers.length}), no gap, no duplicate. Defaulters p99 ÷ bare p99: ${(Number(s.list.p99) / Math.max(0.1, Number(s.bare.p99))).toFixed(1)}× (right after a payment, computed again: ${(Number(s.computed.p99) / Math.max(0.1, Number(s.bare.p99))).toFixed(1)}×, outside the aim); ${check.total.toLocaleString('en-IN')} students with dues, the first page of ${check.items.length} answered. Seeding took ${seedSeconds} s.`,
    ].join('\n');
    console.log(table);
    return databaseSection(KIND, table);
  });
}

benchEachDatabase(
  {
    name: 'fees',
    block: 'fees',
    title: 'Fees',
    intro: `${SCHOOLS.toLocaleString('en-IN')} schools in the database, each with its fee heads and structures; the measured school has ${STUDENTS.toLocaleString('en-IN')} students in 60 sections, four quarterly instalments, the first paid by half of them. Payments ${CONNECTIONS} at once by two accountants, beside the bare endpoint loaded the same way; the defaulters list one request at a time, kept and right after a payment; over loopback.`,
  },
  benchDatabase,
);
