import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Year end: promotion and rollover (issue 29; DECISIONS "Year end: promotion and rollover").
 * Self-contained: no live constant is imported.
 *
 * - `promotions`: one per school and pair of years (`from_year` → `to_year`, unique), its status
 *   (draft → applying → applied; an undo returns it to draft), the apply options, the job, what
 *   the job created (`created`: the year, classes and fee structures it made, for the undo) and its
 *   result report.
 * - `promotion_lines`: one per active student of `from_year`: the proposal (decision, target class
 *   and section by name, so a draft can name classes `to_year` does not have yet), the year's
 *   attendance % and final result, flags, a reason; and what applying it changed (the student's
 *   previous placement and status, for the undo).
 * - `student_enrolments.result`, `result_grade`, `attendance_percent`: a closed year's outcome on
 *   the student's enrolment of that year (the profile's history).
 * - Fees: `fee_instalments.student_id` marks an instalment that belongs to one student only (the
 *   `Arrears 2026-27` instalment a promotion carries); `fee_instalments.promotion_id` and
 *   `fee_structures.promotion_id` say which promotion made them. `fee_carries`: the closing year's
 *   balance moved onto the arrears instalment, per instalment and head (null = late fee); the fees
 *   module counts a carry as settling what it moved, so nothing is counted twice.
 * Every key leads with `school_id`; every new table is under the tenant's row-level security.
 */
export class Promotions1764900000000 implements MigrationInterface {
  name = 'Promotions1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE promotions (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        from_year varchar(7) NOT NULL,
        to_year varchar(7) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'applying', 'applied')),
        fee_increase_percent numeric(5,2) CHECK (fee_increase_percent BETWEEN 0 AND 50),
        renumber_rolls boolean,
        job_id uuid,
        created jsonb,
        result jsonb,
        applied_at timestamptz,
        reverted_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX promotions_years_uq ON promotions (school_id, from_year, to_year)`);

    await q.query(`
      CREATE TABLE promotion_lines (
        school_id uuid NOT NULL,
        promotion_id uuid NOT NULL,
        student_id uuid NOT NULL,
        from_class_id uuid NOT NULL,
        from_section_id uuid NOT NULL,
        roll_number integer,
        attendance_percent numeric(5,2),
        result varchar(4) CHECK (result IN ('pass', 'fail')),
        result_grade varchar(3),
        decision varchar(10) NOT NULL CHECK (decision IN ('promote', 'detain', 'passed_out', 'left')),
        target_class_name varchar(20),
        target_section_name varchar(20),
        reason varchar(300),
        flags text[] NOT NULL DEFAULT '{}',
        applied boolean NOT NULL DEFAULT false,
        enrolled boolean NOT NULL DEFAULT false,
        skipped boolean NOT NULL DEFAULT false,
        previous jsonb,
        PRIMARY KEY (school_id, promotion_id, student_id),
        FOREIGN KEY (school_id, promotion_id) REFERENCES promotions (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE,
        CHECK (decision NOT IN ('detain', 'left') OR reason IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX promotion_lines_class_idx ON promotion_lines (school_id, promotion_id, from_class_id)`);

    await q.query(`ALTER TABLE student_enrolments ADD COLUMN result varchar(4) CHECK (result IN ('pass', 'fail'))`);
    await q.query(`ALTER TABLE student_enrolments ADD COLUMN result_grade varchar(3)`);
    await q.query(`ALTER TABLE student_enrolments ADD COLUMN attendance_percent numeric(5,2)`);

    await q.query(`ALTER TABLE fee_instalments ADD COLUMN student_id uuid`);
    await q.query(`ALTER TABLE fee_instalments ADD COLUMN promotion_id uuid`);
    await q.query(`ALTER TABLE fee_instalments ADD CONSTRAINT fee_instalments_student_fk FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE`);
    await q.query(`CREATE INDEX fee_instalments_student_idx ON fee_instalments (school_id, student_id) WHERE student_id IS NOT NULL`);
    await q.query(`ALTER TABLE fee_structures ADD COLUMN promotion_id uuid`);

    await q.query(`
      CREATE TABLE fee_carries (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        promotion_id uuid NOT NULL,
        student_id uuid NOT NULL,
        instalment_id uuid NOT NULL,
        head_id uuid,
        amount bigint NOT NULL CHECK (amount > 0),
        arrears_instalment_id uuid NOT NULL,
        carried_on date NOT NULL,
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, instalment_id) REFERENCES fee_instalments (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, arrears_instalment_id) REFERENCES fee_instalments (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, head_id) REFERENCES fee_heads (school_id, id)
      )`);
    await q.query(`CREATE INDEX fee_carries_student_idx ON fee_carries (school_id, student_id)`);
    await q.query(`CREATE INDEX fee_carries_promotion_idx ON fee_carries (school_id, promotion_id)`);

    for (const table of SCHOOL_TABLES) {
      await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO vidyalaya_tenant`);
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`
        CREATE POLICY ${table}_school ON ${table}
          USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
          WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE fee_carries`);
    await q.query(`ALTER TABLE fee_structures DROP COLUMN promotion_id`);
    await q.query(`DELETE FROM fee_instalments WHERE student_id IS NOT NULL`);
    await q.query(`ALTER TABLE fee_instalments DROP COLUMN promotion_id`);
    await q.query(`ALTER TABLE fee_instalments DROP COLUMN student_id`);
    await q.query(`ALTER TABLE student_enrolments DROP COLUMN attendance_percent`);
    await q.query(`ALTER TABLE student_enrolments DROP COLUMN result_grade`);
    await q.query(`ALTER TABLE student_enrolments DROP COLUMN result`);
    await q.query(`DROP TABLE promotion_lines`);
    await q.query(`DROP TABLE promotions`);
  }
}

/** The new school tables under row-level security (a copy: migrations never change). */
const SCHOOL_TABLES = ['promotions', 'promotion_lines', 'fee_carries'];
