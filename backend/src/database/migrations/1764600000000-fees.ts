import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fees and receipts (issue 18; DECISIONS "Fees"). Self-contained: no live constant is imported.
 *
 * - `fee_heads`: tuition, admission, transport, …; `tuition` marks the heads a receipt shows on the
 *   Section 80C line and that an RTE student does not pay. Name unique per school ignoring case.
 * - `fee_structures`: one per class (a class belongs to one academic year), with its late-fee rule
 *   (fixed or per day, grace days, cap); `fee_instalments` and their `fee_instalment_items`
 *   (head × amount in paise).
 * - `fee_concessions`: per student, percent or amount, on chosen heads (none = all), with who
 *   approved it. Dues are never stored: they are computed from these and the allocations.
 * - `fee_receipt_counters`: the next receipt number per school and financial year. A payment locks
 *   its row (FOR UPDATE) in the payment's own transaction, so numbers run without gaps or repeats
 *   and a payment that fails rolls its number back with it.
 * - `fee_receipts` (never edited; a cancellation keeps the number and records why; the student's
 *   name, admission number and class are kept as printed) and
 *   `fee_allocations` (which instalment and head each paisa went to; `head_id` null = the late fee).
 *   A cancelled receipt's allocations stay for the record and stop counting as paid.
 * - `fee_settings`: the school's UPI ID and payee name.
 * Every key leads with `school_id`; every table is under the tenant's row-level security.
 */
export class Fees1764600000000 implements MigrationInterface {
  name = 'Fees1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE fee_heads (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name varchar(60) NOT NULL,
        tuition boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX fee_heads_name_uq ON fee_heads (school_id, lower(name))`);

    await q.query(`
      CREATE TABLE fee_structures (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        class_id uuid NOT NULL,
        academic_year varchar(7) NOT NULL,
        late_fee_kind varchar(8) CHECK (late_fee_kind IN ('fixed', 'per_day')),
        late_fee_amount bigint CHECK (late_fee_amount > 0),
        late_fee_grace_days integer NOT NULL DEFAULT 0 CHECK (late_fee_grace_days BETWEEN 0 AND 365),
        late_fee_cap bigint CHECK (late_fee_cap > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        CHECK ((late_fee_kind IS NULL) = (late_fee_amount IS NULL)),
        FOREIGN KEY (school_id, class_id) REFERENCES classes (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX fee_structures_class_uq ON fee_structures (school_id, class_id)`);

    await q.query(`
      CREATE TABLE fee_instalments (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        structure_id uuid NOT NULL,
        position smallint NOT NULL,
        name varchar(60) NOT NULL,
        due_on date NOT NULL,
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, structure_id) REFERENCES fee_structures (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX fee_instalments_position_uq ON fee_instalments (school_id, structure_id, position)`);

    await q.query(`
      CREATE TABLE fee_instalment_items (
        school_id uuid NOT NULL,
        instalment_id uuid NOT NULL,
        head_id uuid NOT NULL,
        position smallint NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        PRIMARY KEY (school_id, instalment_id, head_id),
        FOREIGN KEY (school_id, instalment_id) REFERENCES fee_instalments (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, head_id) REFERENCES fee_heads (school_id, id)
      )`);

    await q.query(`
      CREATE TABLE fee_concessions (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL,
        kind varchar(12) NOT NULL CHECK (kind IN ('sibling', 'staff', 'rte', 'scholarship', 'other')),
        percent smallint CHECK (percent BETWEEN 1 AND 100),
        amount bigint CHECK (amount > 0),
        head_ids uuid[] NOT NULL DEFAULT '{}',
        note varchar(200),
        approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        CHECK ((percent IS NULL) <> (amount IS NULL)),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX fee_concessions_student_idx ON fee_concessions (school_id, student_id)`);

    await q.query(`
      CREATE TABLE fee_receipt_counters (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        financial_year varchar(7) NOT NULL,
        next_value bigint NOT NULL DEFAULT 1 CHECK (next_value >= 1),
        PRIMARY KEY (school_id, financial_year)
      )`);

    await q.query(`
      CREATE TABLE fee_receipts (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        financial_year varchar(7) NOT NULL,
        seq bigint NOT NULL,
        number varchar(20) NOT NULL,
        student_id uuid NOT NULL,
        student_name varchar(201) NOT NULL,
        admission_number varchar(30) NOT NULL,
        class_name varchar(60),
        amount bigint NOT NULL CHECK (amount > 0),
        mode varchar(13) NOT NULL CHECK (mode IN ('cash', 'upi', 'cheque', 'dd', 'bank_transfer', 'card')),
        reference varchar(60),
        paid_on date NOT NULL,
        status varchar(9) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
        collected_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz,
        cancelled_by uuid REFERENCES users(id) ON DELETE SET NULL,
        cancel_reason varchar(200),
        print_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (school_id, id),
        CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX fee_receipts_number_uq ON fee_receipts (school_id, number)`);
    await q.query(`CREATE UNIQUE INDEX fee_receipts_seq_uq ON fee_receipts (school_id, financial_year, seq)`);
    await q.query(`CREATE INDEX fee_receipts_paid_on_idx ON fee_receipts (school_id, paid_on)`);
    await q.query(`CREATE INDEX fee_receipts_student_idx ON fee_receipts (school_id, student_id)`);

    await q.query(`
      CREATE TABLE fee_allocations (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        receipt_id uuid NOT NULL,
        instalment_id uuid NOT NULL,
        head_id uuid,
        amount bigint NOT NULL CHECK (amount > 0),
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, receipt_id) REFERENCES fee_receipts (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, instalment_id) REFERENCES fee_instalments (school_id, id),
        FOREIGN KEY (school_id, head_id) REFERENCES fee_heads (school_id, id)
      )`);
    await q.query(`CREATE INDEX fee_allocations_receipt_idx ON fee_allocations (school_id, receipt_id)`);
    await q.query(`CREATE INDEX fee_allocations_instalment_idx ON fee_allocations (school_id, instalment_id)`);

    await q.query(`
      CREATE TABLE fee_settings (
        school_id uuid PRIMARY KEY REFERENCES schools(id) ON DELETE CASCADE,
        upi_id varchar(130),
        upi_name varchar(60),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

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
    for (const table of [...SCHOOL_TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}

/** The new school tables under row-level security (a copy: migrations never change). */
const SCHOOL_TABLES = [
  'fee_heads',
  'fee_structures',
  'fee_instalments',
  'fee_instalment_items',
  'fee_concessions',
  'fee_receipt_counters',
  'fee_receipts',
  'fee_allocations',
  'fee_settings',
];
