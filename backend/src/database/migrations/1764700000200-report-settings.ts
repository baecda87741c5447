import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A school's report-card settings (issue 17): whether ranks are shown (results and report cards),
 * and its logo (PNG or JPEG, at most 256 KB), printed at the top of its report cards. No row: ranks
 * shown, no logo. Row-level security as in migration 1764100000000.
 */
export class ReportSettings1764700000200 implements MigrationInterface {
  name = 'ReportSettings1764700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE school_report_settings (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        show_ranks boolean NOT NULL DEFAULT true,
        logo bytea,
        logo_type varchar(20) CHECK (logo_type IN ('image/png', 'image/jpeg')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id),
        CHECK ((logo IS NULL) = (logo_type IS NULL))
      )`);
    await q.query(`ALTER TABLE school_report_settings ENABLE ROW LEVEL SECURITY`);
    await q.query(`
      CREATE POLICY school_report_settings_school ON school_report_settings
        USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
        WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE school_report_settings`);
  }
}
