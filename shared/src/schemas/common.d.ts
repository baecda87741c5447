import { z } from 'zod';
/** '' and whitespace-only strings become undefined; anything else passes unchanged. */
export declare function blankToUndefined(value: unknown): unknown;
/**
 * An optional field that treats '' and blank strings as absent, so a form's empty input and an
 * omitted key mean the same thing to the server.
 */
export declare function optionalField<T extends z.ZodType>(schema: T): z.ZodPreprocess<z.ZodOptional<T>, unknown>;
/**
 * A required, trimmed string: a missing value and an empty one both give `required`, as an empty
 * form field does (react-final-form leaves empty inputs undefined).
 */
export declare function requiredText(max: number, required: string, tooLong: string): z.ZodString;
/** An e-mail address, trimmed; missing, empty and malformed all give `invalid`. */
export declare function emailField(invalid: string, tooLong: string): z.ZodString;
export declare const schoolIdSchema: z.ZodUUID;
/** Route parameter `{id}` (e.g. /admin/schools/{id}). */
export declare const uuidParamSchema: z.ZodObject<{
    id: z.ZodUUID;
}, z.core.$strip>;
export type UuidParam = z.infer<typeof uuidParamSchema>;
/** Route parameter `{schoolId}` (e.g. /school/classes-sections/{schoolId}). */
export declare const schoolIdParamSchema: z.ZodObject<{
    schoolId: z.ZodUUID;
}, z.core.$strip>;
export type SchoolIdParam = z.infer<typeof schoolIdParamSchema>;
/**
 * Route parameter `{subdomain}` of GET /public/schools/{subdomain}: read leniently (any case), since
 * anything that is not an active school's subdomain simply answers 404.
 */
export declare const subdomainParamSchema: z.ZodObject<{
    subdomain: z.ZodString;
}, z.core.$strip>;
export type SubdomainParam = z.infer<typeof subdomainParamSchema>;
/**
 * A superRefine that flags every entry repeating an earlier one, on the repeat's own path
 * (`[index, ...subPath]`). `toKey` decides what counts as the same (by default the trimmed,
 * lowercased text).
 */
export declare function uniqueEntries<T>(message: string, toKey: (item: T) => string, subPath?: readonly PropertyKey[]): (items: readonly T[], ctx: z.RefinementCtx) => void;
/** The default "same name" key: trimmed and case-insensitive. */
export declare const nameKey: (name: string) => string;
