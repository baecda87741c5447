/** The unique index a PostgreSQL error (23505 unique_violation) names, or null for any other error. */
export function violatedUniqueIndex(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null;
  const source = e?.driverError ?? e;
  if (!source || source.code !== '23505') return null;
  return source.constraint ?? '';
}
