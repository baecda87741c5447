import { Injectable } from '@nestjs/common';
import type { SchoolRole } from '@vidyalaya/shared';
import type { InvitationStatus } from '@vidyalaya/shared/people';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface MemberRow {
  user_id: string;
  username: string;
  name: string | null;
  email: string;
  role: SchoolRole;
  created_at: Date;
}

/** A person as the bound school knows them (PeopleService). */
export interface PersonRow {
  id: string;
  name: string;
  member_name: string | null;
  username: string;
  email: string;
}

export interface InvitationRow {
  school_id: string;
  id: string;
  email: string;
  name: string;
  role: SchoolRole;
  student_ids: string[];
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

export interface InvitationWithSchoolRow extends InvitationRow {
  school_name: string;
  subdomain: string;
  approval_status: string;
}

const MEMBER_COLUMNS = `m.user_id, u.username, m.name, u.email, m.role, m.created_at`;
const INVITATION_COLUMNS = `i.school_id, i.id, i.email, i.name, i.role, i.student_ids::text[] AS student_ids, i.created_at, i.expires_at, i.accepted_at, i.revoked_at`;

/** SQL for an invitation's status at `$now`. */
const STATUS_SQL = (now: string) =>
  `CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
        WHEN i.expires_at <= ${now} THEN 'expired' ELSE 'pending' END`;

/** Every query on `school_members` and `school_invitations`. The school is the bound one (`this.schoolId`). */
@Injectable()
export class MembersRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ── members ─────────────────────────────────────────────────────────────
  async list(page: number, pageSize: number): Promise<{ rows: MemberRow[]; total: number }> {
    const rows = await this.rows<MemberRow & { total: number }>(
      `SELECT ${MEMBER_COLUMNS}, count(*) OVER ()::int AS total
         FROM school_members m JOIN users u ON u.id = m.user_id
        WHERE m.school_id = $1
        ORDER BY CASE m.role WHEN 'admin' THEN 0 WHEN 'office' THEN 1 WHEN 'accountant' THEN 2 WHEN 'teacher' THEN 3 ELSE 4 END, lower(u.username)
        LIMIT $2 OFFSET $3`,
      [this.schoolId, pageSize, (page - 1) * pageSize],
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.count() : 0);
    return { rows, total };
  }

  /**
   * People by id as the bound school knows them: the school's name for a member (blank counts as
   * none), else the username; a former member keeps their username. One query for any number of ids.
   */
  people(ids: string[]): Promise<PersonRow[]> {
    return this.rows<PersonRow>(
      `SELECT u.id, coalesce(nullif(m.name, ''), u.username) AS name, m.name AS member_name, u.username, u.email
         FROM users u LEFT JOIN school_members m ON m.school_id = $1 AND m.user_id = u.id
        WHERE u.id = ANY($2::uuid[])`,
      [this.schoolId, ids],
    );
  }

  /** The e-mail addresses of the bound school's admins, sorted. */
  async adminEmails(): Promise<string[]> {
    const rows = await this.rows<{ email: string }>(
      `SELECT u.email FROM school_members m JOIN users u ON u.id = m.user_id WHERE m.school_id = $1 AND m.role = 'admin' ORDER BY u.email`,
      [this.schoolId],
    );
    return rows.map((r) => r.email);
  }

  async count(): Promise<number> {
    const row = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM school_members WHERE school_id = $1`, [this.schoolId]);
    return row?.n ?? 0;
  }

  find(userId: string): Promise<MemberRow | null> {
    return this.one<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM school_members m JOIN users u ON u.id = m.user_id WHERE m.school_id = $1 AND m.user_id = $2`,
      [this.schoolId, userId],
    );
  }

  /**
   * Locks the school's admin memberships (in a transaction) and answers their user ids. Every
   * change that could leave no admin takes these locks first, so two such changes run one after
   * the other and the second sees the first's result.
   */
  async lockAdmins(): Promise<string[]> {
    const rows = await this.rows<{ user_id: string }>(
      `SELECT user_id FROM school_members WHERE school_id = $1 AND role = 'admin' ORDER BY user_id FOR UPDATE`,
      [this.schoolId],
    );
    return rows.map((r) => r.user_id);
  }

  /** Whether `userId` registered the school (its owner keeps the onboarding `/school/*` calls). */
  async isOwner(userId: string): Promise<boolean> {
    const row = await this.one<{ owner: boolean }>(`SELECT owner_id = $2 AS owner FROM schools WHERE id = $1`, [this.schoolId, userId]);
    return row?.owner === true;
  }

  async setRole(userId: string, role: SchoolRole): Promise<void> {
    await this.m.query(`UPDATE school_members SET role = $3 WHERE school_id = $1 AND user_id = $2`, [this.schoolId, userId, role]);
  }

  async remove(userId: string): Promise<void> {
    await this.m.query(`DELETE FROM school_members WHERE school_id = $1 AND user_id = $2`, [this.schoolId, userId]);
    // A removed guardian's links to children go with the membership (a later invitation links afresh).
    await this.m.query(`DELETE FROM student_guardian_users WHERE school_id = $1 AND user_id = $2`, [this.schoolId, userId]);
  }

  /** Adds a membership; false when the user already belongs to the school. */
  async add(userId: string, role: SchoolRole, name: string | null, now: Date): Promise<boolean> {
    const rows = await this.rows<{ user_id: string }>(
      `INSERT INTO school_members (school_id, user_id, role, name, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (school_id, user_id) DO NOTHING RETURNING user_id`,
      [this.schoolId, userId, role, name, now],
    );
    return rows.length === 1;
  }

  /**
   * A new staff member's account meets the staff record the school made for them (issue 36, one
   * "add a teacher" form): the one active, unlinked staff record with the invited e-mail is linked to
   * the account, unless the account already has a record. Answers the linked record's id, or null.
   */
  async linkStaffRecord(userId: string, email: string, now: Date): Promise<string | null> {
    const rows = await this.rows<{ id: string }>(
      `UPDATE staff SET user_id = $2, updated_at = $4
        WHERE school_id = $1 AND user_id IS NULL AND status = 'active' AND lower(email) = lower($3)
          AND NOT EXISTS (SELECT 1 FROM staff o WHERE o.school_id = $1 AND o.user_id = $2)
          AND (SELECT count(*) FROM staff m WHERE m.school_id = $1 AND m.user_id IS NULL AND m.status = 'active' AND lower(m.email) = lower($3)) = 1
        RETURNING id`,
      [this.schoolId, userId, email.trim(), now],
    );
    return rows[0]?.id ?? null;
  }

  /** The member (user id and role) with this e-mail, if any. */
  memberByEmail(email: string): Promise<{ user_id: string; role: SchoolRole } | null> {
    return this.one<{ user_id: string; role: SchoolRole }>(
      `SELECT m.user_id, m.role FROM school_members m JOIN users u ON u.id = m.user_id WHERE m.school_id = $1 AND lower(u.email) = lower($2)`,
      [this.schoolId, email],
    );
  }

  /** The member's role, if `userId` belongs to the school. */
  async roleOf(userId: string): Promise<SchoolRole | null> {
    const row = await this.one<{ role: SchoolRole }>(`SELECT role FROM school_members WHERE school_id = $1 AND user_id = $2`, [this.schoolId, userId]);
    return row?.role ?? null;
  }

  async isMemberByEmail(email: string): Promise<boolean> {
    const row = await this.one<{ one: number }>(
      `SELECT 1 AS one FROM school_members m JOIN users u ON u.id = m.user_id WHERE m.school_id = $1 AND lower(u.email) = lower($2)`,
      [this.schoolId, email],
    );
    return row !== null;
  }

  // ── invitations ─────────────────────────────────────────────────────────
  async createInvitation(
    inv: { email: string; name: string; role: SchoolRole; studentIds: string[]; tokenHash: Buffer; invitedBy: string; now: Date; expiresAt: Date },
  ): Promise<InvitationRow> {
    const [row] = await this.rows<InvitationRow>(
      `INSERT INTO school_invitations AS i (school_id, email, name, role, student_ids, token_hash, invited_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7, $8, $9) RETURNING ${INVITATION_COLUMNS}`,
      [this.schoolId, inv.email, inv.name, inv.role, inv.studentIds, inv.tokenHash, inv.invitedBy, inv.now, inv.expiresAt],
    );
    return row;
  }

  /**
   * Revokes the pending invitations of an address (a new invitation supersedes them); answers their
   * ids and, for guardian invitations, the students they named (the new one carries them on).
   */
  async revokePendingFor(email: string, now: Date): Promise<{ ids: string[]; guardianStudentIds: string[] }> {
    const rows = await this.rows<{ id: string; role: SchoolRole; student_ids: string[] }>(
      `UPDATE school_invitations SET revoked_at = $3
        WHERE school_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3
        RETURNING id, role, student_ids::text[] AS student_ids`,
      [this.schoolId, email, now],
    );
    return { ids: rows.map((r) => r.id), guardianStudentIds: rows.filter((r) => r.role === 'guardian').flatMap((r) => r.student_ids ?? []) };
  }

  async listInvitations(
    status: InvitationStatus | 'all',
    now: Date,
    page: number,
    pageSize: number,
  ): Promise<{ rows: (InvitationRow & { status: InvitationStatus })[]; total: number }> {
    const rows = await this.rows<InvitationRow & { status: InvitationStatus; total: number }>(
      `SELECT * FROM (
         SELECT ${INVITATION_COLUMNS}, ${STATUS_SQL('$2')} AS status FROM school_invitations i WHERE i.school_id = $1
       ) x
       WHERE $3 = 'all' OR x.status = $3
       ORDER BY x.created_at DESC, x.id
       LIMIT $4 OFFSET $5`,
      [this.schoolId, now, status, pageSize, (page - 1) * pageSize],
    );
    const totalRow = await this.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM school_invitations i WHERE i.school_id = $1 AND ($3 = 'all' OR ${STATUS_SQL('$2')} = $3)`,
      [this.schoolId, now, status],
    );
    return { rows, total: totalRow?.n ?? 0 };
  }

  findInvitation(id: string, lock = false): Promise<InvitationRow | null> {
    return this.one<InvitationRow>(
      `SELECT ${INVITATION_COLUMNS} FROM school_invitations i WHERE i.school_id = $1 AND i.id = $2${lock ? ' FOR UPDATE' : ''}`,
      [this.schoolId, id],
    );
  }

  /** The invitation a token names, with its school's name and subdomain (optionally locked). */
  findByToken(tokenHash: Buffer, lock = false): Promise<InvitationWithSchoolRow | null> {
    return this.one<InvitationWithSchoolRow>(
      `SELECT ${INVITATION_COLUMNS}, s.name AS school_name, s.subdomain, s.approval_status
         FROM school_invitations i JOIN schools s ON s.id = i.school_id
        WHERE i.school_id = $1 AND i.token_hash = $2${lock ? ' FOR UPDATE OF i' : ''}`,
      [this.schoolId, tokenHash],
    );
  }

  /** A signed-in account's address and whether it is verified (an invitation binds to its address). */
  accountAddress(userId: string): Promise<{ email: string; is_email_verified: boolean } | null> {
    return this.one<{ email: string; is_email_verified: boolean }>(`SELECT email, is_email_verified FROM users WHERE id = $1`, [userId]);
  }

  async revokeInvitation(id: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE school_invitations SET revoked_at = $3 WHERE school_id = $1 AND id = $2`, [this.schoolId, id, now]);
  }

  async markAccepted(id: string, userId: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE school_invitations SET accepted_at = $3, accepted_by = $4 WHERE school_id = $1 AND id = $2`, [this.schoolId, id, now, userId]);
  }

  /** The students a guardian's accepted invitations named (for the students module to link). */
  async guardianStudentIds(userId: string): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(
      `SELECT DISTINCT unnest(student_ids)::text AS id FROM school_invitations WHERE school_id = $1 AND accepted_by = $2 AND role = 'guardian'`,
      [this.schoolId, userId],
    );
    return rows.map((r) => r.id);
  }

  /** The school's name and subdomain (for the invitation e-mail). */
  schoolOf(): Promise<{ name: string; subdomain: string } | null> {
    return this.one<{ name: string; subdomain: string }>(`SELECT name, subdomain FROM schools WHERE id = $1`, [this.schoolId]);
  }
}
