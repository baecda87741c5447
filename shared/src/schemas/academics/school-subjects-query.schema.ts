import { z } from 'zod';
import { academicYearSchema } from '../../rules/academic-year';
import { optionalField, schoolIdSchema } from '../common';

/**
 * GET /school/subjects?schoolId=&academicYear= (spec §7 leaves the call open): the subjects a
 * school's classes use, for one academic year or (absent or empty) every year.
 */
export const schoolSubjectsQuerySchema = z.object({
  schoolId: schoolIdSchema,
  academicYear: optionalField(academicYearSchema),
});
export type SchoolSubjectsQuery = z.infer<typeof schoolSubjectsQuerySchema>;
