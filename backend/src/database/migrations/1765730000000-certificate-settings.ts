import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A school's certificate settings (issue 30): `publish_tc_list` puts the school's issued transfer
 * certificates (number, the name as initials, class, date, status) on its public portal page, as
 * CBSE asks schools to do. Off until an admin turns it on. Under the tenant's row-level security.
 */
export class CertificateSettings1765730000000 implements MigrationInterface {
  name = 'CertificateSettings1765730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE certificate_settings (
        school_id uuid PRIMARY KEY REFERENCES schools(id) ON DELETE CASCADE,
        publish_tc_list boolean NOT NULL DEFAULT false,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON certificate_settings TO vidyalaya_tenant`);
    await q.query(`ALTER TABLE certificate_settings ENABLE ROW LEVEL SECURITY`);
    await q.query(`
      CREATE POLICY certificate_settings_school ON certificate_settings
        USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
        WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE certificate_settings`);
  }
}
