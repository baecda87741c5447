import {
  CONSENT_KINDS,
  CONSENT_STATUSES,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  GUARDIAN_INVITE_SKIP_REASONS,
  invitationSchema,
  type ConsentEventList,
  type DataRequestList,
  type DataRequestResult,
  type GuardianAccountList,
  type GuardianInvitationsResult,
  type MyChildrenResult,
  type PublishedResultsResult,
  type StudentDataRights,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';
import { assessmentComponentSchema, scholasticGradeSchema, subjectResultSchema } from '../exams';

/** The answers of the guardians module's calls, for the OpenAPI document. */
const consentEvent = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  kind: z.enum(CONSENT_KINDS),
  status: z.enum(CONSENT_STATUSES),
  source: z.enum(['guardian', 'school']),
  byName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
const dataRequest = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  field: z.string().nullable(),
  message: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});

export class GuardianInvitationsResponse extends createZodDto(
  successEnvelope(
    z.object({
      invitations: z.array(invitationSchema),
      skipped: z.array(z.object({ studentId: z.uuid(), email: z.string().nullable(), reason: z.enum(GUARDIAN_INVITE_SKIP_REASONS) })),
    }) satisfies z.ZodType<GuardianInvitationsResult>,
  ),
) {}
export class GuardianAccountsResponse extends createZodDto(
  successEnvelope(
    z.object({
      items: z.array(z.object({ userId: z.uuid(), username: z.string(), name: z.string().nullable(), email: z.string(), linkedAt: z.string() })),
    }) satisfies z.ZodType<GuardianAccountList>,
  ),
) {}
export class RemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
export class MyChildrenResponse extends createZodDto(
  successEnvelope(
    z.object({
      children: z.array(
        z.object({
          schoolId: z.uuid(),
          schoolName: z.string(),
          subdomain: z.string(),
          studentId: z.uuid(),
          name: z.string(),
          admissionNumber: z.string(),
          classId: z.uuid().nullable(),
          className: z.string().nullable(),
          sectionId: z.uuid().nullable(),
          sectionName: z.string().nullable(),
          status: z.string(),
        }),
      ),
    }) satisfies z.ZodType<MyChildrenResult>,
  ),
) {}
export class DataRightsResponse extends createZodDto(
  successEnvelope(
    z.object({
      studentId: z.uuid(),
      studentName: z.string(),
      held: z.array(
        z.object({
          category: z.enum(['identity', 'enrolment', 'guardians', 'identifiers', 'background', 'address', 'photo']),
          fields: z.array(z.object({ field: z.string(), held: z.boolean() })),
        }),
      ),
      consents: z.array(
        z.object({
          kind: z.enum(CONSENT_KINDS),
          status: z.enum([...CONSENT_STATUSES, 'not_recorded']),
          at: z.string().nullable(),
          source: z.enum(['guardian', 'school', 'application']).nullable(),
          byName: z.string().nullable(),
          note: z.string().nullable(),
          purpose: z.string().nullable(),
        }),
      ),
      history: z.array(consentEvent),
      requests: z.array(dataRequest),
    }) satisfies z.ZodType<StudentDataRights>,
  ),
) {}
export class ConsentResponse extends createZodDto(successEnvelope(z.object({ consent: consentEvent }))) {}
export class ConsentEventListResponse extends createZodDto(successEnvelope(pageSchema(consentEvent) satisfies z.ZodType<ConsentEventList>)) {}
export class DataRequestResponse extends createZodDto(successEnvelope(z.object({ request: dataRequest }) satisfies z.ZodType<DataRequestResult>)) {}
export class DataRequestListResponse extends createZodDto(successEnvelope(pageSchema(dataRequest) satisfies z.ZodType<DataRequestList>)) {}

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
