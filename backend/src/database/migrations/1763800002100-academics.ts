import { GLOBAL_SUBJECTS } from '@vidyalaya/shared';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Classes, sections and class subjects of a school, and the global subject list (seeded here from
 * shared's GLOBAL_SUBJECTS, in catalogue order). Every "already exists" is a unique index, so the
 * setup calls insert with ON CONFLICT DO NOTHING and a retry never duplicates anything.
 */
export class Academics1763800002100 implements MigrationInterface {
  name = 'Academics1763800002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE global_subjects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        code varchar(20) NOT NULL,
        description text,
        sort_order integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX global_subjects_name_lower_uq ON global_subjects (lower(name))`);
    await q.query(`CREATE UNIQUE INDEX global_subjects_code_uq ON global_subjects (code)`);
    await q.query(
      `INSERT INTO global_subjects (name, code, description, sort_order)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
      [
        GLOBAL_SUBJECTS.map((s) => s.name),
        GLOBAL_SUBJECTS.map((s) => s.code),
        GLOBAL_SUBJECTS.map((s) => s.description),
        GLOBAL_SUBJECTS.map((_, i) => i + 1),
      ],
    );

    await q.query(`
      CREATE TABLE classes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        academic_year varchar(7) NOT NULL,
        name varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX classes_school_year_name_uq ON classes (school_id, academic_year, name)`);

    await q.query(`
      CREATE TABLE sections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        name varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX sections_class_name_lower_uq ON sections (class_id, lower(name))`);

    await q.query(`
      CREATE TABLE class_subjects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        subject_id uuid NOT NULL REFERENCES global_subjects(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX class_subjects_class_subject_uq ON class_subjects (class_id, subject_id)`);
    await q.query(`CREATE INDEX class_subjects_subject_idx ON class_subjects (subject_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE class_subjects`);
    await q.query(`DROP TABLE sections`);
    await q.query(`DROP TABLE classes`);
    await q.query(`DROP TABLE global_subjects`);
  }
}
