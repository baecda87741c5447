import { z } from 'zod';
import { academicYearSchema } from '../../rules/academic-year';
import { optionalField } from '../common';

/** GET /school/classes-sections/{schoolId}?academicYear= (absent or empty: every year). */
export const classesSectionsQuerySchema = z.object({
  academicYear: optionalField(academicYearSchema),
});
export type ClassesSectionsQuery = z.infer<typeof classesSectionsQuerySchema>;
