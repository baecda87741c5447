import {
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUSES,
  MESSAGE_VARIABLES,
  MESSAGING_PROVIDERS,
  type MessageList,
  type MessagePreferencesResult,
  type MessagePreviewResult,
  type MessageTemplateList,
  type MessageTemplateResult,
  type MessagingSettingsResult,
  type MessagingTestResult,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the messaging calls, for the OpenAPI document. */
const settings = z.object({
  provider: z.enum(MESSAGING_PROVIDERS),
  senderId: z.string().nullable(),
  dltEntityId: z.string().nullable(),
  accountId: z.string().nullable(),
  apiKeySet: z.boolean(),
  webhookSecretSet: z.boolean(),
  monthlyCapPaise: z.int(),
  quietHours: z.object({ from: z.string(), to: z.string() }),
  monthCostPaise: z.int(),
  capReached: z.boolean(),
  callbackUrl: z.string().nullable(),
});
const template = z.object({
  id: z.uuid(),
  event: z.enum(MESSAGE_EVENTS),
  channel: z.enum(MESSAGE_CHANNELS),
  language: z.enum(MESSAGE_LANGUAGES),
  dltTemplateId: z.string(),
  body: z.string(),
  variables: z.array(z.enum(MESSAGE_VARIABLES)),
  createdAt: z.string(),
});
const message = z.object({
  id: z.uuid(),
  event: z.enum(MESSAGE_EVENTS),
  channel: z.enum([...MESSAGE_CHANNELS, 'email']),
  to: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  reason: z.string().optional(),
  costPaise: z.int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  language: z.enum(MESSAGE_LANGUAGES),
});
const preferences = z.object({ sms: z.boolean(), whatsapp: z.boolean(), email: z.boolean(), language: z.enum(MESSAGE_LANGUAGES) });

export class MessagingSettingsResponse extends createZodDto(successEnvelope(z.object({ messaging: settings }) satisfies z.ZodType<MessagingSettingsResult>)) {}
export class MessageTemplateResponse extends createZodDto(successEnvelope(z.object({ template }) satisfies z.ZodType<MessageTemplateResult>)) {}
export class MessageTemplateListResponse extends createZodDto(successEnvelope(z.object({ items: z.array(template) }) satisfies z.ZodType<MessageTemplateList>)) {}
export class MessageListResponse extends createZodDto(successEnvelope(pageSchema(message).extend({ monthCostPaise: z.int() }) satisfies z.ZodType<MessageList>)) {}
export class MessagingTestResponse extends createZodDto(successEnvelope(z.object({ message }) satisfies z.ZodType<MessagingTestResult>)) {}
export class MessagePreviewResponse extends createZodDto(
  successEnvelope(z.object({ preview: z.object({ text: z.string(), characters: z.int(), parts: z.int(), encoding: z.enum(['gsm7', 'unicode']) }) }) satisfies z.ZodType<MessagePreviewResult>),
) {}
export class MessagePreferencesResponse extends createZodDto(successEnvelope(z.object({ preferences }) satisfies z.ZodType<MessagePreferencesResult>)) {}
export class CallbackResponse extends createZodDto(successEnvelope(z.object({ updated: z.int() }))) {}
