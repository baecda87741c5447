import { z } from 'zod';
import { optionalField, requiredText } from '../schemas/common';
import { pageQueryShape, pageSchema } from '../workspace/common';

/**
 * Notices (circulars; issue 19): the office writes to the whole school, some classes or sections,
 * staff only or guardians only; an optional PDF; e-mailed through the job queue with a delivery
 * status per recipient; read receipts. Who sees what is docs/guardians.md "Notices".
 */
export const NOTICE_AUDIENCES = ['school', 'classes', 'sections', 'staff', 'guardians'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const NOTICE_ATTACHMENT_TYPES = ['application/pdf'] as const;

export const NOTICE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must not exceed 150 characters',
  bodyRequired: 'Write the notice',
  bodyTooLong: 'A notice must not exceed 5000 characters',
  audienceInvalid: 'Audience must be school, classes, sections, staff or guardians',
  classesRequired: 'Choose at least one class',
  sectionsRequired: 'Choose at least one section',
  idsInvalid: 'Each must be a valid ID',
  tooMany: 'At most 50 can be chosen',
  scopeInvalid: 'Show mine (all I may see) or drafts',
} as const;
const M = NOTICE_MESSAGES;

export const createNoticeSchema = z
  .object({
    title: requiredText(150, M.titleRequired, M.titleTooLong),
    body: requiredText(5000, M.bodyRequired, M.bodyTooLong),
    audience: z.enum(NOTICE_AUDIENCES, { error: M.audienceInvalid }),
    classIds: z.array(z.uuid({ error: M.idsInvalid })).max(50, M.tooMany).optional(),
    sectionIds: z.array(z.uuid({ error: M.idsInvalid })).max(50, M.tooMany).optional(),
    /** Publish at once (no attachment to add); otherwise it stays a draft until POST …/publish. */
    publish: z.boolean().optional(),
    /** E-mail it to every recipient when published (default true). */
    sendEmail: z.boolean().optional(),
  })
  .refine((v) => v.audience !== 'classes' || (v.classIds?.length ?? 0) > 0, { message: M.classesRequired, path: ['classIds'] })
  .refine((v) => v.audience !== 'sections' || (v.sectionIds?.length ?? 0) > 0, { message: M.sectionsRequired, path: ['sectionIds'] });
export type CreateNoticeInput = z.infer<typeof createNoticeSchema>;

export const listNoticesQuerySchema = z.object({
  unread: optionalField(z.enum(['true', 'false'])),
  ...pageQueryShape,
});
export type ListNoticesQuery = z.output<typeof listNoticesQuerySchema>;

// ── the answers: one schema each, the types inferred from them (the back end wraps them in the envelope)
export const noticeDeliverySummarySchema = z.object({ recipients: z.int(), read: z.int(), emailed: z.int(), emailFailed: z.int(), emailPending: z.int() });
export type NoticeDeliverySummary = z.output<typeof noticeDeliverySummarySchema>;

export const noticeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  classIds: z.array(z.uuid()),
  sectionIds: z.array(z.uuid()),
  /** Class and section names of a targeted notice, e.g. ['Class 5', 'Class 6 A']. */
  targetNames: z.array(z.string()),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  sendEmail: z.boolean(),
  attachment: z.object({ name: z.string(), bytes: z.int() }).nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's own read receipt. */
  readAt: z.string().nullable(),
  /** For those who manage notices: how it reached its recipients. */
  delivery: noticeDeliverySummarySchema.optional(),
});
export type Notice = z.output<typeof noticeSchema>;
export const noticeListSchema = pageSchema(noticeSchema).extend({ unread: z.int() });
export type NoticeList = z.output<typeof noticeListSchema>;
export const noticeResultSchema = z.object({ notice: noticeSchema });
export type NoticeResult = z.output<typeof noticeResultSchema>;

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'none'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const noticeRecipientSchema = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  username: z.string(),
  role: z.string(),
  email: z.string(),
  emailStatus: z.enum(EMAIL_STATUSES),
  emailedAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type NoticeRecipient = z.output<typeof noticeRecipientSchema>;
export const noticeRecipientListSchema = pageSchema(noticeRecipientSchema);
export type NoticeRecipientList = z.output<typeof noticeRecipientListSchema>;
