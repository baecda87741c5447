import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-time codes, refresh-token sessions and password-reset tokens (issue 3). Every secret is
 * stored only as a hash: codes as an HMAC keyed by the server secret, tokens (256 random bits) as
 * SHA-256.
 */
export class AuthCodesAndSessions1763800001000 implements MigrationInterface {
  name = 'AuthCodesAndSessions1763800001000';

  async up(q: QueryRunner): Promise<void> {
    // One live code per user and purpose: issuing a new one overwrites (voids) the previous one.
    await q.query(`
      CREATE TABLE otp_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose varchar(32) NOT NULL CHECK (purpose IN ('registration', 'password_reset')),
        code_hash char(64) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL,
        CONSTRAINT otp_codes_user_purpose_uq UNIQUE (user_id, purpose)
      )`);

    // A family is one sign-in: every rotation adds a row with the same family_id and expires_at.
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        CONSTRAINT refresh_tokens_token_hash_uq UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT password_reset_tokens_token_hash_uq UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_reset_tokens`);
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE otp_codes`);
  }
}
