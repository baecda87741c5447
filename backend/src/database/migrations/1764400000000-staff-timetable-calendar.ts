import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff, timetable and calendar (issue 15; DECISIONS "Staff, timetable, calendar"). Self-contained.
 *
 * - `calendar_events` (a school's terms, holidays, vacations, exams and events; `class_ids` empty =
 *   the whole school) and `calendar_settings` (Sunday, the n-th Saturdays off, the secret feed
 *   token's SHA-256).
 * - `staff`: the employee code is unique per school ignoring case; a member account links to at
 *   most one staff record.
 * - `section_class_teachers`, `teaching_assignments` (section × subject → teacher).
 * - `bell_schedules` (periods and breaks for the weekdays each names), `timetable_settings` (the
 *   daily load limit), `timetable_slots`: one lesson per section, day and period; the unique index
 *   on (school, year, teacher, day, period) is what makes "a teacher in two places at once"
 *   impossible, however many saves race.
 * - `substitutions`: who takes an absent teacher's period on a date; a substitute is in one place
 *   per period.
 * Every key leads with `school_id` (Citus); every table is under the tenant's row-level security.
 */
export class StaffTimetableCalendar1764400000000 implements MigrationInterface {
  name = 'StaffTimetableCalendar1764400000000';

  async up(q: QueryRunner): Promise<void> {
    // ── calendar ──────────────────────────────────────────────────────────
    await q.query(`
      CREATE TABLE calendar_events (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        title varchar(120) NOT NULL,
        kind varchar(10) NOT NULL CHECK (kind IN ('holiday', 'vacation', 'exam', 'event', 'term')),
        starts_on date NOT NULL,
        ends_on date NOT NULL,
        class_ids uuid[] NOT NULL DEFAULT '{}',
        description varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        CHECK (ends_on >= starts_on)
      )`);
    await q.query(`CREATE INDEX calendar_events_range_idx ON calendar_events (school_id, starts_on, ends_on)`);
    await q.query(`
      CREATE TABLE calendar_settings (
        school_id uuid PRIMARY KEY REFERENCES schools(id) ON DELETE CASCADE,
        sunday_holiday boolean NOT NULL DEFAULT true,
        saturdays_off smallint[] NOT NULL DEFAULT '{}',
        feed_token_hash bytea,
        feed_created_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // ── staff ─────────────────────────────────────────────────────────────
    await q.query(`
      CREATE TABLE staff (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        employee_code varchar(30) NOT NULL,
        name varchar(100) NOT NULL,
        designation varchar(60),
        subject_ids uuid[] NOT NULL DEFAULT '{}',
        qualification varchar(200),
        joining_date date,
        phone varchar(20),
        email varchar(255),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        status varchar(6) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'left')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX staff_code_uq ON staff (school_id, lower(employee_code))`);
    await q.query(`CREATE UNIQUE INDEX staff_user_uq ON staff (school_id, user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX staff_name_idx ON staff (school_id, lower(name))`);

    await q.query(`
      CREATE TABLE section_class_teachers (
        school_id uuid NOT NULL,
        section_id uuid NOT NULL,
        staff_id uuid NOT NULL,
        PRIMARY KEY (school_id, section_id),
        FOREIGN KEY (school_id, section_id) REFERENCES sections (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, staff_id) REFERENCES staff (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX section_class_teachers_staff_idx ON section_class_teachers (school_id, staff_id)`);

    await q.query(`
      CREATE TABLE teaching_assignments (
        school_id uuid NOT NULL,
        section_id uuid NOT NULL,
        subject_id uuid NOT NULL REFERENCES global_subjects(id),
        staff_id uuid NOT NULL,
        PRIMARY KEY (school_id, section_id, subject_id),
        FOREIGN KEY (school_id, section_id) REFERENCES sections (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, staff_id) REFERENCES staff (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX teaching_assignments_staff_idx ON teaching_assignments (school_id, staff_id)`);

    // ── bell schedules and the timetable ──────────────────────────────────
    await q.query(`
      CREATE TABLE bell_schedules (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        position smallint NOT NULL,
        name varchar(60) NOT NULL,
        days smallint[] NOT NULL,
        periods jsonb NOT NULL,
        breaks jsonb NOT NULL DEFAULT '[]',
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`
      CREATE TABLE timetable_settings (
        school_id uuid PRIMARY KEY REFERENCES schools(id) ON DELETE CASCADE,
        daily_load_limit smallint CHECK (daily_load_limit BETWEEN 1 AND 12),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE timetable_slots (
        school_id uuid NOT NULL,
        academic_year varchar(7) NOT NULL,
        section_id uuid NOT NULL,
        day smallint NOT NULL CHECK (day BETWEEN 1 AND 6),
        period smallint NOT NULL CHECK (period BETWEEN 1 AND 12),
        subject_id uuid NOT NULL REFERENCES global_subjects(id),
        staff_id uuid NOT NULL,
        PRIMARY KEY (school_id, section_id, day, period),
        FOREIGN KEY (school_id, section_id) REFERENCES sections (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, staff_id) REFERENCES staff (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX timetable_slots_teacher_uq ON timetable_slots (school_id, academic_year, staff_id, day, period)`);

    await q.query(`
      CREATE TABLE substitutions (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        on_date date NOT NULL,
        period smallint NOT NULL CHECK (period BETWEEN 1 AND 12),
        section_id uuid NOT NULL,
        subject_id uuid NOT NULL REFERENCES global_subjects(id),
        absent_staff_id uuid NOT NULL,
        substitute_staff_id uuid NOT NULL,
        note varchar(200),
        notified_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, section_id) REFERENCES sections (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, absent_staff_id) REFERENCES staff (school_id, id),
        FOREIGN KEY (school_id, substitute_staff_id) REFERENCES staff (school_id, id),
        CHECK (absent_staff_id <> substitute_staff_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX substitutions_section_uq ON substitutions (school_id, on_date, section_id, period)`);
    await q.query(`CREATE UNIQUE INDEX substitutions_substitute_uq ON substitutions (school_id, on_date, substitute_staff_id, period)`);

    // ── row-level security ────────────────────────────────────────────────
    for (const table of TABLES) {
      await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO vidyalaya_tenant`);
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`
        CREATE POLICY ${table}_school ON ${table}
          USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
          WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}

const TABLES = [
  'calendar_events',
  'calendar_settings',
  'staff',
  'section_class_teachers',
  'teaching_assignments',
  'bell_schedules',
  'timetable_settings',
  'timetable_slots',
  'substitutions',
];
