import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The insights' versions become a change log (issue 32 item 5, issue 38 item 5). Migration
 * 1766000000100 raised one row per school and topic (`insights_versions`) from a statement trigger on
 * every fee, student and exam table: the row's lock was held from a payment's first write (its
 * receipt) to its COMMIT, so two payments of one school waited for each other for their whole
 * transaction, not only for the receipt number taken in its last statement.
 *
 * - `insights_changes`: the same triggers now only insert (school, topic, n = 1) rows; an insert takes
 *   no lock another writer waits for.
 * - A topic's version is the sum of its rows' `n`. Every committed write adds to it, a rolled-back one
 *   leaves it as it was, so an answer kept with the version read before it was computed is used only
 *   while no write has committed since (the rule of migration 1766000000100, unchanged).
 * - The reader folds a school's rows into one when they pile up (insights.repository.ts `kept`): one
 *   statement deletes the rows it sees and inserts their sum, so the version never moves; a row
 *   inserted meanwhile is not among those deleted and still counts.
 * - The current versions carry over as one row each. Row-level security as in migration 1764100000000.
 * - A third topic, 'attendance' (the home's attendance chart, kept for the day): raised by the marks,
 *   the calendar (its events and settings decide the 30 school days), the academic years (the 75 %
 *   count's start) and the sections and classes (the chart's grouping and names). The marks' own
 *   summary trigger (migration 1766000000000) is unchanged; this is one more insert per statement.
 * - The results answer now keeps its exam and its sections' names, so the sections and classes also
 *   raise 'results'; the answers kept in the old shape are dropped here.
 */
export class InsightsChangeLog1766000000200 implements MigrationInterface {
  name = 'InsightsChangeLog1766000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE insights_changes (
        school_id uuid NOT NULL,
        topic varchar(16) NOT NULL,
        n bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX insights_changes_school_topic ON insights_changes (school_id, topic)`);
    await q.query(`INSERT INTO insights_changes (school_id, topic, n) SELECT school_id, topic, version FROM insights_versions`);
    await q.query(`
      CREATE OR REPLACE FUNCTION insights_touch() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO insights_changes (school_id, topic, n) SELECT DISTINCT school_id, TG_ARGV[0], 1 FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO insights_changes (school_id, topic, n) SELECT DISTINCT school_id, TG_ARGV[0], 1 FROM old_rows;
        ELSE
          INSERT INTO insights_changes (school_id, topic, n)
          SELECT school_id, TG_ARGV[0], 1 FROM (SELECT school_id FROM new_rows UNION SELECT school_id FROM old_rows) x;
        END IF;
        RETURN NULL;
      END $fn$`);
    await q.query(`DROP TABLE insights_versions`);
    await q.query(`DELETE FROM insights_answers WHERE topic = 'results'`);
    for (const [table, topic] of NEW_WATCHES) {
      await q.query(`CREATE TRIGGER ins_${topic}_${table}_i AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('${topic}')`);
      await q.query(`CREATE TRIGGER ins_${topic}_${table}_d AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('${topic}')`);
      await q.query(
        `CREATE TRIGGER ins_${topic}_${table}_u AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('${topic}')`,
      );
    }
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON insights_changes TO vidyalaya_tenant`);
    await q.query(`ALTER TABLE insights_changes ENABLE ROW LEVEL SECURITY`);
    await q.query(`
      CREATE POLICY insights_changes_school ON insights_changes
        USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
        WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, topic] of NEW_WATCHES) for (const e of ['i', 'd', 'u']) await q.query(`DROP TRIGGER ins_${topic}_${table}_${e} ON ${table}`);
    // Answers in this migration's shapes (attendance; results with their names) go: computed again on the next read.
    await q.query(`DELETE FROM insights_answers WHERE topic IN ('attendance', 'results')`);
    await q.query(`
      CREATE TABLE insights_versions (
        school_id uuid NOT NULL,
        topic varchar(16) NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (school_id, topic)
      )`);
    await q.query(`INSERT INTO insights_versions (school_id, topic, version) SELECT school_id, topic, sum(n) FROM insights_changes GROUP BY school_id, topic`);
    await q.query(`
      CREATE OR REPLACE FUNCTION insights_touch() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO insights_versions (school_id, topic, version)
          SELECT DISTINCT school_id, TG_ARGV[0], 1 FROM new_rows
          ON CONFLICT (school_id, topic) DO UPDATE SET version = insights_versions.version + 1;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO insights_versions (school_id, topic, version)
          SELECT DISTINCT school_id, TG_ARGV[0], 1 FROM old_rows
          ON CONFLICT (school_id, topic) DO UPDATE SET version = insights_versions.version + 1;
        ELSE
          INSERT INTO insights_versions (school_id, topic, version)
          SELECT school_id, TG_ARGV[0], 1 FROM (SELECT school_id FROM new_rows UNION SELECT school_id FROM old_rows) x
          ON CONFLICT (school_id, topic) DO UPDATE SET version = insights_versions.version + 1;
        END IF;
        RETURN NULL;
      END $fn$`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON insights_versions TO vidyalaya_tenant`);
    await q.query(`ALTER TABLE insights_versions ENABLE ROW LEVEL SECURITY`);
    await q.query(`
      CREATE POLICY insights_versions_school ON insights_versions
        USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
        WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    await q.query(`DROP TABLE insights_changes`);
  }
}

/**
 * The statement triggers this migration adds: every table the kept attendance answer reads
 * (insights.service.ts `attendance`), and the sections and classes whose names the results answer now
 * keeps (insights.service.ts `results`).
 */
const NEW_WATCHES: [string, 'attendance' | 'results'][] = [
  ...['attendance_marks', 'calendar_events', 'calendar_settings', 'academic_years', 'sections', 'classes'].map((t): [string, 'attendance'] => [t, 'attendance']),
  ...['sections', 'classes'].map((t): [string, 'results'] => [t, 'results']),
];
