import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's read model: GET /auth/my-school-detailed answers a stored JSON body instead of
 * rebuilding the school summary on every call (docs/adr/0004-dashboard-read-model.md).
 *
 * `data_version` is bumped by triggers in the same transaction as any change to what the summary is
 * made of (the school row, its classes, sections and class subjects, the global subjects), so no
 * write path can forget it. `body` is valid only while `built_version = data_version` and `format`
 * is the code's current format; otherwise the next read rebuilds it and stores it only if
 * `data_version` has not moved meanwhile.
 */
export class SchoolSummaries1763800003000 implements MigrationInterface {
  name = 'SchoolSummaries1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE school_summaries (
        school_id uuid PRIMARY KEY REFERENCES schools(id) ON DELETE CASCADE,
        data_version bigint NOT NULL DEFAULT 1,
        built_version bigint,
        format integer,
        body text
      )`);
    // Stored out of line and uncompressed: a read hands the body over as it is, with no pglz
    // decompression on every dashboard call (a body is a few tens of kilobytes).
    await q.query(`ALTER TABLE school_summaries ALTER COLUMN body SET STORAGE EXTERNAL`);
    await q.query(`INSERT INTO school_summaries (school_id) SELECT id FROM schools`);

    // Bumps the version of the given schools' summaries (only schools that still exist).
    await q.query(`
      CREATE FUNCTION touch_school_summaries(ids uuid[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO school_summaries (school_id)
        SELECT s.id FROM schools s WHERE s.id = ANY(ids)
        ON CONFLICT (school_id) DO UPDATE SET data_version = school_summaries.data_version + 1
      $$`);

    // One function per table; statement-level triggers read the changed rows from transition
    // tables named old_rows / new_rows, so a bulk insert of 480 class subjects bumps once.
    const bodies: Record<string, string> = {
      schools: `SELECT array_agg(DISTINCT id) FROM %ROWS%`,
      classes: `SELECT array_agg(DISTINCT school_id) FROM %ROWS%`,
      sections: `SELECT array_agg(DISTINCT c.school_id) FROM %ROWS% r JOIN classes c ON c.id = r.class_id`,
      class_subjects: `SELECT array_agg(DISTINCT c.school_id) FROM %ROWS% r JOIN classes c ON c.id = r.class_id`,
      global_subjects: `SELECT array_agg(DISTINCT c.school_id) FROM %ROWS% r
                          JOIN class_subjects cs ON cs.subject_id = r.id JOIN classes c ON c.id = cs.class_id`,
    };
    for (const [table, select] of Object.entries(bodies)) {
      await q.query(`
        CREATE FUNCTION ${table}_touch_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            PERFORM touch_school_summaries((${select.replace('%ROWS%', 'old_rows')}));
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            PERFORM touch_school_summaries((${select.replace('%ROWS%', 'new_rows')}));
          END IF;
          RETURN NULL;
        END $$`);
      const events = [
        ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
        ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
        ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
      ];
      for (const [name, event, tables] of events) {
        await q.query(
          `CREATE TRIGGER ${table}_summary_${name} AFTER ${event} ON ${table} REFERENCING ${tables}
           FOR EACH STATEMENT EXECUTE FUNCTION ${table}_touch_summaries()`,
        );
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['schools', 'classes', 'sections', 'class_subjects', 'global_subjects']) {
      for (const name of ['insert', 'update', 'delete']) await q.query(`DROP TRIGGER ${table}_summary_${name} ON ${table}`);
      await q.query(`DROP FUNCTION ${table}_touch_summaries()`);
    }
    await q.query(`DROP FUNCTION touch_school_summaries(uuid[])`);
    await q.query(`DROP TABLE school_summaries`);
  }
}
