import {
  APPROVAL_STATUSES,
  PLAN_TYPES,
  SCHOOL_LEVELS,
  type PublicSchoolResult,
  type SchoolDto,
  type SchoolResult,
  type SchoolSummary,
  type SubdomainAvailability,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { classWithDetailsSchema } from '../academics';

/** The answers about a school, for the OpenAPI document (common/openapi.ts). */
export const schoolDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  level: z.enum(SCHOOL_LEVELS),
  board: z.string().nullable(),
  schoolCode: z.string().nullable(),
  principalName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumbers: z.array(z.string()),
  establishedYear: z.int().nullable(),
  language: z.string().nullable(),
  address: z.object({
    address1: z.string(),
    address2: z.string().nullable(),
    locality: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    pinCode: z.string(),
    landmark: z.string().nullable(),
  }),
  isActive: z.boolean(),
  planType: z.enum(PLAN_TYPES),
  trialEndsAt: z.iso.datetime().nullable(),
  maxStudents: z.int(),
  metaData: z.object({
    approvalStatus: z.enum(APPROVAL_STATUSES),
    studentStrength: z.int().optional(),
    rejectionReason: z.string().nullable().optional(),
  }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().optional(),
  approvedAt: z.iso.datetime().nullable().optional(),
}) satisfies z.ZodType<SchoolDto>;

export class SchoolResultResponse extends createZodDto(successEnvelope(z.object({ school: schoolDtoSchema }) satisfies z.ZodType<SchoolResult>)) {}
export class SubdomainAvailabilityResponse extends createZodDto(
  successEnvelope(z.object({ available: z.boolean(), reason: z.string().optional() }) satisfies z.ZodType<SubdomainAvailability>),
) {}
export class SchoolSummaryResponse extends createZodDto(
  successEnvelope(
    z.object({
      school: schoolDtoSchema,
      classes: z.array(classWithDetailsSchema),
      totalSections: z.int(),
      totalSubjects: z.int(),
      setupProgress: z.object({
        schoolCreated: z.boolean(),
        classesAdded: z.boolean(),
        sectionsAdded: z.boolean(),
        subjectsAdded: z.boolean(),
        paymentCompleted: z.boolean(),
      }),
      academicYear: z.string().nullable().optional(),
    }) satisfies z.ZodType<SchoolSummary>,
  ),
) {}
export class PublicSchoolResponse extends createZodDto(
  successEnvelope(
    z.object({
      school: z.object({ name: z.string(), subdomain: z.string(), city: z.string(), state: z.string(), board: z.string().nullable(), level: z.enum(SCHOOL_LEVELS) }),
    }) satisfies z.ZodType<PublicSchoolResult>,
  ),
) {}
