import {
  consentEventListSchema,
  consentResultSchema,
  dataRequestListSchema,
  dataRequestResultSchema,
  guardianAccountListSchema,
  guardianInvitationsResultSchema,
  myChildrenResultSchema,
  publishedResultsResultSchema,
  studentDataRightsSchema,
} from '@vidyalaya/shared/guardians';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the guardians module's calls, for the OpenAPI document: the shared answer schemas
 * (shared/src/guardians/schemas.ts, whose types are inferred from them) in the success envelope.
 * The published results are the exams module's report-card terms (shared/src/exams/answers.ts).
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

export class PublishedResultsResponse extends createZodDto(successEnvelope(publishedResultsResultSchema)) {}
