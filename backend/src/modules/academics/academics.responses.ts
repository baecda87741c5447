import type { ClassWithDetails, GlobalSubject, GlobalSubjectsResult, NamedRef, SchoolSubjectsResult, SetupChangeResult } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the setup calls, for the OpenAPI document (common/openapi.ts). */
export const namedRefSchema = z.object({ id: z.uuid(), name: z.string() }) satisfies z.ZodType<NamedRef>;
export const classWithDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  academicYear: z.string(),
  sections: z.array(namedRefSchema),
  subjects: z.array(namedRefSchema),
}) satisfies z.ZodType<ClassWithDetails>;
const globalSubjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
}) satisfies z.ZodType<GlobalSubject>;

export class ClassesSectionsResponse extends createZodDto(successEnvelope(z.object({ classes: z.array(classWithDetailsSchema) }))) {}
export class SetupChangeResponse extends createZodDto(
  successEnvelope(z.object({ classes: z.array(classWithDetailsSchema), created: z.int() }) satisfies z.ZodType<SetupChangeResult>),
) {}
export class GlobalSubjectsResponse extends createZodDto(
  successEnvelope(z.object({ subjects: z.array(globalSubjectSchema) }) satisfies z.ZodType<GlobalSubjectsResult>),
) {}
export class SchoolSubjectsResponse extends createZodDto(
  successEnvelope(
    z.object({
      subjects: z.array(globalSubjectSchema),
      classes: z.array(z.object({ id: z.uuid(), name: z.string(), academicYear: z.string(), subjects: z.array(namedRefSchema) })),
    }) satisfies z.ZodType<SchoolSubjectsResult>,
  ),
) {}
