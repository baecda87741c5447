import {
  consentEventListSchema,
  consentResultSchema,
  dataRequestListSchema,
  dataRequestResultSchema,
  guardianAccountListSchema,
  guardianInvitationsResultSchema,
  myChildrenResultSchema,
  studentDataRightsSchema,
  type PublishedResultsResult,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { assessmentComponentSchema, scholasticGradeSchema, subjectResultSchema } from '../exams';

/**
 * The answers of the guardians module's calls, for the OpenAPI document: the shared answer schemas
 * (shared/src/workspace/guardians.ts, whose types are inferred from them) in the success envelope.
 * The published results are still written here, with the exams module's schemas, until the exams
 * module's answers are shared schemas too.
 */
export class GuardianInvitationsResponse extends createZodDto(successEnvelope(guardianInvitationsResultSchema)) {}
export class GuardianAccountsResponse extends createZodDto(successEnvelope(guardianAccountListSchema)) {}
export class RemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
export class MyChildrenResponse extends createZodDto(successEnvelope(myChildrenResultSchema)) {}
export class DataRightsResponse extends createZodDto(successEnvelope(studentDataRightsSchema)) {}
export class ConsentResponse extends createZodDto(successEnvelope(consentResultSchema)) {}
export class ConsentEventListResponse extends createZodDto(successEnvelope(consentEventListSchema)) {}
export class DataRequestResponse extends createZodDto(successEnvelope(dataRequestResultSchema)) {}
export class DataRequestListResponse extends createZodDto(successEnvelope(dataRequestListSchema)) {}

export class PublishedResultsResponse extends createZodDto(
  successEnvelope(
    z.object({
      results: z.object({
        studentId: z.uuid(),
        academicYear: z.string(),
        exams: z.array(
          z.object({
            examId: z.uuid(),
            examName: z.string(),
            term: z.int(),
            published: z.boolean(),
            components: z.array(assessmentComponentSchema),
            subjects: z.array(subjectResultSchema),
            total: z.number().nullable(),
            max: z.number(),
            percentage: z.number().nullable(),
            grade: scholasticGradeSchema.nullable(),
            result: z.enum(['pass', 'fail']).nullable(),
            rank: z.int().nullable(),
            coScholastic: z.record(z.string(), z.string()),
            remarks: z.string().nullable(),
          }),
        ),
      }),
    }) as unknown as z.ZodType<PublishedResultsResult>,
  ),
) {}
