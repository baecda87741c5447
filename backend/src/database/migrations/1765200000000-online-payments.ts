import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online fee payment (issue 32; DECISIONS "Online fee payment"). Self-contained: no live constant
 * is imported.
 *
 * - `payment_gateways`: a school's gateway (Razorpay): its key ID in clear, the key secret and
 *   webhook secret AES-256-GCM sealed (the Aadhaar key, another derived key; the school's id as
 *   additional data). One row per school.
 * - `payment_orders`: an order made with the gateway for chosen instalments: the amount fixed by
 *   the server when it was made, its breakdown, the gateway's order id (unique per school), the
 *   status `created` → `paid` | `failed`, and when the reconciliation job last asked about it.
 * - `online_payments`: a payment the gateway took, recorded once: unique on the gateway's payment
 *   id per school (the browser's confirmation, the webhook and the job all insert here in the
 *   receipt's transaction, so whichever comes first records it and the others change nothing);
 *   its receipt, the part kept as an advance (dues paid meanwhile), and its refund.
 * - `pay_links`: signed links to one child's dues, valid 7 days.
 * - `fee_receipts.mode` also allows `online`.
 * Every key leads with `school_id`; every table is under the tenant's row-level security.
 */
export class OnlinePayments1765200000000 implements MigrationInterface {
  name = 'OnlinePayments1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fee_receipts DROP CONSTRAINT fee_receipts_mode_check`);
    await q.query(`ALTER TABLE fee_receipts ADD CONSTRAINT fee_receipts_mode_check CHECK (mode IN ('cash', 'upi', 'cheque', 'dd', 'bank_transfer', 'card', 'online'))`);

    await q.query(`
      CREATE TABLE payment_gateways (
        school_id uuid PRIMARY KEY REFERENCES schools(id) ON DELETE CASCADE,
        provider varchar(12) NOT NULL CHECK (provider IN ('razorpay')),
        key_id varchar(60) NOT NULL,
        key_secret bytea NOT NULL,
        webhook_secret bytea NOT NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE pay_links (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE payment_orders (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL,
        student_name varchar(201) NOT NULL,
        provider varchar(12) NOT NULL,
        key_id varchar(60) NOT NULL,
        gateway_order_id varchar(60) NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        instalment_ids uuid[] NOT NULL,
        lines jsonb NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed')),
        failure_reason varchar(200),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        pay_link_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz,
        checked_at timestamptz,
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX payment_orders_gateway_uq ON payment_orders (school_id, gateway_order_id)`);
    await q.query(`CREATE INDEX payment_orders_status_idx ON payment_orders (school_id, status, created_at)`);
    await q.query(`CREATE INDEX payment_orders_student_idx ON payment_orders (school_id, student_id)`);

    await q.query(`
      CREATE TABLE online_payments (
        school_id uuid NOT NULL,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL,
        gateway_payment_id varchar(60) NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        advance_amount bigint NOT NULL DEFAULT 0 CHECK (advance_amount >= 0),
        receipt_id uuid NOT NULL,
        receipt_number varchar(20) NOT NULL,
        recorded_via varchar(9) NOT NULL CHECK (recorded_via IN ('confirm', 'webhook', 'reconcile')),
        created_at timestamptz NOT NULL DEFAULT now(),
        refund_status varchar(9) CHECK (refund_status IN ('pending', 'processed', 'failed')),
        refund_id varchar(60),
        refund_reason varchar(200),
        refund_requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        refund_requested_at timestamptz,
        refunded_at timestamptz,
        PRIMARY KEY (school_id, id),
        FOREIGN KEY (school_id, order_id) REFERENCES payment_orders (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, receipt_id) REFERENCES fee_receipts (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX online_payments_gateway_uq ON online_payments (school_id, gateway_payment_id)`);
    await q.query(`CREATE UNIQUE INDEX online_payments_receipt_uq ON online_payments (school_id, receipt_id)`);

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
    await q.query(`DELETE FROM fee_receipts WHERE mode = 'online'`);
    await q.query(`ALTER TABLE fee_receipts DROP CONSTRAINT fee_receipts_mode_check`);
    await q.query(`ALTER TABLE fee_receipts ADD CONSTRAINT fee_receipts_mode_check CHECK (mode IN ('cash', 'upi', 'cheque', 'dd', 'bank_transfer', 'card'))`);
  }
}

/** The new school tables under row-level security (a copy: migrations never change). */
const SCHOOL_TABLES = ['payment_gateways', 'pay_links', 'payment_orders', 'online_payments'];
