import { z } from 'zod';

/**
 * The answers of the setup calls, as schemas with their types inferred from them: the back end
 * wraps each in the success envelope (academics.responses.ts). They are in a file of their own,
 * apart from the request schemas the renderer's pages import, so no answer schema enters a bundle.
 */
export const namedRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type NamedRef = z.output<typeof namedRefSchema>;

/** A class with its sections and subjects (spec §3, GET /school/classes-sections/{schoolId}). */
export const classWithDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  academicYear: z.string(),
  sections: z.array(namedRefSchema),
  subjects: z.array(namedRefSchema),
});
export type ClassWithDetails = z.output<typeof classWithDetailsSchema>;

export const classesSectionsResultSchema = z.object({ classes: z.array(classWithDetailsSchema) });
export type ClassesSectionsResult = z.output<typeof classesSectionsResultSchema>;

/** A subject of the catalogue: its code is always set, its description may be null. */
export const globalSubjectSchema = z.object({ id: z.uuid(), name: z.string(), code: z.string(), description: z.string().nullable() });
export type GlobalSubject = z.output<typeof globalSubjectSchema>;

/** GET /school/subjects/global answer data. */
export const globalSubjectsResultSchema = z.object({ subjects: z.array(globalSubjectSchema) });
export type GlobalSubjectsResult = z.output<typeof globalSubjectsResultSchema>;

/** POST /school/classes, /school/sections and /school/subjects answer data. */
export const setupChangeResultSchema = z.object({
  /** The classes of the academic year sent, with their sections and subjects after the change. */
  classes: z.array(classWithDetailsSchema),
  /** How many classes, sections or class subjects were new (what already existed is left as is). */
  created: z.int(),
});
export type SetupChangeResult = z.output<typeof setupChangeResultSchema>;

/** GET /school/subjects answer data. */
export const schoolSubjectsResultSchema = z.object({
  /** Every subject the classes use, in catalogue order, once each. */
  subjects: z.array(globalSubjectSchema),
  classes: z.array(classWithDetailsSchema.omit({ sections: true })),
});
export type SchoolSubjectsResult = z.output<typeof schoolSubjectsResultSchema>;
