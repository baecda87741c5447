import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily attendance (DECISIONS "Attendance"; issue 16). Self-contained: no live constant imported.
 *
 * - `attendance_days`: one row per section and marked day: who saved it last and when (the
 *   `basedOn` check of an offline client compares `marked_at`).
 * - `attendance_marks`: one row per student of a marked day (status and note). Saving a day again
 *   replaces its marks.
 * - `attendance_edits`: every change of a student's mark on a day (from, to, who, when), so an
 *   edit never loses what was there before.
 * - `attendance_notices`: the absence e-mail of a child on a day, at most one (the primary key),
 *   with the job that sends it and when it was sent.
 * - `attendance_settings`: the school's opt-out of absence e-mails.
 * - Row-level security on each, as in migration 1764100000000.
 */
export class Attendance1764500000000 implements MigrationInterface {
  name = 'Attendance1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attendance_days (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        section_id uuid NOT NULL,
        date date NOT NULL,
        marked_by uuid REFERENCES users(id) ON DELETE SET NULL,
        marked_at timestamptz NOT NULL,
        first_marked_by uuid REFERENCES users(id) ON DELETE SET NULL,
        first_marked_at timestamptz NOT NULL,
        PRIMARY KEY (school_id, section_id, date),
        FOREIGN KEY (school_id, section_id) REFERENCES sections (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX attendance_days_date_idx ON attendance_days (school_id, date)`);
    await q.query(`
      CREATE TABLE attendance_marks (
        school_id uuid NOT NULL,
        section_id uuid NOT NULL,
        date date NOT NULL,
        student_id uuid NOT NULL,
        status varchar(8) NOT NULL CHECK (status IN ('present', 'absent', 'late', 'half_day', 'leave')),
        note varchar(200),
        PRIMARY KEY (school_id, section_id, date, student_id),
        FOREIGN KEY (school_id, section_id, date) REFERENCES attendance_days (school_id, section_id, date) ON DELETE CASCADE,
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX attendance_marks_student_idx ON attendance_marks (school_id, student_id, date)`);
    await q.query(`
      CREATE TABLE attendance_edits (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        section_id uuid NOT NULL,
        date date NOT NULL,
        student_id uuid NOT NULL,
        from_status varchar(8),
        to_status varchar(8),
        from_note varchar(200),
        to_note varchar(200),
        changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, section_id, date) REFERENCES attendance_days (school_id, section_id, date) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX attendance_edits_day_idx ON attendance_edits (school_id, section_id, date, changed_at)`);
    await q.query(`
      CREATE TABLE attendance_notices (
        school_id uuid NOT NULL,
        student_id uuid NOT NULL,
        date date NOT NULL,
        job_id uuid,
        sent_at timestamptz,
        recipients integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (school_id, student_id, date),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE attendance_settings (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        absence_notices boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (school_id)
      )`);

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
    for (const table of [...SCHOOL_TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}

/** The new school tables under row-level security (a copy: migrations never change). */
const SCHOOL_TABLES = ['attendance_days', 'attendance_marks', 'attendance_edits', 'attendance_notices', 'attendance_settings'];
