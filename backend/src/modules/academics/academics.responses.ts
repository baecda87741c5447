import { classesSectionsResultSchema, globalSubjectsResultSchema, schoolSubjectsResultSchema, setupChangeResultSchema } from '@vidyalaya/shared/academics';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the setup calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class ClassesSectionsResponse extends createZodDto(successEnvelope(classesSectionsResultSchema)) {}
export class SetupChangeResponse extends createZodDto(successEnvelope(setupChangeResultSchema)) {}
export class GlobalSubjectsResponse extends createZodDto(successEnvelope(globalSubjectsResultSchema)) {}
export class SchoolSubjectsResponse extends createZodDto(successEnvelope(schoolSubjectsResultSchema)) {}
