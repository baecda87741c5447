import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schools (one per administrator) and the record of staff decisions on them. Uniqueness lives in
 * indexes so a retried or concurrent create can never make a second row: the service maps each
 * index's violation (23505) to its 409 code by the index name.
 */
export class Schools1763800002000 implements MigrationInterface {
  name = 'Schools1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE schools (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        subdomain varchar(50) NOT NULL,
        school_code varchar(50),
        level varchar(20) NOT NULL CHECK (level IN ('primary', 'secondary', 'higher_secondary', 'mixed')),
        board varchar(255),
        principal_name varchar(255),
        email varchar(255),
        phone_numbers text[] NOT NULL,
        established_year integer,
        language varchar(50),
        address1 varchar(255) NOT NULL,
        address2 varchar(255),
        locality varchar(100) NOT NULL,
        city varchar(100) NOT NULL,
        state varchar(100) NOT NULL,
        country varchar(100) NOT NULL,
        pin_code varchar(10) NOT NULL,
        landmark varchar(255),
        is_active boolean NOT NULL DEFAULT false,
        approval_status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (approval_status IN ('pending', 'approved', 'rejected')),
        rejection_reason text,
        plan_type varchar(20) NOT NULL DEFAULT 'free_trial'
          CHECK (plan_type IN ('free_trial', 'basic', 'standard', 'premium')),
        approved_at timestamptz,
        trial_ends_at timestamptz,
        max_students integer NOT NULL DEFAULT 100,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX schools_owner_uq ON schools (owner_id)`);
    await q.query(`CREATE UNIQUE INDEX schools_subdomain_lower_uq ON schools (lower(subdomain))`);
    await q.query(`CREATE UNIQUE INDEX schools_school_code_uq ON schools (school_code) WHERE school_code IS NOT NULL`);
    await q.query(`CREATE INDEX schools_status_submitted_idx ON schools (approval_status, submitted_at)`);

    await q.query(`
      CREATE TABLE school_decisions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        decision varchar(16) NOT NULL CHECK (decision IN ('approved', 'rejected')),
        reason text,
        decided_by uuid NOT NULL REFERENCES users(id),
        decided_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX school_decisions_school_idx ON school_decisions (school_id, decided_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE school_decisions`);
    await q.query(`DROP TABLE schools`);
  }
}
