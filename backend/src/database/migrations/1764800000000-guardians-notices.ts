import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guardians' data rights and notices (issue 19). Self-contained: no live constant is imported.
 *
 * - `notices`: a circular to the whole school, some classes or sections, staff only or guardians
 *   only; a draft until published; an optional PDF kept in the row (size-limited by the service).
 * - `notice_recipients`: one row per person a published notice reached (resolved when it is
 *   published, so the e-mail's delivery status is kept per recipient) and per person who read it
 *   (`read_at`: the read receipt; a guardian linked later gets a row when they read it).
 * - `student_consents`: an append-only log of consents given and withdrawn (admission, photo,
 *   APAAR), with who recorded it (a guardian in the app, or the school from a paper form) and when.
 *   The current state of a consent is its latest row; the admission consent given on the public
 *   form stays on the application (migration 1764300000000).
 * - `data_requests`: a guardian's request to correct (or erase) a child's data, and the office's answer.
 * - `student_guardian_users` (migration 1764300000000) gains an index by user for the
 *   cross-school "my children" look-up.
 * - Row-level security on every new table, as in migration 1764100000000.
 */
export class GuardiansNotices1764800000000 implements MigrationInterface {
  name = 'GuardiansNotices1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notices (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        title varchar(150) NOT NULL,
        body text NOT NULL,
        audience varchar(10) NOT NULL CHECK (audience IN ('school', 'classes', 'sections', 'staff', 'guardians')),
        class_ids uuid[] NOT NULL DEFAULT '{}',
        section_ids uuid[] NOT NULL DEFAULT '{}',
        send_email boolean NOT NULL DEFAULT true,
        attachment bytea,
        attachment_name varchar(200),
        attachment_bytes integer,
        published_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        CHECK ((attachment IS NULL) = (attachment_name IS NULL))
      )`);
    await q.query(`CREATE INDEX notices_board_idx ON notices (school_id, published_at DESC NULLS FIRST)`);

    await q.query(`
      CREATE TABLE notice_recipients (
        school_id uuid NOT NULL,
        notice_id uuid NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email varchar(255),
        email_status varchar(8) NOT NULL DEFAULT 'none' CHECK (email_status IN ('pending', 'sent', 'failed', 'none')),
        emailed_at timestamptz,
        email_error varchar(200),
        read_at timestamptz,
        PRIMARY KEY (school_id, notice_id, user_id),
        FOREIGN KEY (school_id, notice_id) REFERENCES notices (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX notice_recipients_user_idx ON notice_recipients (school_id, user_id)`);

    await q.query(`
      CREATE TABLE student_consents (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL,
        kind varchar(10) NOT NULL CHECK (kind IN ('admission', 'photo', 'apaar')),
        status varchar(10) NOT NULL CHECK (status IN ('given', 'withdrawn')),
        source varchar(10) NOT NULL CHECK (source IN ('guardian', 'school')),
        recorded_by uuid REFERENCES users(id) ON DELETE SET NULL,
        note varchar(500),
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX student_consents_student_idx ON student_consents (school_id, student_id, kind, recorded_at DESC)`);
    await q.query(`CREATE INDEX student_consents_recent_idx ON student_consents (school_id, recorded_at DESC)`);

    await q.query(`
      CREATE TABLE data_requests (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL,
        kind varchar(10) NOT NULL CHECK (kind IN ('correction', 'erasure')),
        field varchar(60),
        message varchar(1000) NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'declined')),
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
        resolved_at timestamptz,
        resolution_note varchar(500),
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX data_requests_queue_idx ON data_requests (school_id, status, requested_at DESC)`);

    await q.query(`CREATE INDEX student_guardian_users_by_user_idx ON student_guardian_users (user_id)`);

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
    await q.query(`DROP INDEX student_guardian_users_by_user_idx`);
    await q.query(`DROP TABLE data_requests`);
    await q.query(`DROP TABLE student_consents`);
    await q.query(`DROP TABLE notice_recipients`);
    await q.query(`DROP TABLE notices`);
  }
}

/** The new school tables under row-level security (a copy: migrations never change). */
const SCHOOL_TABLES = ['notices', 'notice_recipients', 'student_consents', 'data_requests'];
