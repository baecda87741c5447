import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * More tables raise the 'fees' topic of the change log (migration 1766000000200), so that an answer
 * kept with the fees' version also covers the defaulters list (issue 32 item 5, fee-reports.service.ts
 * `defaulters`). Besides the fee tables and the students (migration 1766000000100), the list reads:
 * - `student_guardians`: the first guardian's name and phone on each row;
 * - `classes` and `sections`: the class and section names on each row;
 * - `fee_carries`: what a promotion carried into the new year, counted as paid.
 * The insights' fees answer is computed again after these writes too, which costs one computation
 * after a rename or a guardian's new number. Statement triggers as in migration 1766000000200.
 */
export class FeesChangeWatches1766000000300 implements MigrationInterface {
  name = 'FeesChangeWatches1766000000300';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`CREATE TRIGGER ins_fees_${table}_i AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('fees')`);
      await q.query(`CREATE TRIGGER ins_fees_${table}_d AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('fees')`);
      await q.query(
        `CREATE TRIGGER ins_fees_${table}_u AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_touch('fees')`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) for (const e of ['i', 'd', 'u']) await q.query(`DROP TRIGGER ins_fees_${table}_${e} ON ${table}`);
  }
}

const TABLES = ['student_guardians', 'classes', 'sections', 'fee_carries'];
