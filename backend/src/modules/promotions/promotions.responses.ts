import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the promotion calls, for the OpenAPI document (common/openapi.ts). */
const counts = z.object({ promote: z.number().int(), detain: z.number().int(), passed_out: z.number().int(), left: z.number().int() });
const promotion = z.object({
  id: z.uuid(),
  fromYear: z.string(),
  toYear: z.string(),
  status: z.enum(['draft', 'applying', 'applied']),
  counts,
  flagged: z.number().int(),
  feeIncreasePercent: z.number().nullable(),
  renumberRolls: z.boolean().nullable(),
  copyTimetable: z.boolean().nullable(),
  jobId: z.uuid().nullable(),
  appliedAt: z.string().nullable(),
  revertedAt: z.string().nullable(),
  result: z.looseObject({}).nullable(),
  createdAt: z.string(),
});
const line = z.object({
  studentId: z.uuid(),
  name: z.string(),
  fromClassId: z.uuid(),
  fromSectionId: z.uuid(),
  attendancePercent: z.number().nullable(),
  resultGrade: z.string().nullable(),
  decision: z.enum(['promote', 'detain', 'passed_out', 'left']),
  targetClassId: z.uuid().nullable(),
  targetSectionId: z.uuid().nullable(),
  reason: z.string().nullable(),
  flags: z.array(z.enum(['low_attendance', 'failed'])),
  alreadyEnrolled: z.boolean(),
});

export class PromotionResponse extends createZodDto(successEnvelope(z.object({ promotion }))) {}
export class PromotionListResponse extends createZodDto(successEnvelope(pageSchema(promotion))) {}
export class PromotionLinesResponse extends createZodDto(successEnvelope(pageSchema(line))) {}
export class PromotionClassesResponse extends createZodDto(successEnvelope(z.object({ items: z.array(z.looseObject({ classId: z.uuid(), className: z.string(), total: z.number().int(), counts })) }))) {}
export class PromotionTargetsResponse extends createZodDto(
  successEnvelope(z.object({ items: z.array(z.object({ classId: z.uuid(), className: z.string(), sectionId: z.uuid(), sectionName: z.string(), exists: z.boolean() })) })),
) {}
export class PromotionPreviewResponse extends createZodDto(successEnvelope(z.object({ preview: z.looseObject({ fromYear: z.string(), toYear: z.string(), yearExists: z.boolean() }) }))) {}
export class PromotionJobResponse extends createZodDto(successEnvelope(z.object({ jobId: z.uuid() }))) {}
