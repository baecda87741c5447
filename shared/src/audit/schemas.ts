import { z } from 'zod';
import { optionalField } from '../schemas/common';
import { pageQueryShape, pageSchema } from '../workspace/common';
import { WORKSPACE_MESSAGES as M } from '../workspace/messages';

/** GET /schools/{id}/audit-log?entity=&page=&pageSize= (admins). */
export const auditLogQuerySchema = z.object({
  entity: optionalField(z.string().trim().regex(/^[A-Za-z0-9_.]{1,50}$/, M.entityInvalid)),
  ...pageQueryShape,
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

// The answer: its schema, the types inferred from it (the back end wraps it in the envelope).
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditLogPageSchema = pageSchema(auditEntrySchema);
export type AuditLogPage = z.output<typeof auditLogPageSchema>;
