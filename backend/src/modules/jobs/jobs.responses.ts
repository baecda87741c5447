import { jobStatusSchema } from '@vidyalaya/shared/jobs';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** A background job's state, for the OpenAPI document (common/openapi.ts): the shared schema in the envelope. */
export class JobStatusResponse extends createZodDto(successEnvelope(jobStatusSchema)) {}
