import { MigrationInterface, QueryRunner } from 'typeorm';

export class RateLimits1763800000100 implements MigrationInterface {
  name = 'RateLimits1763800000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limits (
        key varchar(200) PRIMARY KEY,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limits`);
  }
}
