import { attendanceInsightsSchema, feesInsightsSchema, resultsInsightsSchema, strengthInsightsSchema } from '@vidyalaya/shared/insights';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the insights calls, for the OpenAPI document (common/openapi.ts): the shared answer
 * schemas (shared/src/insights/answers.ts, whose types are inferred from them) in the success
 * envelope. Percentages 0–100 (one decimal); money in paise.
 */
export class AttendanceInsightsResponse extends createZodDto(successEnvelope(attendanceInsightsSchema)) {}
export class FeesInsightsResponse extends createZodDto(successEnvelope(feesInsightsSchema)) {}
export class ResultsInsightsResponse extends createZodDto(successEnvelope(resultsInsightsSchema)) {}
export class StrengthInsightsResponse extends createZodDto(successEnvelope(strengthInsightsSchema)) {}
