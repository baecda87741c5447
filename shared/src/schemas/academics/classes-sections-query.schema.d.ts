import { z } from 'zod';
/** GET /school/classes-sections/{schoolId}?academicYear= (absent or empty: every year). */
export declare const classesSectionsQuerySchema: z.ZodObject<{
    academicYear: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
}, z.core.$strip>;
export type ClassesSectionsQuery = z.infer<typeof classesSectionsQuerySchema>;
