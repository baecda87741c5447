import { z } from 'zod';
/**
 * GET /school/subjects?schoolId=&academicYear= (spec §7 leaves the call open): the subjects a
 * school's classes use, for one academic year or (absent or empty) every year.
 */
export declare const schoolSubjectsQuerySchema: z.ZodObject<{
    schoolId: z.ZodUUID;
    academicYear: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
}, z.core.$strip>;
export type SchoolSubjectsQuery = z.infer<typeof schoolSubjectsQuerySchema>;
