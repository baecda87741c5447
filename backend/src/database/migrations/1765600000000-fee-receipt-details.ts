import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a fee receipt prints beyond its payment (issue 36): the guardian's name and the balance left
 * after it, kept on the receipt when it is made (a receipt is a document of its day, never edited).
 * `balance_after` is what the student still owed for the year, `due_after` the part of it due by the
 * payment date. Receipts made before this migration have NULL (the PDF then leaves the lines out).
 */
export class FeeReceiptDetails1765600000000 implements MigrationInterface {
  name = 'FeeReceiptDetails1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fee_receipts ADD COLUMN guardian_name varchar(100), ADD COLUMN balance_after bigint, ADD COLUMN due_after bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fee_receipts DROP COLUMN guardian_name, DROP COLUMN balance_after, DROP COLUMN due_after`);
  }
}
