import type { HealthResult } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** GET /health's answer, for the OpenAPI document (common/openapi.ts). */
export class HealthResponse extends createZodDto(
  successEnvelope(z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) }) satisfies z.ZodType<HealthResult>),
) {}
