/** The unique index a PostgreSQL error (23505 unique_violation) names, or null for any other error. */
export function violatedUniqueIndex(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null;
  const source = e?.driverError ?? e;
  if (!source || source.code !== '23505') return null;
  return source.constraint ?? '';
}

/** True for a PostgreSQL unique violation, optionally on a given constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && (constraint === undefined || name === constraint);
}
