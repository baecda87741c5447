import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages to families: SMS and WhatsApp (issue 31). Self-contained: no live constant is imported.
 *
 * - `messaging_settings`: one row per school: the provider, DLT sender and entity, the provider's
 *   key and the callback secret sealed (AES-256-GCM, as Aadhaar numbers; never stored plain), the
 *   month's cap and the quiet hours; `cap_notified_month` remembers that the admin was told.
 * - `message_templates`: the school's registered templates, one per event, channel and language.
 * - `messages`: every message, one per family per event: its idempotency key (unique in the school,
 *   so a job run again after a restart finds the row and never sends twice), the children it
 *   speaks of, the rendered text, the status and the provider's id (for delivery callbacks).
 * - `message_preferences`: a guardian's own opt-outs per channel and language (an account's, not a
 *   school's: one guardian account spans schools).
 * - Row-level security on every school table, as in migration 1764100000000.
 */
export class Messaging1765100000000 implements MigrationInterface {
  name = 'Messaging1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messaging_settings (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        provider varchar(16) NOT NULL CHECK (provider IN ('msg91', 'gupshup', 'twilio', 'whatsapp_cloud', 'none')),
        sender_id varchar(20),
        dlt_entity_id varchar(30),
        account_id varchar(100),
        api_key bytea,
        webhook_secret bytea,
        monthly_cap_paise bigint NOT NULL DEFAULT 0 CHECK (monthly_cap_paise >= 0),
        quiet_from varchar(5) NOT NULL DEFAULT '21:00',
        quiet_to varchar(5) NOT NULL DEFAULT '08:00',
        cap_notified_month varchar(7),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id)
      )`);

    await q.query(`
      CREATE TABLE message_templates (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        event varchar(10) NOT NULL CHECK (event IN ('absence', 'fee_due', 'receipt', 'results', 'notice', 'test')),
        channel varchar(10) NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
        language varchar(2) NOT NULL CHECK (language IN ('en', 'hi')),
        dlt_template_id varchar(60) NOT NULL,
        body text NOT NULL,
        variables text[] NOT NULL DEFAULT '{}',
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX message_templates_uq ON message_templates (school_id, event, channel, language)`);

    await q.query(`
      CREATE TABLE messages (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        idempotency_key varchar(200) NOT NULL,
        event varchar(10) NOT NULL,
        ref varchar(100) NOT NULL,
        channel varchar(10) NOT NULL CHECK (channel IN ('sms', 'whatsapp', 'email')),
        language varchar(2) NOT NULL DEFAULT 'en',
        to_phone varchar(10),
        to_email varchar(255),
        student_ids uuid[] NOT NULL DEFAULT '{}',
        template_id uuid,
        text text,
        template_values text[] NOT NULL DEFAULT '{}',
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')),
        reason varchar(300),
        cost_paise integer NOT NULL DEFAULT 0,
        provider varchar(16),
        provider_message_id varchar(120),
        attempts integer NOT NULL DEFAULT 0,
        send_after timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        delivered_at timestamptz,
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX messages_idempotency_uq ON messages (school_id, idempotency_key)`);
    await q.query(`CREATE INDEX messages_log_idx ON messages (school_id, created_at DESC)`);
    await q.query(`CREATE INDEX messages_family_idx ON messages (school_id, event, ref, to_phone)`);
    await q.query(`CREATE INDEX messages_provider_idx ON messages (school_id, provider_message_id) WHERE provider_message_id IS NOT NULL`);
    await q.query(`CREATE INDEX messages_due_idx ON messages (send_after) WHERE status = 'queued'`);

    await q.query(`
      CREATE TABLE message_preferences (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        sms boolean NOT NULL DEFAULT true,
        whatsapp boolean NOT NULL DEFAULT true,
        email boolean NOT NULL DEFAULT true,
        language varchar(2) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${SCHOOL_TABLES.join(', ')} TO vidyalaya_tenant`);
    await q.query(`GRANT SELECT ON message_preferences TO vidyalaya_tenant`);
    for (const table of SCHOOL_TABLES) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`
        CREATE POLICY ${table}_school ON ${table}
          USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
          WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE message_preferences`);
    await q.query(`DROP TABLE messages`);
    await q.query(`DROP TABLE message_templates`);
    await q.query(`DROP TABLE messaging_settings`);
  }
}

/** The new school tables under row-level security (a copy: migrations never change). */
const SCHOOL_TABLES = ['messaging_settings', 'message_templates', 'messages'];
