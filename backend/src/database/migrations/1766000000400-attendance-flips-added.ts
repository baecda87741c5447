import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The insights' count of students under 75 % per school and day (`insights_attendance_flips`,
 * migration 1766000000000) becomes rows that are only added, never updated in place.
 *
 * A save of a section's day refreshes its students' running rows from that day on, and changed the
 * count of every day whose flag changes it saw, one row per school and day, by
 * `INSERT … ON CONFLICT DO UPDATE`: first what it deleted, then what it added. Two saves of the same
 * school on different days (a teacher marking today while another corrects last week; the attendance
 * bench's morning rush over a month) each held a day's row the other needed next, and PostgreSQL
 * ended one of them with a deadlock: a 500 to a teacher (`attendance-concurrent-days.int-spec.ts`
 * reproduced it). The embedded database runs one statement at a time and never saw it.
 *
 * - The primary key (school, day) goes; an index on (school, day) stays for the readers. The refresh
 *   now inserts its changes as new rows: additions commute, a row inserted takes no lock another
 *   writer waits for, and the count of a day is the sum of its rows (insights.repository.ts).
 * - The refresh function is rewritten from its own definition (`pg_get_functiondef`) with its two
 *   `ON CONFLICT` clauses removed, so nothing else in it changes; the migration stops if it does not
 *   find exactly those two.
 * - The readers fold a school's rows into one a day when they pile up (insights.repository.ts
 *   `foldFlips`), one statement that deletes the rows it sums, as the change log does
 *   (migration 1766000000200).
 */
export class AttendanceFlipsAdded1766000000400 implements MigrationInterface {
  name = 'AttendanceFlipsAdded1766000000400';

  async up(q: QueryRunner): Promise<void> {
    const body = await definition(q);
    const matches = body.match(UPSERT) ?? [];
    if (matches.length !== 2) throw new Error(`insights_attendance_running_refresh: expected two ON CONFLICT clauses, found ${matches.length}`);
    await q.query(body.replace(UPSERT, ''));
    await q.query(`ALTER TABLE insights_attendance_flips DROP CONSTRAINT insights_attendance_flips_pkey`);
    await q.query(`CREATE INDEX insights_attendance_flips_school_date ON insights_attendance_flips (school_id, date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const body = await definition(q);
    const ends = body.match(INSERT_ENDS) ?? [];
    if (ends.length !== 2) throw new Error(`insights_attendance_running_refresh: expected two inserts into the flips, found ${ends.length}`);
    await q.query(body.replace(INSERT_ENDS, (end) => `${end}\n        ON CONFLICT (school_id, date) DO UPDATE SET delta = insights_attendance_flips.delta + excluded.delta`));
    await q.query(`DROP INDEX insights_attendance_flips_school_date`);
    await q.query(`
      WITH gone AS (DELETE FROM insights_attendance_flips RETURNING school_id, date, delta)
      INSERT INTO insights_attendance_flips (school_id, date, delta) SELECT school_id, date, sum(delta) FROM gone GROUP BY school_id, date`);
    await q.query(`ALTER TABLE insights_attendance_flips ADD PRIMARY KEY (school_id, date)`);
  }
}

/** The two upserts of the refresh function (migration 1766000000000). */
const UPSERT = /\s*ON CONFLICT \(school_id, date\) DO UPDATE SET delta = insights_attendance_flips\.delta \+ excluded\.delta/g;
/** Where those two inserts end once the upserts are gone. */
const INSERT_ENDS = /FROM (gone|added) WHERE delta <> 0 GROUP BY school_id, date/g;

async function definition(q: QueryRunner): Promise<string> {
  const [row] = await q.query(`SELECT pg_get_functiondef('insights_attendance_running_refresh(uuid[], uuid[], date[])'::regprocedure) AS def`);
  return row.def as string;
}
