import { z } from 'zod';
import { CATALOGUE_CLASSES } from '../catalogue/classes';
import { SUBJECT_NAME_MAX } from '../constants';
import { VALIDATION_MESSAGES } from '../messages-validation';
import { academicYearSchema } from '../rules/academic-year';
import { sectionNameSchema } from '../rules/sections';
import { nameKey, optionalField, requiredText, schoolIdSchema, uniqueEntries } from '../schemas/common';

const V = VALIDATION_MESSAGES;

/** A class name from the catalogue (Nursery … Class 12); anything else is named in the message. */
export const catalogueClassSchema = z.enum(CATALOGUE_CLASSES, {
  // Only text is named back (shortened); anything else (objects, numbers…) gets the plain message,
  // and nothing here may throw whatever the input is.
  error: (issue) =>
    typeof issue.input === 'string' && issue.input !== ''
      ? V.unknownClass(issue.input.length > 60 ? `${issue.input.slice(0, 60)}…` : issue.input)
      : V.classNameRequired,
});

export const subjectNameSchema = requiredText(
  SUBJECT_NAME_MAX,
  V.subjectNameRequired,
  V.subjectNameMax,
);

/** GET /school/classes-sections/{schoolId}?academicYear= (absent or empty: every year). */
export const classesSectionsQuerySchema = z.object({
  academicYear: optionalField(academicYearSchema),
});
export type ClassesSectionsQuery = z.infer<typeof classesSectionsQuerySchema>;

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

/**
 * GET /school/subjects?schoolId=&academicYear= (spec §7 leaves the call open): the subjects a
 * school's classes use, for one academic year or (absent or empty) every year.
 */
export const schoolSubjectsQuerySchema = z.object({
  schoolId: schoolIdSchema,
  academicYear: optionalField(academicYearSchema),
});
export type SchoolSubjectsQuery = z.infer<typeof schoolSubjectsQuerySchema>;
