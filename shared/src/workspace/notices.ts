import { z } from 'zod';
import { optionalField, requiredText } from '../schemas/common';
import { pageQueryShape, type Page } from './common';

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

export interface NoticeDeliverySummary {
  recipients: number;
  read: number;
  emailed: number;
  emailFailed: number;
  emailPending: number;
}

export interface Notice {
  id: string;
  title: string;
  body: string;
  audience: NoticeAudience;
  classIds: string[];
  sectionIds: string[];
  /** Class and section names of a targeted notice, e.g. ['Class 5', 'Class 6 A']. */
  targetNames: string[];
  status: 'draft' | 'published';
  publishedAt: string | null;
  sendEmail: boolean;
  attachment: { name: string; bytes: number } | null;
  createdByName: string | null;
  createdAt: string;
  /** The caller's own read receipt. */
  readAt: string | null;
  /** For those who manage notices: how it reached its recipients. */
  delivery?: NoticeDeliverySummary;
}
export type NoticeList = Page<Notice> & { unread: number };
export interface NoticeResult {
  notice: Notice;
}

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'none'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface NoticeRecipient {
  userId: string;
  name: string | null;
  username: string;
  role: string;
  email: string;
  emailStatus: EmailStatus;
  emailedAt: string | null;
  readAt: string | null;
}
export type NoticeRecipientList = Page<NoticeRecipient>;
