import type { AuditLogPage } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The audit log's answer, for the OpenAPI document (common/openapi.ts). */
const entrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

export class AuditLogResponse extends createZodDto(successEnvelope(pageSchema(entrySchema) satisfies z.ZodType<AuditLogPage>)) {}
