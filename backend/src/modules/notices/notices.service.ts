import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { roleHas, schoolPortalUrl, type PageQuery } from '@vidyalaya/shared';
import {
  type CreateNoticeInput,
  type ListNoticesQuery,
  type Notice,
  type NoticeList,
  type NoticeRecipientList,
  type NoticeResult,
} from '@vidyalaya/shared/notices';
import type { Logger } from 'pino';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites, type SchoolTx } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobRegistry, type JobContext } from '../jobs';
import { JobsService } from '../jobs/jobs.service';
import { MessagingService } from '../messaging/messaging.service';
import { brandedMail } from '../mail';
import { MailService } from '../mail/mail.service';
import { PeopleService } from '../members';
import { NoticesRepository, type NoticeRow, type NoticeViewer } from './notices.repository';

export const NOTICE_EMAIL_JOB = 'notices.email';
/** E-mails sent between two recorded batches of delivery statuses. */
const EMAIL_BATCH = 20;

/** A notice's answer; `names` holds the authors' names by id (PeopleService). */
export function toNotice(r: NoticeRow, names: ReadonlyMap<string, string>): Notice {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    audience: r.audience,
    classIds: r.class_ids ?? [],
    sectionIds: r.section_ids ?? [],
    targetNames: r.target_names ?? [],
    status: r.published_at ? 'published' : 'draft',
    publishedAt: r.published_at ? r.published_at.toISOString() : null,
    sendEmail: r.send_email,
    attachment: r.attachment_name ? { name: r.attachment_name, bytes: r.attachment_bytes ?? 0 } : null,
    createdByName: (r.created_by && names.get(r.created_by)) ?? null,
    createdAt: r.created_at.toISOString(),
    readAt: r.read_at ? r.read_at.toISOString() : null,
    ...(r.recipients !== undefined
      ? { delivery: { recipients: r.recipients, read: r.read_count ?? 0, emailed: r.emailed ?? 0, emailFailed: r.email_failed ?? 0, emailPending: r.email_pending ?? 0 } }
      : {}),
  };
}

/** A PDF's first bytes. */
export const isPdf = (bytes: Buffer): boolean => bytes.length > 4 && bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * Notices (circulars; issue 19). The office (or an admin) writes a draft to an audience, may
 * attach one PDF, and publishes it: the recipients are fixed then (one row each), and when it is
 * e-mailed a job sends the e-mails in batches, recording each recipient's delivery. Everyone reads
 * the notices meant for them on the board and leaves a read receipt; a guardian never sees a notice
 * for another child's class (AccessService and the same SQL in the list).
 */
@Injectable()
export class NoticesService implements OnModuleInit {
  constructor(
    private readonly repo: NoticesRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly people: PeopleService,
    private readonly messaging: MessagingService,
  ) {}

  onModuleInit(): void {
    this.registry.register<{ noticeId: string }>(NOTICE_EMAIL_JOB, (job) => this.sendEmails(job));
  }

  viewerOf(ctx: WorkspaceContext): NoticeViewer {
    if (roleHas(ctx.role, 'notices.manage')) return { kind: 'manager', userId: ctx.userId };
    if (ctx.role === 'guardian') return { kind: 'guardian', userId: ctx.userId };
    return { kind: 'staff', userId: ctx.userId };
  }

  async create(ctx: WorkspaceContext, input: CreateNoticeInput): Promise<NoticeResult> {
    const classIds = input.audience === 'classes' ? (input.classIds ?? []).map((id) => id.toLowerCase()) : [];
    const sectionIds = input.audience === 'sections' ? (input.sectionIds ?? []).map((id) => id.toLowerCase()) : [];
    await this.access.require(ctx, 'class', classIds);
    await this.access.require(ctx, 'section', sectionIds);
    const id = await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const id = await repo.insert({
        title: input.title,
        body: input.body,
        audience: input.audience,
        classIds: [...new Set(classIds)],
        sectionIds: [...new Set(sectionIds)],
        sendEmail: input.sendEmail ?? true,
        by: ctx.userId,
        now: tx.now,
      });
      await tx.audit({ action: 'notice.created', entity: 'notice', entityId: id, after: { title: input.title, audience: input.audience, classIds, sectionIds } });
      if (input.publish) await this.publishIn(tx, ctx, id);
      return id;
    });
    return this.get(ctx, id);
  }

  async get(ctx: WorkspaceContext, noticeId: string): Promise<NoticeResult> {
    await this.access.require(ctx, 'notice', [noticeId]);
    const row = await this.repo.find(noticeId, this.viewerOf(ctx));
    if (!row) throw new DomainException('NOT_FOUND');
    return { notice: toNotice(row, await this.people.names([row.created_by])) };
  }

  async list(ctx: WorkspaceContext, q: ListNoticesQuery): Promise<NoticeList> {
    const { rows, total, unread } = await this.repo.list(this.viewerOf(ctx), { unreadOnly: q.unread === 'true', page: q.page, pageSize: q.pageSize });
    const names = await this.people.names(rows.map((r) => r.created_by));
    return { items: rows.map((r) => toNotice(r, names)), total, page: q.page, pageSize: q.pageSize, unread };
  }

  /** PUT …/notices/{noticeId}/attachment: one PDF on a draft (checked by its bytes, size-limited by the controller). */
  async attach(ctx: WorkspaceContext, noticeId: string, name: string, bytes: Buffer): Promise<NoticeResult> {
    await this.access.require(ctx, 'notice', [noticeId]);
    if (!isPdf(bytes)) throw new DomainException('ATTACHMENT_INVALID');
    const safeName = (name.replace(/[^\w.\- ]+/g, '_').trim() || 'notice.pdf').slice(0, 190);
    const fileName = safeName.toLowerCase().endsWith('.pdf') ? safeName : `${safeName}.pdf`;
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const state = await repo.lockState(noticeId);
      if (!state) throw new DomainException('NOT_FOUND');
      if (state.published) throw new DomainException('NOTICE_PUBLISHED');
      await repo.setAttachment(noticeId, fileName, bytes);
      await tx.audit({ action: 'notice.attached', entity: 'notice', entityId: noticeId, after: { name: fileName, bytes: bytes.length } });
    });
    return this.get(ctx, noticeId);
  }

  async attachment(ctx: WorkspaceContext, noticeId: string): Promise<{ name: string; bytes: Buffer }> {
    await this.get(ctx, noticeId);
    const file = await this.repo.attachment(noticeId);
    if (!file) throw new DomainException('NOT_FOUND');
    return file;
  }

  /** POST …/notices/{noticeId}/publish: fixes the recipients and queues the e-mails; publishing twice answers 422. */
  async publish(ctx: WorkspaceContext, noticeId: string): Promise<NoticeResult> {
    await this.access.require(ctx, 'notice', [noticeId]);
    await this.writes.run(ctx, (tx) => this.publishIn(tx, ctx, noticeId));
    return this.get(ctx, noticeId);
  }

  private async publishIn(tx: SchoolTx, ctx: WorkspaceContext, noticeId: string): Promise<void> {
    const repo = this.repo.in(tx.m);
    const state = await repo.lockState(noticeId);
    if (!state) throw new DomainException('NOT_FOUND');
    if (state.published) throw new DomainException('NOTICE_PUBLISHED');
    const { recipients, emails } = await repo.publish(noticeId, tx.now);
    await tx.audit({ action: 'notice.published', entity: 'notice', entityId: noticeId, after: { recipients, emails } });
    if (emails > 0) await this.jobs.enqueue(tx, NOTICE_EMAIL_JOB, { noticeId });
    await this.messaging.queue(tx, { event: 'notice', ref: noticeId });
  }

  /** DELETE …/notices/{noticeId}: a draft only (a published notice stays on record). */
  async remove(ctx: WorkspaceContext, noticeId: string): Promise<{ removed: true }> {
    await this.access.require(ctx, 'notice', [noticeId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const state = await repo.lockState(noticeId);
      if (!state) throw new DomainException('NOT_FOUND');
      if (state.published) throw new DomainException('NOTICE_PUBLISHED');
      await repo.remove(noticeId);
      await tx.audit({ action: 'notice.removed', entity: 'notice', entityId: noticeId });
      return { removed: true as const };
    });
  }

  /** POST …/notices/{noticeId}/read: the caller's read receipt (the first read is kept). */
  async markRead(ctx: WorkspaceContext, noticeId: string): Promise<NoticeResult> {
    const { notice } = await this.get(ctx, noticeId);
    if (notice.status !== 'published') throw new DomainException('NOT_FOUND');
    if (!notice.readAt) {
      await this.writes.run(ctx, async (tx) => {
        const { first } = await this.repo.in(tx.m).markRead(noticeId, ctx.userId, tx.now);
        if (first) await tx.audit({ action: 'notice.read', entity: 'notice', entityId: noticeId });
        else tx.nothingChanged();
      });
    }
    return this.get(ctx, noticeId);
  }

  /** GET …/notices/{noticeId}/recipients: each recipient's e-mail delivery and read receipt. */
  async recipients(ctx: WorkspaceContext, noticeId: string, q: PageQuery): Promise<NoticeRecipientList> {
    await this.access.require(ctx, 'notice', [noticeId]);
    const { rows, total } = await this.repo.recipients(noticeId, q.page, q.pageSize);
    return {
      items: rows.map((r) => ({
        userId: r.user_id,
        name: r.name,
        username: r.username,
        role: r.role,
        email: r.email,
        emailStatus: r.email_status,
        emailedAt: r.emailed_at ? r.emailed_at.toISOString() : null,
        readAt: r.read_at ? r.read_at.toISOString() : null,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** The e-mail job: batches of pending recipients; each batch's statuses recorded in one audited write. A retry sends only what is still pending. */
  private async sendEmails(job: JobContext<{ noticeId: string }>): Promise<void> {
    const actor = { schoolId: job.schoolId, userId: job.createdBy };
    const content = await this.repo.mailContent(job.payload.noticeId);
    if (!content) return;
    const link = `${schoolPortalUrl(content.subdomain, this.config.appDomain)}/workspace/${job.schoolId}/notices`;
    // The stored PDF (at most NOTICE_ATTACHMENT_MAX_BYTES, checked on upload) goes with every e-mail.
    const attachments = content.attachment
      ? [{ filename: content.attachment_name || `notice-${job.payload.noticeId}.pdf`, contentType: 'application/pdf', content: content.attachment }]
      : undefined;
    for (;;) {
      if (job.signal.aborted) return;
      const batch = await this.repo.pendingEmails(job.payload.noticeId, EMAIL_BATCH);
      if (batch.length === 0) return;
      const outcomes: { userId: string; ok: boolean }[] = [];
      for (const r of batch) {
        try {
          await this.mail.send({
            to: r.email,
            ...brandedMail({
              subject: `${content.school_name}: ${content.title}`,
              heading: content.title,
              paragraphs: [
                ...(r.name ? [`Dear ${r.name},`] : []),
                ...content.body.split(/\n{2,}/),
                attachments ? `The notice's PDF is attached. Read it and the notice at ${link}` : `Read it at ${link}`,
              ],
              footnote: `A notice from ${content.school_name}.`,
            }),
            attachments,
          });
          outcomes.push({ userId: r.user_id, ok: true });
        } catch {
          outcomes.push({ userId: r.user_id, ok: false });
        }
      }
      await this.writes.run(actor, async (tx) => {
        const repo = this.repo.in(tx.m);
        for (const o of outcomes) await repo.setEmailStatus(job.payload.noticeId, o.userId, o.ok ? 'sent' : 'failed', o.ok ? null : 'The mail server refused or could not be reached', tx.now);
        const sent = outcomes.filter((o) => o.ok).length;
        await tx.audit({ action: 'notice.emailed', entity: 'notice', entityId: job.payload.noticeId, after: { sent, failed: outcomes.length - sent } });
      });
      const failed = outcomes.filter((o) => !o.ok).length;
      if (failed > 0) this.logger.warn({ noticeId: job.payload.noticeId, failed }, 'Some notice e-mails could not be sent');
    }
  }
}
