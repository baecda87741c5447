import { publicSchoolResultSchema, schoolResultSchema, schoolSummarySchema, subdomainAvailabilitySchema } from '@vidyalaya/shared/schools';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers about a school, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class SchoolResultResponse extends createZodDto(successEnvelope(schoolResultSchema)) {}
export class SubdomainAvailabilityResponse extends createZodDto(successEnvelope(subdomainAvailabilitySchema)) {}
export class SchoolSummaryResponse extends createZodDto(successEnvelope(schoolSummarySchema)) {}
export class PublicSchoolResponse extends createZodDto(successEnvelope(publicSchoolResultSchema)) {}
