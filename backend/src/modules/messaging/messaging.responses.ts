import {
  messageListSchema,
  messagePreferencesResultSchema,
  messagePreviewResultSchema,
  messageTemplateListSchema,
  messageTemplateResultSchema,
  messagingSettingsResultSchema,
  messagingTestResultSchema,
} from '@vidyalaya/shared/messaging';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the messaging calls, for the OpenAPI document: the shared schemas in the envelope. */
export class MessagingSettingsResponse extends createZodDto(successEnvelope(messagingSettingsResultSchema)) {}
export class MessageTemplateResponse extends createZodDto(successEnvelope(messageTemplateResultSchema)) {}
export class MessageTemplateListResponse extends createZodDto(successEnvelope(messageTemplateListSchema)) {}
export class MessageListResponse extends createZodDto(successEnvelope(messageListSchema)) {}
export class MessagingTestResponse extends createZodDto(successEnvelope(messagingTestResultSchema)) {}
export class MessagePreviewResponse extends createZodDto(successEnvelope(messagePreviewResultSchema)) {}
export class MessagePreferencesResponse extends createZodDto(successEnvelope(messagePreferencesResultSchema)) {}
export class CallbackResponse extends createZodDto(successEnvelope(z.object({ updated: z.int() }))) {}
