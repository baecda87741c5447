import { adminSchoolDetailSchema, adminSchoolListResultSchema, schoolDecisionResultSchema } from '@vidyalaya/shared/admin';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the staff review calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class StaffSchoolListResponse extends createZodDto(successEnvelope(adminSchoolListResultSchema)) {}
export class StaffSchoolDetailResponse extends createZodDto(successEnvelope(adminSchoolDetailSchema)) {}
export class SchoolDecisionResponse extends createZodDto(successEnvelope(schoolDecisionResultSchema)) {}
