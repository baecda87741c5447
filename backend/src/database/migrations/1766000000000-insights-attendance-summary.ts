import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The insights module's attendance summaries (issue 38 item 5: each insights call fast at 2,000
 * students with a year of marks). Kept by triggers on `attendance_marks` and `academic_years`, so no
 * write path of the attendance module changes; every figure is recomputed from the marks of the keys
 * a statement touched (never added up as a difference), so re-saving a day, editing or deleting marks,
 * a student removed (the marks' cascade) all leave them exact.
 *
 * - `insights_attendance_days`: per section and marked day, the points ×2 (present and late 2, half
 *   day 1, absent and leave 0) and the marks: the attendance chart's days and classes read ~60 rows a
 *   day instead of every mark.
 * - `insights_attendance_running`: per student and marked day, the running points ×2 and marks from
 *   the start of the academic year holding that day (the school's `academic_years` row containing it,
 *   the latest starting first; else 1 April), whether the running percentage is under 75 (the
 *   attendance rule's threshold, a copy) and `delta`, the change of that flag from the student's
 *   previous marked day of the year (+1 fell under, -1 came back, 0 no change). The number of students
 *   under 75 % on a day is then the sum of the deltas from the year's start to that day.
 * - `insights_attendance_flips`: per school and day, the sum of those deltas, kept by adding what a
 *   refresh inserted and subtracting what it deleted (additions commute, so two sections saved at once
 *   both count): the 75 % count of a range reads one row a day of the year.
 * - A statement trigger on `attendance_marks` (one per event: transition tables allow one) refreshes
 *   the section-days and, for each student touched, the running rows from the earliest day touched
 *   (carried from the previous running row, so marking today reads one row a student), each student
 *   under a transaction lock of its own so that two days saved at once never recount the same rows.
 * - A row trigger on `academic_years` recomputes the running rows of the marks inside a year whose
 *   dates are added, moved or removed.
 * - Row-level security as in migration 1764100000000. Self-contained: no live constant imported.
 */
export class InsightsAttendanceSummary1766000000000 implements MigrationInterface {
  name = 'InsightsAttendanceSummary1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE insights_attendance_days (
        school_id uuid NOT NULL,
        section_id uuid NOT NULL,
        date date NOT NULL,
        points2 integer NOT NULL,
        marks integer NOT NULL,
        PRIMARY KEY (school_id, date, section_id)
      )`);
    await q.query(`
      CREATE TABLE insights_attendance_running (
        school_id uuid NOT NULL,
        student_id uuid NOT NULL,
        date date NOT NULL,
        year_start date NOT NULL,
        points2 integer NOT NULL,
        marks integer NOT NULL,
        cum_points2 integer NOT NULL,
        cum_marks integer NOT NULL,
        below boolean NOT NULL,
        delta smallint NOT NULL,
        PRIMARY KEY (school_id, student_id, date)
      )`);
    await q.query(`
      CREATE TABLE insights_attendance_flips (
        school_id uuid NOT NULL,
        date date NOT NULL,
        delta integer NOT NULL,
        PRIMARY KEY (school_id, date)
      )`);

    await q.query(`
      CREATE FUNCTION insights_year_start(p_school uuid, p_date date) RETURNS date LANGUAGE sql STABLE AS $fn$
        SELECT COALESCE(
          (SELECT y.starts_on FROM academic_years y WHERE y.school_id = p_school AND p_date BETWEEN y.starts_on AND y.ends_on ORDER BY y.starts_on DESC LIMIT 1),
          make_date(extract(year FROM p_date)::int - CASE WHEN extract(month FROM p_date) < 4 THEN 1 ELSE 0 END, 4, 1))
      $fn$`);

    await q.query(`
      CREATE FUNCTION insights_attendance_days_refresh(p_school uuid[], p_section uuid[], p_date date[]) RETURNS void LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM insights_attendance_days s
         USING (SELECT DISTINCT * FROM unnest(p_school, p_section, p_date) AS x(school_id, section_id, date)) k
         WHERE s.school_id = k.school_id AND s.section_id = k.section_id AND s.date = k.date;
        INSERT INTO insights_attendance_days (school_id, section_id, date, points2, marks)
        SELECT m.school_id, m.section_id, m.date, sum(${POINTS2})::int, count(*)::int
          FROM attendance_marks m
          JOIN (SELECT DISTINCT * FROM unnest(p_school, p_section, p_date) AS x(school_id, section_id, date)) k
            ON m.school_id = k.school_id AND m.section_id = k.section_id AND m.date = k.date
         GROUP BY m.school_id, m.section_id, m.date;
      END $fn$`);

    await q.query(`
      CREATE FUNCTION insights_attendance_running_refresh(p_school uuid[], p_student uuid[], p_since date[]) RETURNS void LANGUAGE plpgsql AS $fn$
      BEGIN
        -- One writer a student at a time (two sections' days saved at once touch the same students' rows),
        -- taken in one order so that two writers never wait for each other.
        PERFORM pg_advisory_xact_lock(hashtextextended('insights_attendance_running:' || x.student_id::text, 0))
           FROM (SELECT DISTINCT student_id FROM unnest(p_student) AS u(student_id) WHERE student_id IS NOT NULL ORDER BY student_id) x;
        WITH gone AS (
          DELETE FROM insights_attendance_running r
           USING (SELECT school_id, student_id, min(since) AS since FROM unnest(p_school, p_student, p_since) AS x(school_id, student_id, since) GROUP BY school_id, student_id) a
           WHERE r.school_id = a.school_id AND r.student_id = a.student_id AND r.date >= a.since
          RETURNING r.school_id, r.date, r.delta
        )
        INSERT INTO insights_attendance_flips (school_id, date, delta)
        SELECT school_id, date, -sum(delta) FROM gone WHERE delta <> 0 GROUP BY school_id, date
        ON CONFLICT (school_id, date) DO UPDATE SET delta = insights_attendance_flips.delta + excluded.delta;
        -- The previous running row of each student (before the earliest day touched) carries into the recount.
        WITH touched AS (
          SELECT school_id, student_id, min(since) AS since FROM unnest(p_school, p_student, p_since) AS x(school_id, student_id, since) GROUP BY school_id, student_id
        ), base AS (
          SELECT a.school_id, a.student_id, a.since, b.year_start, b.cum_points2, b.cum_marks, b.below
            FROM touched a
            LEFT JOIN LATERAL (
              SELECT r.year_start, r.cum_points2, r.cum_marks, r.below FROM insights_attendance_running r
               WHERE r.school_id = a.school_id AND r.student_id = a.student_id AND r.date < a.since ORDER BY r.date DESC LIMIT 1) b ON true
        ), days AS (
          SELECT m.school_id, m.student_id, m.date, sum(${POINTS2})::int AS points2, count(*)::int AS marks
            FROM attendance_marks m JOIN touched a ON m.school_id = a.school_id AND m.student_id = a.student_id AND m.date >= a.since
           GROUP BY m.school_id, m.student_id, m.date
        ), years AS (
          SELECT x.school_id, x.date, insights_year_start(x.school_id, x.date) AS year_start FROM (SELECT DISTINCT school_id, date FROM days) x
        ), cum AS (
          SELECT d.school_id, d.student_id, d.date, y.year_start, d.points2, d.marks,
                 (CASE WHEN b.year_start = y.year_start THEN b.cum_points2 ELSE 0 END + sum(d.points2) OVER w)::int AS cum_points2,
                 (CASE WHEN b.year_start = y.year_start THEN b.cum_marks ELSE 0 END + sum(d.marks) OVER w)::int AS cum_marks,
                 CASE WHEN b.year_start = y.year_start THEN b.below ELSE false END AS base_below
            FROM days d JOIN years y ON y.school_id = d.school_id AND y.date = d.date
            JOIN base b ON b.school_id = d.school_id AND b.student_id = d.student_id
          WINDOW w AS (PARTITION BY d.school_id, d.student_id, y.year_start ORDER BY d.date)
        ), flagged AS (
          SELECT c.*, c.cum_points2 * 100 < ${THRESHOLD} * 2 * c.cum_marks AS below FROM cum c
        ), added AS (
          INSERT INTO insights_attendance_running (school_id, student_id, date, year_start, points2, marks, cum_points2, cum_marks, below, delta)
          SELECT f.school_id, f.student_id, f.date, f.year_start, f.points2, f.marks, f.cum_points2, f.cum_marks, f.below,
                 f.below::int - COALESCE(lag(f.below) OVER (PARTITION BY f.school_id, f.student_id, f.year_start ORDER BY f.date), f.base_below)::int
            FROM flagged f
          RETURNING school_id, date, delta
        )
        INSERT INTO insights_attendance_flips (school_id, date, delta)
        SELECT school_id, date, sum(delta) FROM added WHERE delta <> 0 GROUP BY school_id, date
        ON CONFLICT (school_id, date) DO UPDATE SET delta = insights_attendance_flips.delta + excluded.delta;
      END $fn$`);

    await q.query(`
      CREATE FUNCTION insights_attendance_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM insights_attendance_days_refresh(array_agg(school_id), array_agg(section_id), array_agg(date)),
                  insights_attendance_running_refresh(array_agg(school_id), array_agg(student_id), array_agg(date))
             FROM new_marks HAVING count(*) > 0;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM insights_attendance_days_refresh(array_agg(school_id), array_agg(section_id), array_agg(date)),
                  insights_attendance_running_refresh(array_agg(school_id), array_agg(student_id), array_agg(date))
             FROM old_marks HAVING count(*) > 0;
        ELSE
          PERFORM insights_attendance_days_refresh(array_agg(school_id), array_agg(section_id), array_agg(date)),
                  insights_attendance_running_refresh(array_agg(school_id), array_agg(student_id), array_agg(date))
             FROM (SELECT school_id, section_id, date, student_id FROM new_marks UNION ALL SELECT school_id, section_id, date, student_id FROM old_marks) x
           HAVING count(*) > 0;
        END IF;
        RETURN NULL;
      END $fn$`);
    await q.query(`CREATE TRIGGER insights_attendance_marks_insert AFTER INSERT ON attendance_marks REFERENCING NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION insights_attendance_marks_changed()`);
    await q.query(`CREATE TRIGGER insights_attendance_marks_delete AFTER DELETE ON attendance_marks REFERENCING OLD TABLE AS old_marks FOR EACH STATEMENT EXECUTE FUNCTION insights_attendance_marks_changed()`);
    await q.query(
      `CREATE TRIGGER insights_attendance_marks_update AFTER UPDATE ON attendance_marks REFERENCING OLD TABLE AS old_marks NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION insights_attendance_marks_changed()`,
    );

    await q.query(`
      CREATE FUNCTION insights_academic_years_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        s uuid;
        lo date;
        hi date;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          s := NEW.school_id; lo := NEW.starts_on; hi := NEW.ends_on;
        ELSIF TG_OP = 'DELETE' THEN
          s := OLD.school_id; lo := OLD.starts_on; hi := OLD.ends_on;
        ELSE
          IF NEW.school_id = OLD.school_id AND NEW.starts_on = OLD.starts_on AND NEW.ends_on = OLD.ends_on THEN RETURN NULL; END IF;
          s := NEW.school_id; lo := LEAST(NEW.starts_on, OLD.starts_on); hi := GREATEST(NEW.ends_on, OLD.ends_on);
        END IF;
        PERFORM insights_attendance_running_refresh(array_agg(school_id), array_agg(student_id), array_agg(since))
           FROM (SELECT school_id, student_id, min(date) AS since FROM attendance_marks WHERE school_id = s AND date BETWEEN lo AND hi GROUP BY school_id, student_id) x
         HAVING count(*) > 0;
        RETURN NULL;
      END $fn$`);
    await q.query(`CREATE TRIGGER insights_academic_years_changed AFTER INSERT OR UPDATE OR DELETE ON academic_years FOR EACH ROW EXECUTE FUNCTION insights_academic_years_changed()`);

    // The marks already saved.
    await q.query(`
      INSERT INTO insights_attendance_days (school_id, section_id, date, points2, marks)
      SELECT m.school_id, m.section_id, m.date, sum(${POINTS2})::int, count(*)::int FROM attendance_marks m GROUP BY m.school_id, m.section_id, m.date`);
    await q.query(`
      SELECT insights_attendance_running_refresh(array_agg(school_id), array_agg(student_id), array_agg(since))
        FROM (SELECT school_id, student_id, min(date) AS since FROM attendance_marks GROUP BY school_id, student_id) x HAVING count(*) > 0`);

    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${SCHOOL_TABLES.join(', ')} TO vidyalaya_tenant`);
    for (const table of SCHOOL_TABLES) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`
        CREATE POLICY ${table}_school ON ${table}
          USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
          WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER insights_academic_years_changed ON academic_years`);
    for (const t of ['insert', 'delete', 'update']) await q.query(`DROP TRIGGER insights_attendance_marks_${t} ON attendance_marks`);
    await q.query(`DROP FUNCTION insights_academic_years_changed()`);
    await q.query(`DROP FUNCTION insights_attendance_marks_changed()`);
    await q.query(`DROP FUNCTION insights_attendance_running_refresh(uuid[], uuid[], date[])`);
    await q.query(`DROP FUNCTION insights_attendance_days_refresh(uuid[], uuid[], date[])`);
    await q.query(`DROP FUNCTION insights_year_start(uuid, date)`);
    for (const table of [...SCHOOL_TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}

/** Points ×2 of a mark (a copy of the attendance rule): present and late 2, half day 1, absent and leave 0. */
const POINTS2 = `CASE WHEN m.status IN ('present', 'late') THEN 2 WHEN m.status = 'half_day' THEN 1 ELSE 0 END`;
/** The attendance rule's threshold, per cent (a copy of ATTENDANCE_THRESHOLD). */
const THRESHOLD = 75;
/** The new school tables under row-level security. */
const SCHOOL_TABLES = ['insights_attendance_days', 'insights_attendance_running', 'insights_attendance_flips'];
