import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Students and admissions (DECISIONS "Students", "Admissions"; issue 14). Self-contained: no live
 * constant is imported, so what it does never changes.
 *
 * - `students`: one row per child on the roll; `school_id` leads the key and the unique admission
 *   number (case-insensitive). The current enrolment (year, class, section, roll number) is kept on
 *   the row for the register's filters, and every enrolment in `student_enrolments` (one per year).
 *   Aadhaar is never stored in clear: `aadhaar_cipher` (AES-256-GCM), `aadhaar_last4` (for the
 *   mask) and `aadhaar_hmac` (a keyed hash, bound to the school, for duplicate detection).
 *   `search_text` is the lower-cased names, admission number and guardian phones the register's
 *   search matches (written by the service with the row).
 * - `student_photos`: an optional photo per student (JPEG, PNG or WebP, size-limited by the service).
 * - `student_guardians`: a student's guardians (contacts, the first is the primary);
 *   `student_guardian_users`: which guardian accounts see which students. An accepted guardian
 *   invitation links the students it named (a trigger on `school_invitations`).
 * - `school_sequences`: per-school running numbers (admission numbers with the school's prefix,
 *   application numbers).
 * - `admission_applications`: the public form's applications, with the guardian's consent (time,
 *   purpose, policy version).
 * - `schools.active_students`: the count of active students, kept by a statement-level trigger on
 *   `students` in the same transaction. Its update touches the school row, so the dashboard's read
 *   model (migration 1763800003000) is bumped by the schools trigger, and the trial limit is
 *   checked under the school row's lock.
 * - `school_decisions` may also record `student_limit` (provider staff changing `max_students`).
 * - Row-level security on every new school table, as in migration 1764100000000.
 */
export class Students1764300000000 implements MigrationInterface {
  name = 'Students1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools ADD COLUMN active_students integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE school_decisions DROP CONSTRAINT IF EXISTS school_decisions_decision_check`);
    await q.query(`ALTER TABLE school_decisions ADD CONSTRAINT school_decisions_decision_check CHECK (decision IN ('approved', 'rejected', 'student_limit'))`);

    await q.query(`
      CREATE TABLE school_sequences (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        name varchar(30) NOT NULL,
        prefix varchar(20) NOT NULL DEFAULT '',
        digits smallint NOT NULL DEFAULT 4 CHECK (digits BETWEEN 1 AND 8),
        next_value bigint NOT NULL DEFAULT 1 CHECK (next_value >= 1),
        PRIMARY KEY (school_id, name)
      )`);

    await q.query(`
      CREATE TABLE students (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        admission_number varchar(30) NOT NULL,
        first_name varchar(100) NOT NULL,
        last_name varchar(100),
        date_of_birth date NOT NULL,
        gender varchar(6) NOT NULL CHECK (gender IN ('male', 'female', 'other')),
        status varchar(12) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'left', 'passed_out')),
        left_on date,
        leaving_reason varchar(500),
        academic_year_id uuid,
        class_id uuid,
        section_id uuid,
        roll_number integer CHECK (roll_number BETWEEN 1 AND 9999),
        pen varchar(11),
        apaar_id varchar(12),
        aadhaar_cipher bytea,
        aadhaar_last4 char(4),
        aadhaar_hmac bytea,
        mother_tongue varchar(50),
        social_category varchar(10) CHECK (social_category IN ('general', 'sc', 'st', 'obc')),
        religion varchar(50),
        blood_group varchar(3) CHECK (blood_group IN ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')),
        cwsn boolean NOT NULL DEFAULT false,
        rte boolean NOT NULL DEFAULT false,
        bpl boolean NOT NULL DEFAULT false,
        address1 varchar(255),
        locality varchar(100),
        city varchar(100),
        state varchar(100),
        pin_code varchar(6),
        admission_date date,
        application_id uuid,
        search_text text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        CHECK ((aadhaar_cipher IS NULL) = (aadhaar_hmac IS NULL) AND (aadhaar_cipher IS NULL) = (aadhaar_last4 IS NULL)),
        FOREIGN KEY (school_id, section_id) REFERENCES sections (school_id, id) ON DELETE SET NULL (section_id),
        FOREIGN KEY (school_id, class_id) REFERENCES classes (school_id, id) ON DELETE SET NULL (class_id),
        FOREIGN KEY (school_id, academic_year_id) REFERENCES academic_years (school_id, id) ON DELETE SET NULL (academic_year_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX students_admission_number_uq ON students (school_id, lower(admission_number))`);
    await q.query(`CREATE UNIQUE INDEX students_aadhaar_uq ON students (school_id, aadhaar_hmac) WHERE aadhaar_hmac IS NOT NULL`);
    await q.query(`CREATE INDEX students_register_idx ON students (school_id, status, lower(first_name), lower(last_name))`);
    await q.query(`CREATE INDEX students_section_idx ON students (school_id, section_id, roll_number)`);

    await q.query(`
      CREATE TABLE student_enrolments (
        school_id uuid NOT NULL,
        student_id uuid NOT NULL,
        academic_year_id uuid NOT NULL,
        class_id uuid NOT NULL,
        section_id uuid NOT NULL,
        roll_number integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, student_id, academic_year_id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, academic_year_id) REFERENCES academic_years (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, class_id) REFERENCES classes (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, section_id) REFERENCES sections (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX student_enrolments_section_idx ON student_enrolments (school_id, section_id)`);

    await q.query(`
      CREATE TABLE student_guardians (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL,
        position smallint NOT NULL,
        name varchar(100) NOT NULL,
        relation varchar(10) NOT NULL CHECK (relation IN ('father', 'mother', 'guardian')),
        phone varchar(10) NOT NULL,
        email varchar(255),
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX student_guardians_position_uq ON student_guardians (school_id, student_id, position)`);
    await q.query(`CREATE INDEX student_guardians_phone_idx ON student_guardians (school_id, phone)`);

    await q.query(`
      CREATE TABLE student_photos (
        school_id uuid NOT NULL,
        student_id uuid NOT NULL,
        content_type varchar(20) NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
        bytes bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, student_id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE student_guardian_users (
        school_id uuid NOT NULL,
        student_id uuid NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, student_id, user_id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX student_guardian_users_user_idx ON student_guardian_users (school_id, user_id)`);

    // An accepted guardian invitation links the students it named (those of its own school only).
    await q.query(`
      CREATE FUNCTION school_invitations_link_guardian() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO student_guardian_users (school_id, student_id, user_id)
        SELECT NEW.school_id, s.id, NEW.accepted_by FROM students s
         WHERE s.school_id = NEW.school_id AND s.id = ANY(NEW.student_ids)
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER school_invitations_link_guardian AFTER UPDATE OF accepted_by ON school_invitations
        FOR EACH ROW WHEN (NEW.role = 'guardian' AND NEW.accepted_by IS NOT NULL AND OLD.accepted_by IS NULL)
        EXECUTE FUNCTION school_invitations_link_guardian()`);

    await q.query(`
      CREATE TABLE admission_applications (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        application_number varchar(30) NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'under_review', 'admitted', 'rejected')),
        first_name varchar(100) NOT NULL,
        last_name varchar(100),
        date_of_birth date NOT NULL,
        gender varchar(6) NOT NULL CHECK (gender IN ('male', 'female', 'other')),
        class_applied varchar(20) NOT NULL,
        guardian_name varchar(100) NOT NULL,
        guardian_relation varchar(10) NOT NULL CHECK (guardian_relation IN ('father', 'mother', 'guardian')),
        guardian_phone varchar(10) NOT NULL,
        guardian_email varchar(255) NOT NULL,
        rte boolean NOT NULL DEFAULT false,
        consent_at timestamptz NOT NULL,
        consent_purpose text NOT NULL,
        consent_policy_version varchar(30) NOT NULL,
        rejection_reason varchar(500),
        student_id uuid,
        decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX admission_applications_number_uq ON admission_applications (school_id, application_number)`);
    await q.query(`CREATE INDEX admission_applications_queue_idx ON admission_applications (school_id, status, created_at DESC)`);

    // The active count on the school row, statement by statement (a 1,000-row import updates it once).
    await q.query(`
      CREATE FUNCTION students_count_active() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE schools s SET active_students = s.active_students + d.n
            FROM (SELECT school_id, count(*)::int AS n FROM new_rows WHERE status = 'active' GROUP BY school_id) d
           WHERE s.id = d.school_id;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE schools s SET active_students = s.active_students - d.n
            FROM (SELECT school_id, count(*)::int AS n FROM old_rows WHERE status = 'active' GROUP BY school_id) d
           WHERE s.id = d.school_id;
        ELSE
          UPDATE schools s SET active_students = s.active_students + d.n
            FROM (SELECT school_id, sum(n)::int AS n FROM (
                    SELECT school_id, 1 AS n FROM new_rows WHERE status = 'active'
                    UNION ALL SELECT school_id, -1 FROM old_rows WHERE status = 'active') x
                  GROUP BY school_id) d
           WHERE s.id = d.school_id AND d.n <> 0;
        END IF;
        RETURN NULL;
      END $$`);
    const events = [
      ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
      ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
    ];
    for (const [name, event, tables] of events) {
      await q.query(
        `CREATE TRIGGER students_count_${name} AFTER ${event} ON students REFERENCING ${tables}
         FOR EACH STATEMENT EXECUTE FUNCTION students_count_active()`,
      );
    }

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
    for (const name of ['insert', 'update', 'delete']) await q.query(`DROP TRIGGER students_count_${name} ON students`);
    await q.query(`DROP FUNCTION students_count_active()`);
    await q.query(`DROP TRIGGER school_invitations_link_guardian ON school_invitations`);
    await q.query(`DROP FUNCTION school_invitations_link_guardian()`);
    await q.query(`DROP TABLE admission_applications`);
    await q.query(`DROP TABLE student_guardian_users`);
    await q.query(`DROP TABLE student_photos`);
    await q.query(`DROP TABLE student_guardians`);
    await q.query(`DROP TABLE student_enrolments`);
    await q.query(`DROP TABLE students`);
    await q.query(`DROP TABLE school_sequences`);
    await q.query(`DELETE FROM school_decisions WHERE decision = 'student_limit'`);
    await q.query(`ALTER TABLE school_decisions DROP CONSTRAINT school_decisions_decision_check`);
    await q.query(`ALTER TABLE school_decisions ADD CONSTRAINT school_decisions_decision_check CHECK (decision IN ('approved', 'rejected'))`);
    await q.query(`ALTER TABLE schools DROP COLUMN active_students`);
  }
}

/** The new school tables under row-level security (a copy: migrations never change). */
const SCHOOL_TABLES = ['school_sequences', 'students', 'student_enrolments', 'student_guardians', 'student_photos', 'student_guardian_users', 'admission_applications'];
