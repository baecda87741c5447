import type { ErrorCode } from '@vidyalaya/shared';

/** The unique index a PostgreSQL error (23505 unique_violation) names, or null for any other error. */
export function violatedUniqueIndex(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null;
  const source = e?.driverError ?? e;
  if (!source || source.code !== '23505') return null;
  return source.constraint ?? '';
}

/** Each unique index of the schools table and the conflict it means (DECISIONS.md). */
const SCHOOL_INDEX_CODES: Record<string, ErrorCode> = {
  schools_owner_uq: 'SCHOOL_ALREADY_EXISTS',
  schools_subdomain_lower_uq: 'SUBDOMAIN_TAKEN',
  schools_school_code_uq: 'SCHOOL_CODE_TAKEN',
};

export function schoolConflictCode(index: string): ErrorCode | null {
  return SCHOOL_INDEX_CODES[index] ?? null;
}
