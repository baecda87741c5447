import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The insights module's kept answers for fees and results (issue 38 item 5). Their figures depend on
 * many tables (the fees answer on students, enrolments, structures, instalments, items, heads,
 * concessions, receipts and allocations), so rather than a summary of each, the aggregate answer is
 * kept with the version of its inputs it was computed from:
 *
 * - `insights_versions`: per school and topic ('fees', 'results'), a number raised by a statement
 *   trigger on every table the topic reads, in the writing transaction (transition tables give the
 *   schools a statement touched; a statement touching no row raises nothing). No write path of the
 *   fees, exams or students modules changes.
 * - `insights_answers`: per school, topic and key (the year asked for, the exam), the aggregate rows
 *   as JSON, the version read before they were computed and the IST day they hold for. An answer is
 *   used only while its version is the school's current one (and, for fees, on its day): a write
 *   committed after the version was read raises it, so an answer can be early-stale, never kept stale.
 *   The insights read computes and stores it again on the first call after a change.
 * - Row-level security as in migration 1764100000000.
 */
export class InsightsAnswers1766000000100 implements MigrationInterface {
  name = 'InsightsAnswers1766000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE insights_versions (
        school_id uuid NOT NULL,
        topic varchar(16) NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (school_id, topic)
      )`);
    await q.query(`
      CREATE TABLE insights_answers (
        school_id uuid NOT NULL,
        topic varchar(16) NOT NULL,
        key text NOT NULL,
        version bigint NOT NULL,
        as_of date NOT NULL,
        answer jsonb NOT NULL,
        computed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, topic, key)
      )`);
    await q.query(`
      CREATE FUNCTION insights_touch() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
    for (const [table, topics] of WATCHED) {
      for (const topic of topics) {
        await q.query(`CREATE TRIGGER ins_${topic}_${table}_i AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('${topic}')`);
        await q.query(`CREATE TRIGGER ins_${topic}_${table}_d AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('${topic}')`);
        await q.query(
          `CREATE TRIGGER ins_${topic}_${table}_u AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('${topic}')`,
        );
      }
    }

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
    for (const [table, topics] of WATCHED) {
      for (const topic of topics) for (const e of ['i', 'd', 'u']) await q.query(`DROP TRIGGER ins_${topic}_${table}_${e} ON ${table}`);
    }
    await q.query(`DROP FUNCTION insights_touch()`);
    for (const table of [...SCHOOL_TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}

/** Every table an answer reads, with the topics it feeds. */
const WATCHED: [string, string[]][] = [
  ['students', ['fees']],
  ['student_enrolments', ['fees']],
  ['fee_heads', ['fees']],
  ['fee_structures', ['fees']],
  ['fee_instalments', ['fees']],
  ['fee_instalment_items', ['fees']],
  ['fee_concessions', ['fees']],
  ['fee_receipts', ['fees']],
  ['fee_allocations', ['fees']],
  ['exams', ['results']],
  ['exam_marks', ['results']],
];
/** The new school tables under row-level security. */
const SCHOOL_TABLES = ['insights_versions', 'insights_answers'];
