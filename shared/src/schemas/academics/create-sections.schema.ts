import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { academicYearSchema } from '../../rules/academic-year';
import { sectionNameSchema } from '../../rules/sections';
import { nameKey, schoolIdSchema, uniqueEntries } from '../common';
import { catalogueClassSchema } from './fields';

const V = MESSAGES.validation;

export const classSectionsSchema = z.object({
  className: catalogueClassSchema,
  sectionNames: z
    .array(sectionNameSchema, { error: V.sectionsMin })
    .min(1, V.sectionsMin)
    .superRefine(uniqueEntries(V.sectionNamesUnique, nameKey)),
});
export type ClassSectionsInput = z.infer<typeof classSectionsSchema>;

/**
 * POST /school/sections (spec §5 Sections form). Section names are unique in their class ignoring
 * case; sections that already exist are left as they are (DECISIONS.md).
 */
export const createSectionsSchema = z.object({
  schoolId: schoolIdSchema,
  academicYear: academicYearSchema,
  sections: z
    .array(classSectionsSchema, { error: V.sectionsMin })
    .min(1, V.sectionsMin)
    .superRefine(
      uniqueEntries(V.duplicateClass, (entry: ClassSectionsInput) => entry.className, ['className']),
    ),
});
export type CreateSectionsInput = z.infer<typeof createSectionsSchema>;
