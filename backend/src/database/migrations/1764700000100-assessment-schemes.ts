import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A school's own assessment schemes (issue 17): the components and maximum marks a new exam of a
 * class band and term starts from, where the school changed the CBSE preset. No row: the preset.
 * Row-level security as in migration 1764100000000.
 */
export class AssessmentSchemes1764700000100 implements MigrationInterface {
  name = 'AssessmentSchemes1764700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE assessment_schemes (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        band varchar(10) NOT NULL CHECK (band IN ('primary', 'middle', 'secondary', 'senior')),
        term smallint NOT NULL CHECK (term BETWEEN 1 AND 4),
        components jsonb NOT NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, band, term)
      )`);
    await q.query(`ALTER TABLE assessment_schemes ENABLE ROW LEVEL SECURITY`);
    await q.query(`
      CREATE POLICY assessment_schemes_school ON assessment_schemes
        USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
        WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE assessment_schemes`);
  }
}
