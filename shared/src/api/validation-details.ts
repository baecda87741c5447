import type { z } from 'zod';

/** Joins an issue path the way `error.details` keys it: ['address', 'city'] → 'address.city'. */
export function issuePathKey(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

/**
 * Validation issues → `error.details`: one message per field path, the first issue winning
 * (schemas list their checks in the order their messages should take precedence). Issues on the
 * whole value are keyed by the empty string.
 */
export function zodIssuesToDetails(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = issuePathKey(issue.path);
    if (!(key in details)) details[key] = issue.message;
  }
  return details;
}
