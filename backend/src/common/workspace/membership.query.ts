import { isSchoolRole, type SchoolRole } from '@vidyalaya/shared';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';

/**
 * The caller's role in a school, in one query (a prepared statement: it runs on every workspace
 * request). `null` when the school does not exist or the user is not a member — the two are
 * deliberately indistinguishable to the caller.
 */
export async function membershipRole(db: DataSource, schoolId: string, userId: string): Promise<SchoolRole | null> {
  const [row] = await preparedQuery<{ role: string }>(
    db,
    'workspace-membership',
    `SELECT m.role FROM schools s JOIN school_members m ON m.school_id = s.id AND m.user_id = $2 WHERE s.id = $1`,
    [schoolId, userId],
  );
  return row && isSchoolRole(row.role) ? row.role : null;
}
