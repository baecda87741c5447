import type { ErrorCode } from '@vidyalaya/shared';

export { violatedUniqueIndex } from '../../database/unique-violation';

/** Each unique index of the schools table and the conflict it means (DECISIONS.md). */
const SCHOOL_INDEX_CODES: Record<string, ErrorCode> = {
  schools_owner_uq: 'SCHOOL_ALREADY_EXISTS',
  schools_subdomain_lower_uq: 'SUBDOMAIN_TAKEN',
  schools_school_code_uq: 'SCHOOL_CODE_TAKEN',
};

export function schoolConflictCode(index: string): ErrorCode | null {
  return SCHOOL_INDEX_CODES[index] ?? null;
}
