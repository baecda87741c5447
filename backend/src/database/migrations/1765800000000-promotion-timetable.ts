import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Year end (issue 29): the apply option `copyTimetable` (copy each section's timetable, teaching
 * assignments and class teacher into the new year's section of the same name) is kept on the
 * promotion, as its other options are, for the background job to read.
 */
export class PromotionTimetable1765800000000 implements MigrationInterface {
  name = 'PromotionTimetable1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE promotions ADD COLUMN copy_timetable boolean`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE promotions DROP COLUMN copy_timetable`);
  }
}
