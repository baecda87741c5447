import { z } from 'zod';
/** 2025 → '2025-26'; 1999 → '1999-00'. */
export declare function academicYearFor(startYear: number): string;
/**
 * Spec §9: the current year followed by the next two-digit year ('2026-27' during 2026). The year
 * is India's calendar year (IST), so the answer does not depend on the machine's time zone.
 */
export declare function defaultAcademicYear(date?: Date): string;
/** The previous, current and next academic years, for the year picker on each setup step. */
export declare function academicYearOptions(date?: Date): [string, string, string];
/** YYYY-YY where the second part is the year after the first ('2024-25', '1999-00'). */
export declare const academicYearSchema: z.ZodString;
export type AcademicYear = z.infer<typeof academicYearSchema>;
