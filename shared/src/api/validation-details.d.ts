import type { z } from 'zod';
/** Joins an issue path the way `error.details` keys it: ['address', 'city'] → 'address.city'. */
export declare function issuePathKey(path: readonly PropertyKey[]): string;
/**
 * Validation issues → `error.details`: one message per field path, the first issue winning
 * (schemas list their checks in the order their messages should take precedence). Issues on the
 * whole value are keyed by the empty string.
 */
export declare function zodIssuesToDetails(issues: readonly z.core.$ZodIssue[]): Record<string, string>;
