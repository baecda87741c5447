import { healthResultSchema } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** GET /health's answer, for the OpenAPI document (common/openapi.ts): the shared schema in the envelope. */
export class HealthResponse extends createZodDto(successEnvelope(healthResultSchema)) {}
