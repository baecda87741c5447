import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Certificates (issue 30; DECISIONS "Certificates"). Self-contained: no live constant is imported.
 *
 * - `certificate_counters`: the next number per school, kind and academic year. An issue locks its
 *   row (FOR UPDATE) in its own transaction, so numbers run without gaps or repeats under
 *   concurrency and a refused issue gives its number back.
 * - `certificates`: never edited but for the print count and a cancellation (which keeps the
 *   number and records why). The student's name, admission number, class and every field are kept
 *   as printed. `verify_code` is 128 random bits (base64url) for the public check. One live
 *   transfer certificate per student: a partial unique index, so two concurrent issues cannot both
 *   win. `replaces_id` points at the cancelled certificate a reissue corrects.
 * Every key leads with `school_id`; both tables are under the tenant's row-level security.
 */
export class Certificates1765000000000 implements MigrationInterface {
  name = 'Certificates1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE certificate_counters (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('transfer', 'bonafide', 'character')),
        academic_year varchar(7) NOT NULL,
        next_value integer NOT NULL DEFAULT 1 CHECK (next_value >= 1),
        PRIMARY KEY (school_id, kind, academic_year)
      )`);

    await q.query(`
      CREATE TABLE certificates (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        kind varchar(10) NOT NULL CHECK (kind IN ('transfer', 'bonafide', 'character')),
        academic_year varchar(7) NOT NULL,
        seq integer NOT NULL CHECK (seq >= 1),
        number varchar(30) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'cancelled')),
        student_id uuid NOT NULL,
        student_name varchar(210) NOT NULL,
        first_name varchar(100) NOT NULL,
        last_name varchar(100),
        admission_number varchar(30) NOT NULL,
        class_name varchar(60),
        purpose varchar(200),
        fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        issued_on date NOT NULL,
        verify_code varchar(32) NOT NULL,
        print_count integer NOT NULL DEFAULT 0,
        dues_overridden boolean NOT NULL DEFAULT false,
        override_reason varchar(500),
        dues_paise bigint NOT NULL DEFAULT 0,
        replaces_id uuid,
        issued_by uuid,
        cancelled_at timestamptz,
        cancelled_by uuid,
        cancel_reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, replaces_id) REFERENCES certificates (school_id, id),
        CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX certificates_seq_uq ON certificates (school_id, kind, academic_year, seq)`);
    await q.query(`CREATE UNIQUE INDEX certificates_number_uq ON certificates (school_id, number)`);
    await q.query(`CREATE UNIQUE INDEX certificates_verify_code_uq ON certificates (school_id, verify_code)`);
    await q.query(`CREATE INDEX certificates_verify_code_idx ON certificates (verify_code)`);
    await q.query(`CREATE UNIQUE INDEX certificates_live_tc_uq ON certificates (school_id, student_id) WHERE kind = 'transfer' AND status = 'issued'`);
    await q.query(`CREATE INDEX certificates_student_idx ON certificates (school_id, student_id, created_at)`);

    for (const table of ['certificate_counters', 'certificates']) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`
        CREATE POLICY ${table}_school ON ${table}
          USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
          WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE certificates`);
    await q.query(`DROP TABLE certificate_counters`);
  }
}
