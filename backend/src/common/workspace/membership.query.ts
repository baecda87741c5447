import { isSchoolRole, type SchoolRole } from '@vidyalaya/shared';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';

/** The caller's role in a school and whether provider staff have approved the school. */
export interface Membership {
  readonly role: SchoolRole;
  readonly approved: boolean;
}

/**
 * The caller's role in a school and the school's approval, in one query (a prepared statement: it
 * runs on every workspace request). `null` when the school does not exist or the user is not a
 * member — the two are deliberately indistinguishable to the caller.
 */
export async function membership(db: DataSource, schoolId: string, userId: string): Promise<Membership | null> {
  const [row] = await preparedQuery<{ role: string; approval_status: string }>(
    db,
    'workspace-membership-approval',
    `SELECT m.role, s.approval_status FROM schools s JOIN school_members m ON m.school_id = s.id AND m.user_id = $2 WHERE s.id = $1`,
    [schoolId, userId],
  );
  return row && isSchoolRole(row.role) ? { role: row.role, approved: row.approval_status === 'approved' } : null;
}
