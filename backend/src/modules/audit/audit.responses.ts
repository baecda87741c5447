import { auditLogPageSchema } from '@vidyalaya/shared/audit';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The audit log's answer, for the OpenAPI document (common/openapi.ts): the shared schema in the envelope. */
export class AuditLogResponse extends createZodDto(successEnvelope(auditLogPageSchema)) {}
