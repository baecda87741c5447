import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { academicYearSchema } from '../../rules/academic-year';
import { schoolIdSchema, uniqueEntries } from '../common';
import { catalogueClassSchema } from './fields';

const V = MESSAGES.validation;

/** POST /school/classes, and the /setup/classes form (spec §5 Classes form). */
export const createClassesSchema = z.object({
  schoolId: schoolIdSchema,
  classes: z
    .array(catalogueClassSchema, { error: V.classesMin })
    .min(1, V.classesMin)
    .superRefine(uniqueEntries(V.duplicateClass, (name: string) => name)),
  academicYear: academicYearSchema,
});
export type CreateClassesInput = z.infer<typeof createClassesSchema>;
