import { MigrationInterface, QueryRunner } from 'typeorm';

/** The board's affiliation number, apart from the UDISE+ school code (issue 20; optional). */
export class SchoolAffiliationNumber1764200000000 implements MigrationInterface {
  name = 'SchoolAffiliationNumber1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools ADD COLUMN affiliation_number varchar(50)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools DROP COLUMN affiliation_number`);
  }
}
