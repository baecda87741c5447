import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { academicYearSchema } from '../../rules/academic-year';
import { nameKey, schoolIdSchema, uniqueEntries } from '../common';
import { catalogueClassSchema, subjectNameSchema } from './fields';

const V = MESSAGES.validation;

export const classSubjectsSchema = z.object({
  className: catalogueClassSchema,
  subjectNames: z
    .array(subjectNameSchema, { error: V.subjectNamesMin })
    .min(1, V.subjectNamesMin)
    .superRefine(uniqueEntries(V.subjectNamesUnique, nameKey)),
});
export type ClassSubjectsInput = z.infer<typeof classSubjectsSchema>;

/**
 * POST /school/subjects. Names must be global subjects (else 400 UNKNOWN_SUBJECTS); subjects a
 * class already has are left as they are. The page sends only new ones (see newClassSubjects).
 */
export const createClassSubjectsSchema = z.object({
  schoolId: schoolIdSchema,
  academicYear: academicYearSchema,
  classSubjects: z
    .array(classSubjectsSchema, { error: V.classSubjectsMin })
    .min(1, V.classSubjectsMin)
    .superRefine(
      uniqueEntries(V.duplicateClass, (entry: ClassSubjectsInput) => entry.className, ['className']),
    ),
});
export type CreateClassSubjectsInput = z.infer<typeof createClassSubjectsSchema>;
