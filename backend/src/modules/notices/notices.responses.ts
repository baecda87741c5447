import { noticeListSchema, noticeRecipientListSchema, noticeResultSchema } from '@vidyalaya/shared/notices';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the notices calls, for the OpenAPI document: the shared schemas in the envelope. */
export class NoticeResponse extends createZodDto(successEnvelope(noticeResultSchema)) {}
export class NoticeListResponse extends createZodDto(successEnvelope(noticeListSchema)) {}
export class NoticeRecipientListResponse extends createZodDto(successEnvelope(noticeRecipientListSchema)) {}
export class RemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
