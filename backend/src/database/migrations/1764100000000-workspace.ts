import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school workspace's tables (DECISIONS "The school workspace"; docs/architecture.md
 * "Tenancy"). Self-contained: no live constant is imported, so what it does never changes.
 *
 * - `school_members`: a user's role in a school; every school's owner becomes its first `admin`
 *   (existing schools here, new ones by a trigger on `schools`).
 * - `academic_years`: one row per school year, one current per school. Onboarding's classes
 *   store the year's name; their (school_id, academic_year) now references a year row, which a
 *   trigger makes the first time a class names it (existing classes are backfilled here).
 * - `school_invitations`, `audit_log` (append-only: a trigger refuses UPDATE, DELETE and
 *   TRUNCATE), `jobs` (the background job queue).
 * - `users.language`: the workspace language a user chose.
 * - Citus: `school_id` leads every primary and unique key of these tables. `sections` and
 *   `class_subjects` gain a `school_id` (filled from their class by a trigger) and classes,
 *   sections and class subjects a unique (school_id, id) key.
 * - Row-level security: the NOLOGIN role `vidyalaya_tenant`, which every workspace transaction
 *   assumes (`SET LOCAL ROLE`, database/with-school.ts), sees and writes only the rows of the
 *   school named by `app.school_id`. The tables' owner (the app's own login) is not subject to it.
 */
export class Workspace1764100000000 implements MigrationInterface {
  name = 'Workspace1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'))`);

    // ── memberships ───────────────────────────────────────────────────────
    await q.query(`
      CREATE TABLE school_members (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(16) NOT NULL CHECK (role IN ('admin', 'office', 'accountant', 'teacher', 'guardian')),
        name varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, user_id)
      )`);
    await q.query(`CREATE INDEX school_members_user_idx ON school_members (user_id)`);
    await q.query(`CREATE INDEX school_members_admins_idx ON school_members (school_id) WHERE role = 'admin'`);
    await q.query(`INSERT INTO school_members (school_id, user_id, role, created_at) SELECT id, owner_id, 'admin', created_at FROM schools`);
    await q.query(`
      CREATE FUNCTION schools_owner_membership() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO school_members (school_id, user_id, role, created_at)
        VALUES (NEW.id, NEW.owner_id, 'admin', NEW.created_at) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER schools_owner_membership AFTER INSERT ON schools FOR EACH ROW EXECUTE FUNCTION schools_owner_membership()`);

    // ── academic years ────────────────────────────────────────────────────
    await q.query(`
      CREATE TABLE academic_years (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name varchar(7) NOT NULL,
        starts_on date NOT NULL,
        ends_on date NOT NULL,
        is_current boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id),
        CHECK (ends_on > starts_on)
      )`);
    await q.query(`CREATE UNIQUE INDEX academic_years_school_name_uq ON academic_years (school_id, name)`);
    await q.query(`CREATE UNIQUE INDEX academic_years_one_current_uq ON academic_years (school_id) WHERE is_current`);
    // The Indian school year of a name: '2025-26' → 2025-04-01 … 2026-03-31.
    await q.query(`
      INSERT INTO academic_years (school_id, name, starts_on, ends_on, is_current)
      SELECT school_id, academic_year, make_date(left(academic_year, 4)::int, 4, 1), make_date(left(academic_year, 4)::int + 1, 3, 31),
             academic_year = max(academic_year) OVER (PARTITION BY school_id)
        FROM (SELECT DISTINCT school_id, academic_year FROM classes) y`);
    await q.query(`
      CREATE FUNCTION classes_ensure_academic_year() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM academic_years WHERE school_id = NEW.school_id AND name = NEW.academic_year) THEN
          -- One school's year rows are made one transaction at a time, so "is there a current
          -- year" cannot race.
          PERFORM pg_advisory_xact_lock(hashtext('academic_years:' || NEW.school_id::text));
          INSERT INTO academic_years (school_id, name, starts_on, ends_on, is_current)
          VALUES (NEW.school_id, NEW.academic_year,
                  make_date(left(NEW.academic_year, 4)::int, 4, 1), make_date(left(NEW.academic_year, 4)::int + 1, 3, 31),
                  NOT EXISTS (SELECT 1 FROM academic_years WHERE school_id = NEW.school_id AND is_current))
          ON CONFLICT (school_id, name) DO NOTHING;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER classes_ensure_academic_year BEFORE INSERT ON classes FOR EACH ROW EXECUTE FUNCTION classes_ensure_academic_year()`);
    await q.query(`
      ALTER TABLE classes ADD CONSTRAINT classes_academic_year_fk FOREIGN KEY (school_id, academic_year)
        REFERENCES academic_years (school_id, name) ON UPDATE CASCADE`);

    // ── school_id leads the keys of onboarding's tables (Citus) ──────────
    for (const table of ['sections', 'class_subjects']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN school_id uuid`);
      await q.query(`UPDATE ${table} t SET school_id = c.school_id FROM classes c WHERE c.id = t.class_id`);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN school_id SET NOT NULL`);
      await q.query(`
        CREATE FUNCTION ${table}_fill_school() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.school_id IS NULL THEN
            SELECT c.school_id INTO NEW.school_id FROM classes c WHERE c.id = NEW.class_id;
          END IF;
          RETURN NEW;
        END $$`);
      await q.query(`CREATE TRIGGER ${table}_fill_school BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_fill_school()`);
    }
    for (const table of ['classes', 'sections', 'class_subjects']) {
      await q.query(`CREATE UNIQUE INDEX ${table}_school_id_uq ON ${table} (school_id, id)`);
    }

    // ── invitations ───────────────────────────────────────────────────────
    await q.query(`
      CREATE TABLE school_invitations (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        email varchar(255) NOT NULL,
        name varchar(100) NOT NULL,
        role varchar(16) NOT NULL CHECK (role IN ('admin', 'office', 'accountant', 'teacher', 'guardian')),
        student_ids uuid[] NOT NULL DEFAULT '{}',
        token_hash bytea NOT NULL,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        revoked_at timestamptz,
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX school_invitations_token_uq ON school_invitations (school_id, token_hash)`);
    await q.query(`CREATE INDEX school_invitations_list_idx ON school_invitations (school_id, created_at DESC)`);

    // ── audit log (append-only) ───────────────────────────────────────────
    await q.query(`
      CREATE TABLE audit_log (
        school_id uuid NOT NULL,
        id bigint GENERATED ALWAYS AS IDENTITY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid,
        action varchar(50) NOT NULL,
        entity varchar(50) NOT NULL,
        entity_id text,
        before jsonb,
        after jsonb,
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE INDEX audit_log_school_at_idx ON audit_log (school_id, id DESC)`);
    await q.query(`CREATE INDEX audit_log_school_entity_idx ON audit_log (school_id, entity, id DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);

    // ── background jobs ───────────────────────────────────────────────────
    await q.query(`
      CREATE TABLE jobs (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        state varchar(16) NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'completed', 'failed')),
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        result_url text,
        error text,
        attempts integer NOT NULL DEFAULT 0,
        max_attempts integer NOT NULL DEFAULT 3,
        run_after timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE INDEX jobs_ready_idx ON jobs (run_after) WHERE state = 'queued'`);
    await q.query(`CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE state = 'running'`);

    // ── row-level security for workspace transactions ─────────────────────
    await q.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'vidyalaya_tenant') THEN
          CREATE ROLE vidyalaya_tenant NOLOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; -- another database of this server made it meanwhile
      END $$`);
    await q.query(`
      DO $$ BEGIN
        IF NOT pg_has_role(current_user, 'vidyalaya_tenant', 'MEMBER') THEN
          EXECUTE format('GRANT vidyalaya_tenant TO %I', current_user);
        END IF;
      END $$`);
    await q.query(`GRANT USAGE ON SCHEMA public TO vidyalaya_tenant`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO vidyalaya_tenant`);
    await q.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO vidyalaya_tenant`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO vidyalaya_tenant`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO vidyalaya_tenant`);
    await q.query(`REVOKE UPDATE, DELETE ON audit_log FROM vidyalaya_tenant`);
    for (const table of SCHOOL_TABLES) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`
        CREATE POLICY ${table}_school ON ${table}
          USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
          WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of SCHOOL_TABLES) {
      await q.query(`DROP POLICY ${table}_school ON ${table}`);
      await q.query(`ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`);
    }
    await q.query(`DROP TABLE jobs`);
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(`DROP TABLE school_invitations`);
    for (const table of ['classes', 'sections', 'class_subjects']) await q.query(`DROP INDEX ${table}_school_id_uq`);
    for (const table of ['sections', 'class_subjects']) {
      await q.query(`DROP TRIGGER ${table}_fill_school ON ${table}`);
      await q.query(`DROP FUNCTION ${table}_fill_school()`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN school_id`);
    }
    await q.query(`ALTER TABLE classes DROP CONSTRAINT classes_academic_year_fk`);
    await q.query(`DROP TRIGGER classes_ensure_academic_year ON classes`);
    await q.query(`DROP FUNCTION classes_ensure_academic_year()`);
    await q.query(`DROP TABLE academic_years`);
    await q.query(`DROP TRIGGER schools_owner_membership ON schools`);
    await q.query(`DROP FUNCTION schools_owner_membership()`);
    await q.query(`DROP TABLE school_members`);
    await q.query(`ALTER TABLE users DROP COLUMN language`);
  }
}

/** The school tables under row-level security (a copy, not an import: migrations never change). */
const SCHOOL_TABLES = ['school_members', 'academic_years', 'school_invitations', 'audit_log', 'jobs', 'classes', 'sections', 'class_subjects'];
