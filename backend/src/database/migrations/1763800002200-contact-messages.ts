import { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages from the public contact form: kept even when the e-mail to CONTACT_INBOX fails. */
export class ContactMessages1763800002200 implements MigrationInterface {
  name = 'ContactMessages1763800002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(255) NOT NULL,
        school varchar(255) NOT NULL,
        message text NOT NULL,
        ip varchar(64),
        emailed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX contact_messages_created_idx ON contact_messages (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contact_messages`);
  }
}
