import { workspaceSchoolParamSchema } from '@vidyalaya/shared';
import {
  createMessageTemplateSchema,
  listMessagesQuerySchema,
  messagePreferencesSchema,
  messagePreviewSchema,
  messagingTestSchema,
  MESSAGING_PROVIDERS,
  putMessagingSettingsSchema,
} from '@vidyalaya/shared/messaging';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class SchoolParamDto extends createZodDto(workspaceSchoolParamSchema) {}
export class PutMessagingSettingsDto extends createZodDto(putMessagingSettingsSchema) {}
export class CreateMessageTemplateDto extends createZodDto(createMessageTemplateSchema) {}
export class ListMessagesQueryDto extends createZodDto(listMessagesQuerySchema) {}
export class MessagingTestDto extends createZodDto(messagingTestSchema) {}
export class MessagePreviewDto extends createZodDto(messagePreviewSchema) {}
export class MessagePreferencesDto extends createZodDto(messagePreferencesSchema) {}
export class CallbackParamDto extends createZodDto(
  z.object({ provider: z.enum(MESSAGING_PROVIDERS.filter((p) => p !== 'none') as ['msg91', 'gupshup', 'twilio', 'whatsapp_cloud']), schoolId: z.uuid() }),
) {}
