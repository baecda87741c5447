import { EMAIL_STATUSES, NOTICE_AUDIENCES, type NoticeList, type NoticeRecipientList, type NoticeResult } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the notices calls, for the OpenAPI document. */
const notice = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  classIds: z.array(z.uuid()),
  sectionIds: z.array(z.uuid()),
  targetNames: z.array(z.string()),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  sendEmail: z.boolean(),
  attachment: z.object({ name: z.string(), bytes: z.int() }).nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  delivery: z.object({ recipients: z.int(), read: z.int(), emailed: z.int(), emailFailed: z.int(), emailPending: z.int() }).optional(),
});
const recipient = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  username: z.string(),
  role: z.string(),
  email: z.string(),
  emailStatus: z.enum(EMAIL_STATUSES),
  emailedAt: z.string().nullable(),
  readAt: z.string().nullable(),
});

export class NoticeResponse extends createZodDto(successEnvelope(z.object({ notice }) satisfies z.ZodType<NoticeResult>)) {}
export class NoticeListResponse extends createZodDto(successEnvelope(pageSchema(notice).extend({ unread: z.int() }) satisfies z.ZodType<NoticeList>)) {}
export class NoticeRecipientListResponse extends createZodDto(successEnvelope(pageSchema(recipient) satisfies z.ZodType<NoticeRecipientList>)) {}
export class RemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
