import { SCHOOL_DECISIONS, type AdminSchoolDetail, type AdminSchoolListResult, type SchoolDecisionResult } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { schoolDtoSchema } from '../schools';

/** The answers of the staff review calls, for the OpenAPI document (common/openapi.ts). */
const staffSchoolViewSchema = schoolDtoSchema.extend({ owner: z.object({ id: z.uuid(), username: z.string(), email: z.string() }) });
const detail = z.object({
  school: staffSchoolViewSchema,
  decisions: z.array(
    z.object({
      id: z.uuid(),
      decision: z.enum(SCHOOL_DECISIONS),
      reason: z.string().nullable(),
      decidedBy: z.object({ id: z.uuid(), username: z.string() }),
      decidedAt: z.iso.datetime(),
    }),
  ),
}) satisfies z.ZodType<AdminSchoolDetail>;

export class StaffSchoolListResponse extends createZodDto(
  successEnvelope(
    z.object({ schools: z.array(staffSchoolViewSchema), total: z.int(), page: z.int(), pageSize: z.int() }) satisfies z.ZodType<AdminSchoolListResult>,
  ),
) {}
export class StaffSchoolDetailResponse extends createZodDto(successEnvelope(detail)) {}
export class SchoolDecisionResponse extends createZodDto(
  successEnvelope(detail.extend({ notified: z.boolean() }) satisfies z.ZodType<SchoolDecisionResult>),
) {}
