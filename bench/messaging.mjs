#!/usr/bin/env node
// Messaging benchmark (issue 31), part of `npm run bench`: 2,000 absence messages. A school of 2,000
// students (10 classes × 5 sections × 40, each child with a guardian of their own phone, so no two
// merge) has an SMS absence template, no provider (messages go to DATA_DIR/outbox/) and no quiet
// hours. It starts the built server as `npm start` does (its job worker on), then, as one morning's
// register, marks every child of every section absent today (50 saves, one after the other), while
// GET /api/v1/health is asked one request at a time until every message is sent. It measures:
//   1. the attendance save's own time (each save queues its section's event as a job, in its write);
//   2. the expansion: from the first save until all 2,000 messages exist (queued, one per family);
//   3. the dispatch: until all 2,000 are `sent` through the outbox, and the outbox holds 2,000 files;
//   4. health's latency on the quiet server and while the messages are expanded and sent.
// Prints the figures and rewrites the "Messaging" block of docs/performance.md.
// Options: BENCH_DB=embedded,postgres (both by default; a missing PostgreSQL server is skipped)
// BENCH_MSG_STUDENTS=2000 (a multiple of 40) BENCH_MESSAGING_PORT=3363 BENCH_MSG_TIMEOUT_S=600 BENCH_NO_REPORT=1
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, benchEachDatabase, databaseSection, latencyTable, logger, onDatabase, sleep, stats, timed } from './support.mjs';

const PORT = Number(process.env.BENCH_MESSAGING_PORT ?? 3363);
const STUDENTS = Number(process.env.BENCH_MSG_STUDENTS ?? 2000);
const PER_SECTION = 40;
const SECTIONS = Math.ceil(STUDENTS / PER_SECTION);
const TIMEOUT_MS = Number(process.env.BENCH_MSG_TIMEOUT_S ?? 600) * 1000;
const QUIET_ROUNDS = 200;
const log = logger('messaging');

/** Today's school date (IST) and its academic year (April to March). */
function today() {
  const d = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const y = Number(d.slice(0, 4));
  const start = Number(d.slice(5, 7)) >= 4 ? y : y - 1;
  return { date: d, year: `${start}-${String((start + 1) % 100).padStart(2, '0')}` };
}

/** One school, SECTIONS sections of 40 (Class 1 … Class 10, sections A–E), a guardian of their own for each child. */
async function seed(db, year) {
  log(`seeding a school of ${STUDENTS} students in ${SECTIONS} sections`);
  const owner = (await db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ('bench_msg', 'bench_msg@bench.test', 'x', 'admin', true) RETURNING id, username`)).rows[0];
  const schoolId = (
    await db.query(
      `INSERT INTO schools (owner_id, name, subdomain, level, board, phone_numbers, address1, locality, city, state, country, pin_code, is_active, approval_status, approved_at, trial_ends_at)
       VALUES ($1, 'Bench Messaging School', 'bench-msg', 'mixed', 'CBSE', ARRAY['+919876543210'], '12 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', true, 'approved', now(), now() + interval '30 days') RETURNING id`,
      [owner.id],
    )
  ).rows[0].id;
  const classes = Math.ceil(SECTIONS / 5);
  await db.query(`INSERT INTO classes (school_id, academic_year, name) SELECT $1, $2, 'Class ' || c FROM generate_series(1, $3::int) c`, [schoolId, year, classes]);
  await db.query(
    `INSERT INTO sections (school_id, class_id, name)
     SELECT c.school_id, c.id, x FROM classes c CROSS JOIN (VALUES ('A'), ('B'), ('C'), ('D'), ('E')) v(x) WHERE c.school_id = $1`,
    [schoolId],
  );
  await db.query(
    `DELETE FROM sections WHERE school_id = $1 AND id NOT IN (SELECT se.id FROM sections se JOIN classes c ON c.id = se.class_id WHERE se.school_id = $1 ORDER BY substr(c.name, 7)::int, se.name LIMIT $2)`,
    [schoolId, SECTIONS],
  );
  await db.query(
    `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, academic_year_id, class_id, section_id, roll_number)
     SELECT se.school_id, 'M' || substr(se.id::text, 1, 8) || '-' || r, 'Child', 'No ' || r, '2014-01-01', 'female', NULL, se.class_id, se.id, r
       FROM sections se CROSS JOIN generate_series(1, $2::int) r WHERE se.school_id = $1`,
    [schoolId, PER_SECTION],
  );
  // A phone of its own for each child's guardian: 2,000 families, 2,000 messages.
  await db.query(
    `INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone)
     SELECT st.school_id, st.id, 1, 'Parent ' || n, 'mother', '9' || lpad(n::text, 9, '0')
       FROM (SELECT s.*, row_number() OVER (ORDER BY s.id) n FROM students s WHERE s.school_id = $1) st`,
    [schoolId],
  );
  const sections = (await db.query(`SELECT id FROM sections WHERE school_id = $1 ORDER BY id`, [schoolId])).rows.map((r) => r.id);
  const students = new Map();
  for (const r of (await db.query(`SELECT id, section_id FROM students WHERE school_id = $1`, [schoolId])).rows) students.set(r.section_id, [...(students.get(r.section_id) ?? []), r.id]);
  return { owner, schoolId, sections, students };
}

async function benchDatabase(KIND) {
  log(`${KIND}: starting the server`);
  return onDatabase(KIND, { name: 'msg', port: PORT }, async ({ server, db, jwtSecret, dataDir }) => {
    const { date, year } = today();
    const k = await seed(db, year);
    await db.query('ANALYZE');
    const auth = bearer(k.owner, jwtSecret);
    const headers = () => ({ authorization: auth(), 'content-type': 'application/json' });
    const api = `${server.base}/api/v1/schools/${k.schoolId}`;
    const put = (path, body, method = 'PUT') => timed(() => fetch(`${api}/${path}`, { method, headers: headers(), body: JSON.stringify(body) }));
    // Every day a working day (the bench runs on any date); absence e-mails off (the bench measures
    // SMS); no provider, no quiet hours (from = to), no cap; the school's registered absence SMS.
    await put('calendar-settings', { sundayHoliday: false, saturdaysOff: [] });
    await put('attendance/settings', { absenceNotices: false });
    await put('messaging', { provider: 'none', senderId: 'VIDYAL', dltEntityId: '1201159100000000001', monthlyCapPaise: 0, quietHours: { from: '00:00', to: '00:00' } });
    await put(
      'message-templates',
      { event: 'absence', channel: 'sms', language: 'en', dltTemplateId: '1207160000000000001', body: 'Dear parent, {#var#} of {#var#} is absent today, {#var#}. {#var#}', variables: ['studentName', 'className', 'date', 'schoolName'] },
      'POST',
    );

    const health = () => timed(() => fetch(`${server.base}/api/v1/health`));
    log('the quiet server first');
    const quiet = [];
    for (let r = 0; r < QUIET_ROUNDS; r += 1) quiet.push(await health());

    const count = async () => {
      const r = (await db.query(`SELECT count(*)::int AS made, count(*) FILTER (WHERE status = 'sent')::int AS sent FROM messages WHERE school_id = $1 AND event = 'absence'`, [k.schoolId])).rows[0];
      return r;
    };
    log(`${SECTIONS} sections marked all absent on ${date}, health asked meanwhile until ${STUDENTS} messages are sent`);
    let running = true;
    const during = [];
    const probe = (async () => {
      while (running) during.push(await health());
    })();
    const t0 = performance.now();
    const saves = [];
    let savesDone = 0;
    let expanded = null;
    let dispatched = null;
    const watch = (async () => {
      for (;;) {
        const c = await count();
        const at = performance.now() - t0;
        if (expanded === null && c.made >= STUDENTS) expanded = at;
        if (c.sent >= STUDENTS) {
          dispatched = at;
          return;
        }
        if (at > TIMEOUT_MS) throw new Error(`after ${Math.round(at / 1000)} s only ${c.made} messages made and ${c.sent} sent of ${STUDENTS}`);
        await sleep(100);
      }
    })();
    try {
      for (const sectionId of k.sections) {
        const records = k.students.get(sectionId).map((studentId) => ({ studentId, status: 'absent' }));
        saves.push(await put(`sections/${sectionId}/attendance/${date}`, { records }));
      }
      savesDone = performance.now() - t0;
      await watch;
    } finally {
      running = false;
      await probe;
    }

    const final = (await db.query(`SELECT status, count(*)::int AS n FROM messages WHERE school_id = $1 GROUP BY status ORDER BY status`, [k.schoolId])).rows;
    const outbox = join(dataDir, 'outbox');
    const files = existsSync(outbox) ? readdirSync(outbox).length : 0;
    if (files !== STUDENTS) throw new Error(`the outbox holds ${files} files, expected ${STUDENTS} (statuses: ${JSON.stringify(final)})`);
    const jobs = (await db.query(`SELECT count(*)::int AS n FROM jobs WHERE school_id = $1`, [k.schoolId]).catch(() => ({ rows: [{ n: '?' }] }))).rows[0].n;

    const table = latencyTable([
      ['Health, quiet server', stats(quiet)],
      [`Health while ${STUDENTS.toLocaleString('en-IN')} messages are expanded and sent (${during.length} requests)`, stats(during)],
      [`Save a section of 40, all absent (the event queued in the write; ${saves.length} saves)`, stats(saves)],
    ]);
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const perSecond = (STUDENTS / (dispatched / 1000)).toFixed(0);
    const verdict =
      `From the first save: ${saves.length} saves done in ${s(savesDone)}; all ${STUDENTS.toLocaleString('en-IN')} messages made (expansion, one per family) at ${s(expanded)}; ` +
      `all sent through the outbox at ${s(dispatched)} (${perSecond} messages/s end to end; ${files} outbox files, none twice; ${jobs} jobs).`;
    console.log(table);
    console.log(verdict);
    return databaseSection(KIND, `${table}\n\n${verdict}`);
  });
}

benchEachDatabase(
  {
    name: 'messaging',
    block: 'messaging',
    title: 'Messaging',
    intro: `Issue 31: a school of ${STUDENTS.toLocaleString('en-IN')} students, each with a guardian of their own; every section marked all absent in one morning (${SECTIONS} saves one after the other), the absence SMS expanded and sent with no provider (DATA_DIR/outbox/); health is asked one request at a time meanwhile.`,
  },
  benchDatabase,
);
