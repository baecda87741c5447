import { JOB_STATES, type JobStatus } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** A background job's state, for the OpenAPI document (common/openapi.ts). */
export class JobStatusResponse extends createZodDto(
  successEnvelope(
    z.object({
      state: z.enum(JOB_STATES),
      progress: z.number().min(0).max(100),
      resultUrl: z.string().optional(),
      error: z.string().optional(),
    }) satisfies z.ZodType<JobStatus>,
  ),
) {}
