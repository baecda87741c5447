import { academicYearListSchema, academicYearResultSchema } from '@vidyalaya/shared/academic-years';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the academic-year calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class AcademicYearListResponse extends createZodDto(successEnvelope(academicYearListSchema)) {}
export class AcademicYearResponse extends createZodDto(successEnvelope(academicYearResultSchema)) {}
