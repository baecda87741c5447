import { z } from 'zod';
import { EMAIL_MAX, SUBDOMAIN_MAX } from '../constants';
import { VALIDATION_MESSAGES } from '../messages-validation';
import { duplicateIndexes } from '../rules/duplicates';

/** '' and whitespace-only strings become undefined; anything else passes unchanged. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/**
 * An optional field that treats '' and blank strings as absent, so a form's empty input and an
 * omitted key mean the same thing to the server.
 */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

/**
 * A required, trimmed string: a missing value and an empty one both give `required`, as an empty
 * form field does (react-final-form leaves empty inputs undefined).
 */
export function requiredText(max: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** An e-mail address, trimmed; missing, empty and malformed all give `invalid`. */
export function emailField(invalid: string, tooLong: string) {
  return z.string({ error: invalid }).trim().regex(z.regexes.email, invalid).max(EMAIL_MAX, tooLong);
}

export const schoolIdSchema = z.uuid({ error: VALIDATION_MESSAGES.schoolIdInvalid });

/** Route parameter `{id}` (e.g. /admin/schools/{id}). */
export const uuidParamSchema = z.object({ id: z.uuid({ error: VALIDATION_MESSAGES.idInvalid }) });
export type UuidParam = z.infer<typeof uuidParamSchema>;

/** Route parameter `{schoolId}` (e.g. /school/classes-sections/{schoolId}). */
export const schoolIdParamSchema = z.object({ schoolId: schoolIdSchema });
export type SchoolIdParam = z.infer<typeof schoolIdParamSchema>;

/**
 * Route parameter `{subdomain}` of GET /public/schools/{subdomain}: read leniently (any case), since
 * anything that is not an active school's subdomain simply answers 404.
 */
export const subdomainParamSchema = z.object({
  subdomain: z
    .string({ error: VALIDATION_MESSAGES.subdomainRequired })
    .trim()
    .toLowerCase()
    .min(1, VALIDATION_MESSAGES.subdomainRequired)
    .max(SUBDOMAIN_MAX, VALIDATION_MESSAGES.subdomainMax),
});
export type SubdomainParam = z.infer<typeof subdomainParamSchema>;

/**
 * A superRefine that flags every entry repeating an earlier one, on the repeat's own path
 * (`[index, ...subPath]`). `toKey` decides what counts as the same (by default the trimmed,
 * lowercased text).
 */
export function uniqueEntries<T>(
  message: string,
  toKey: (item: T) => string,
  subPath: readonly PropertyKey[] = [],
) {
  return (items: readonly T[], ctx: z.RefinementCtx) => {
    for (const index of duplicateIndexes(items.map(toKey), (k) => k)) {
      ctx.addIssue({ code: 'custom', message, path: [index, ...subPath] });
    }
  };
}

/** The default "same name" key: trimmed and case-insensitive. */
export const nameKey = (name: string) => name.trim().toLowerCase();
