import { z } from 'zod';
import { optionalField } from '../schemas/common';
import { pageQueryShape, type Page } from './common';
import { WORKSPACE_MESSAGES as M } from './messages';

/** GET /schools/{id}/audit-log?entity=&page=&pageSize= (admins). */
export const auditLogQuerySchema = z.object({
  entity: optionalField(z.string().trim().regex(/^[A-Za-z0-9_.]{1,50}$/, M.entityInvalid)),
  ...pageQueryShape,
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export interface AuditEntry {
  id: string;
  at: string;
  actor: { id: string; username: string } | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}
export type AuditLogPage = Page<AuditEntry>;
