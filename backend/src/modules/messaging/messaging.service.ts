import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { formatRupees, istDate } from '@vidyalaya/shared';
import {
  maskPhone,
  messageCostPaise,
  PROVIDER_CHANNELS,
  renderTemplate,
  smsParts,
  type CreateMessageTemplateInput,
  type ListMessagesQuery,
  type MessageChannel,
  type MessageEvent,
  type MessageItem,
  type MessageLanguage,
  type MessageList,
  type MessagePreferencesInput,
  type MessagePreferencesResult,
  type MessagePreviewResult,
  type MessageRoute,
  type MessageTemplate,
  type MessageTemplateList,
  type MessageTemplateResult,
  type MessagingProvider,
  type MessagingSettingsResult,
  type MessagingTestInput,
  type MessagingTestResult,
  type PutMessagingSettings,
} from '@vidyalaya/shared/messaging';
import type { Logger } from 'pino';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites, type SchoolTx } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobRegistry, type JobContext } from '../jobs';
import { JobsService } from '../jobs/jobs.service';
import { brandedMail } from '../mail';
import { MailService } from '../mail/mail.service';
import { AadhaarCipher } from '../students';
import { PeopleService } from '../members';
import { MessagingRepository, type FamilyRow, type MessageRow, type SettingsRow, type TemplateRow } from './messaging.repository';
import { parseCallback, Providers, verifyTwilio, verifyWhatsapp, type ProviderAccount } from './providers';
import { bindSchool, boundSchoolId, runInSchool } from '../../common/request-context';

export const MESSAGE_EVENT_JOB = 'messaging.event';
export const MESSAGE_DISPATCH_JOB = 'messaging.dispatch';

/** What a causing change hands over (inside its own write): the event, what it is about, and its values. */
export interface MessageEventPayload {
  event: MessageEvent;
  /** What the event is about, one per event: the day, the receipt, the exam, the notice, the instalment and stage. */
  ref: string;
  studentIds?: string[];
  /** Named values the event already knows (amount, receiptNumber, examName, …). */
  values?: Record<string, string>;
}

const MAX_ATTEMPTS = 5;
const SWEEP_MS = 60_000;
const IST_MS = 330 * 60_000;
const FEE_STAGES: { stage: 'before' | 'on' | 'after'; days: number }[] = [
  { stage: 'before', days: 5 },
  { stage: 'on', days: 0 },
  { stage: 'after', days: -7 },
];

const showDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const addDays = (iso: string, n: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const fullName = (r: { first_name: string; last_name: string | null }) => [r.first_name, r.last_name].filter(Boolean).join(' ');
/** Names as a sentence: "Aarav", "Aarav and Diya", "Aarav, Diya and Kabir". */
const joinNames = (names: string[]): string => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** The IST month [from, to) containing `now`, and its `YYYY-MM`. */
function istMonth(now: Date): { month: string; from: Date; to: Date } {
  const month = istDate(now).slice(0, 7);
  const [y, m] = month.split('-').map(Number);
  const from = new Date(Date.UTC(y, m - 1, 1) - IST_MS);
  const to = new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - IST_MS);
  return { month, from, to };
}

/** When a message made now may go: now, or the end of the quiet hours (IST) when now is inside them. */
export function afterQuietHours(now: Date, from: string, to: string): Date {
  const f = minutesOf(from);
  const t = minutesOf(to);
  if (f === t) return now;
  const local = new Date(now.getTime() + IST_MS);
  const m = local.getUTCHours() * 60 + local.getUTCMinutes();
  const quiet = f > t ? m >= f || m < t : m >= f && m < t;
  if (!quiet) return now;
  const day = local.toISOString().slice(0, 10);
  let end = new Date(Date.parse(`${day}T00:00:00Z`) + t * 60_000 - IST_MS);
  if (end <= now) end = new Date(end.getTime() + 86_400_000);
  return end;
}

/**
 * Messages to families (DECISIONS "Messages to families"): the school's provider and templates,
 * events turned into one message per family (siblings merged by their guardian's phone), quiet
 * hours, opt-outs, the month's cap, retries with backoff, the WhatsApp → SMS → e-mail fallback and
 * the providers' delivery reports. A causing change calls `queue(tx, …)` inside its own write: the
 * job exists only if the change commits, and nothing the school does waits on a provider.
 */
@Injectable()
export class MessagingService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly providers: Providers;
  private readonly cipher: AadhaarCipher;
  private timer: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();
  private lastFeeRun = '';

  constructor(
    private readonly repo: MessagingRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly moduleRef: ModuleRef,
    private readonly people: PeopleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.providers = new Providers(config.messagingApis, join(config.dataDir, 'outbox'));
    // The provider's key is sealed as an Aadhaar number is (AES-256-GCM, the school's id bound in).
    this.cipher = new AadhaarCipher(config);
  }

  onModuleInit(): void {
    this.registry.register<MessageEventPayload>(MESSAGE_EVENT_JOB, async (job) => {
      await this.expand(job.payload);
      await this.dispatch({ signal: job.signal });
    });
    this.registry.register<Record<string, never>>(MESSAGE_DISPATCH_JOB, async (job: JobContext) => {
      await this.dispatch({ signal: job.signal });
    });
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobsWorker || this.config.env === 'test') return;
    this.timer = setInterval(() => void this.sweep().catch((e: Error) => this.logger.warn({ err: e.name }, 'messaging: sweep failed')), SWEEP_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.abort.abort();
  }

  // ── the hook other modules call inside their write ─────────────────────
  /**
   * Queues an event's messages as a job inside the caller's transaction (so only if its change
   * commits). Nothing is queued while the school has no template for the event.
   */
  async queue(tx: SchoolTx, payload: MessageEventPayload, checked = false): Promise<void> {
    if (!checked && !(await this.willQueue(tx, payload))) return;
    await this.jobs.enqueue(tx, MESSAGE_EVENT_JOB, payload, { maxAttempts: MAX_ATTEMPTS });
  }

  /**
   * Whether `queue` would queue this event's messages, read in the caller's transaction. A write
   * that holds a lock from a late statement to its COMMIT (a receipt's number) asks this first and
   * then calls `queue(tx, payload, true)`, which does not ask again.
   */
  async willQueue(tx: SchoolTx, payload: Pick<MessageEventPayload, 'event' | 'ref' | 'studentIds'>): Promise<boolean> {
    if (payload.studentIds && payload.studentIds.length === 0) return false;
    // An absence is told on its day only (a register filled in later tells no one).
    if (payload.event === 'absence' && payload.ref !== istDate(tx.now)) return false;
    return this.repo.in(tx.m).hasTemplate(payload.event);
  }

  // ── settings ───────────────────────────────────────────────────────────
  async getSettings(): Promise<MessagingSettingsResult> {
    const row = await this.repo.settings();
    const { from, to, month } = istMonth(this.clock.now());
    const cost = await this.repo.monthCost(from, to);
    const cap = Number(row?.monthly_cap_paise ?? 0);
    const provider = row?.provider ?? 'none';
    return {
      messaging: {
        provider,
        senderId: row?.sender_id ?? null,
        dltEntityId: row?.dlt_entity_id ?? null,
        accountId: row?.account_id ?? null,
        apiKeySet: !!row?.api_key,
        webhookSecretSet: !!row?.webhook_secret,
        monthlyCapPaise: cap,
        quietHours: { from: row?.quiet_from ?? '21:00', to: row?.quiet_to ?? '08:00' },
        monthCostPaise: cost,
        capReached: cap > 0 && (cost >= cap || row?.cap_notified_month === month),
        callbackUrl: provider === 'none' ? null : this.callbackUrl(provider),
      },
    };
  }

  async putSettings(ctx: WorkspaceContext, input: PutMessagingSettings): Promise<MessagingSettingsResult> {
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.settings();
      await repo.putSettings({
        provider: input.provider,
        senderId: input.senderId ?? null,
        dltEntityId: input.dltEntityId ?? null,
        accountId: input.accountId ?? null,
        apiKey: input.apiKey === undefined ? undefined : this.cipher.seal(ctx.schoolId, input.apiKey).cipher,
        webhookSecret: input.webhookSecret === undefined ? undefined : this.cipher.seal(ctx.schoolId, input.webhookSecret).cipher,
        capPaise: input.monthlyCapPaise,
        quietFrom: input.quietHours.from,
        quietTo: input.quietHours.to,
        by: ctx.userId,
        now: tx.now,
      });
      // Never the key itself: only whether one is set, before and after.
      await tx.audit({
        action: 'messaging.settings_saved',
        entity: 'messaging_settings',
        entityId: ctx.schoolId,
        before: before ? { provider: before.provider, senderId: before.sender_id, dltEntityId: before.dlt_entity_id, apiKeySet: !!before.api_key, monthlyCapPaise: Number(before.monthly_cap_paise) } : undefined,
        after: {
          provider: input.provider,
          senderId: input.senderId ?? null,
          dltEntityId: input.dltEntityId ?? null,
          apiKeySet: input.apiKey !== undefined ? true : !!before?.api_key,
          apiKeyChanged: input.apiKey !== undefined,
          monthlyCapPaise: input.monthlyCapPaise,
          quietHours: input.quietHours,
        },
      });
    });
    return this.getSettings();
  }

  private callbackUrl(provider: MessagingProvider): string {
    const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(this.config.appDomain);
    return `${local ? 'http' : 'https'}://${this.config.appDomain}/api/v1/webhooks/messaging/${provider}/${boundSchoolId()}`;
  }

  private account(row: SettingsRow | null): ProviderAccount {
    return {
      provider: row?.provider ?? 'none',
      senderId: row?.sender_id ?? null,
      dltEntityId: row?.dlt_entity_id ?? null,
      accountId: row?.account_id ?? null,
      apiKey: row?.api_key ? this.cipher.open(boundSchoolId(), row.api_key) : null,
    };
  }

  // ── templates ──────────────────────────────────────────────────────────
  async listTemplates(): Promise<MessageTemplateList> {
    return { items: (await this.repo.templates()).map(toTemplate) };
  }

  async createTemplate(ctx: WorkspaceContext, input: CreateMessageTemplateInput & { language: MessageLanguage; variables: string[] }): Promise<MessageTemplateResult> {
    const id = await this.writes.run(ctx, async (tx) => {
      const { id, before } = await this.repo.in(tx.m).upsertTemplate({
        event: input.event,
        channel: input.channel,
        language: input.language,
        dltTemplateId: input.dltTemplateId,
        body: input.body,
        variables: input.variables,
        by: ctx.userId,
        now: tx.now,
      });
      await tx.audit({
        action: before ? 'message_template.replaced' : 'message_template.created',
        entity: 'message_template',
        entityId: id,
        before: before ? { dltTemplateId: before.dlt_template_id, body: before.body, variables: before.variables } : undefined,
        after: { event: input.event, channel: input.channel, language: input.language, dltTemplateId: input.dltTemplateId, body: input.body, variables: input.variables },
      });
      return id;
    });
    return { template: toTemplate((await this.repo.template(id))!) };
  }

  /** A template filled with a real child's values (or the school's own when none is given), its characters and SMS parts. */
  async preview(ctx: WorkspaceContext, input: { body: string; variables: string[]; studentId?: string }): Promise<MessagePreviewResult> {
    const values = await this.sampleValues(input.studentId ? await this.checkedStudent(ctx, input.studentId) : null);
    const out = renderTemplate({ body: input.body, variables: input.variables, channel: 'sms' }, values);
    if (!out.ok) throw new DomainException('MESSAGE_TEMPLATE_MISMATCH', { message: out.reason, details: { variables: out.reason } });
    const parts = smsParts(out.text);
    return { preview: { text: out.text, ...parts } };
  }

  private async checkedStudent(ctx: WorkspaceContext, studentId: string): Promise<FamilyRow | null> {
    await this.access.require(ctx, 'student', [studentId]);
    return (await this.repo.families([studentId]))[0] ?? null;
  }

  private async sampleValues(family: FamilyRow | null): Promise<Record<string, string>> {
    const school = await this.repo.schoolName();
    const today = istDate(this.clock.now());
    return {
      studentName: family ? fullName(family) : 'Aarav Sharma',
      className: family ? classOf(family) : 'Class 5 A',
      date: showDate(today),
      amount: formatRupees(1_250_000),
      dueOn: showDate(addDays(today, 5)),
      schoolName: school.slice(0, 30),
      link: this.portalLink(),
      receiptNumber: '2025-26/000123',
      examName: 'Half-yearly',
      noticeTitle: 'Parent-teacher meeting',
    };
  }

  private portalLink(): string {
    const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(this.config.appDomain);
    return `${local ? 'http' : 'https'}://${this.config.appDomain}`;
  }

  // ── the log ────────────────────────────────────────────────────────────
  async list(q: ListMessagesQuery): Promise<MessageList> {
    const { rows, total } = await this.repo.list(q);
    const month = q.month ? monthRange(q.month) : istMonth(this.clock.now());
    return { items: rows.map(toItem), total, page: q.page, pageSize: q.pageSize, monthCostPaise: await this.repo.monthCost(month.from, month.to) };
  }

  /** POST …/messaging/test: a message through the school's `test` template to one phone, sent by a job. */
  async test(ctx: WorkspaceContext, input: MessagingTestInput & { phone: string }): Promise<MessagingTestResult> {
    const settings = await this.repo.settings();
    const provider = settings?.provider ?? 'none';
    const templates = (await this.repo.templates('test')).filter((t) => PROVIDER_CHANNELS[provider].includes(t.channel));
    const language = input.language ?? 'en';
    const template =
      templates.find((t) => (!input.channel || t.channel === input.channel) && t.language === language) ?? templates.find((t) => !input.channel || t.channel === input.channel);
    if (!template) throw new DomainException('MESSAGE_TEMPLATE_MISSING');
    const out = renderTemplate(template, await this.sampleValues(null));
    if (!out.ok) throw new DomainException('MESSAGE_TEMPLATE_MISMATCH', { message: `${out.reason}.` });
    const id = await this.writes.run(ctx, async (tx) => {
      const id = await this.repo.in(tx.m).insertMessage({
        key: `test:${tx.now.getTime()}:${input.phone}:${Math.random().toString(36).slice(2, 8)}`,
        event: 'test',
        ref: tx.now.toISOString(),
        channel: template.channel,
        language: template.language,
        toPhone: input.phone,
        toEmail: null,
        studentIds: [],
        templateId: template.id,
        text: out.text,
        values: out.values,
        status: 'queued',
        reason: null,
        costPaise: messageCostPaise(template.channel, out.text),
        sendAfter: tx.now,
        now: tx.now,
      });
      await tx.audit({ action: 'message.test_queued', entity: 'message', entityId: id, after: { channel: template.channel, to: maskPhone(input.phone) } });
      await this.jobs.enqueue(tx, MESSAGE_DISPATCH_JOB, {});
      return id!;
    });
    return { message: toItem((await this.repo.message(id))!) };
  }

  // ── a guardian's own preferences ───────────────────────────────────────
  async myPreferences(userId: string): Promise<MessagePreferencesResult> {
    const row = await this.repo.preferences(userId);
    return { preferences: row ?? { sms: true, whatsapp: true, email: true, language: 'en' } };
  }

  async setMyPreferences(userId: string, input: MessagePreferencesInput): Promise<MessagePreferencesResult> {
    if (!(await this.repo.isGuardian(userId))) throw new DomainException('FORBIDDEN', { message: 'Message preferences are for guardians.' });
    const current = (await this.myPreferences(userId)).preferences;
    const next = {
      sms: (input.sms as boolean | undefined) ?? current.sms,
      whatsapp: (input.whatsapp as boolean | undefined) ?? current.whatsapp,
      email: (input.email as boolean | undefined) ?? current.email,
      language: (input.language ?? current.language) as MessageLanguage,
    };
    await this.repo.putPreferences(userId, next, this.clock.now());
    return { preferences: next };
  }

  // ── events → messages ──────────────────────────────────────────────────
  /**
   * Turns an event into messages, one per family: the children of the event grouped by their
   * primary guardian's phone, each child told once (a child already in a message of this event and
   * family is left out), the channel chosen WhatsApp → SMS → e-mail by the provider, the templates and
   * the family's opt-outs, the text rendered from the registered template or the message skipped
   * with the reason. Idempotent: a run again (a restart) inserts nothing twice.
   */
  async expand(payload: MessageEventPayload): Promise<number> {
    const now = this.clock.now();
    const settings = await this.repo.settings();
    const provider = settings?.provider ?? 'none';
    const templates = await this.repo.templates(payload.event);
    if (templates.length === 0) return 0;
    let studentIds = payload.studentIds ?? [];
    const values: Record<string, string> = { ...(payload.values ?? {}) };
    if (payload.event === 'notice') {
      const audience = await this.repo.noticeAudience(payload.ref);
      if (!audience) return 0;
      studentIds = audience.studentIds;
      values.noticeTitle ??= audience.title.slice(0, 30);
    }
    const families = await this.repo.families([...new Set(studentIds)]);
    // fee_due: only children with something left on the instalment, and what is left.
    let balances: Map<string, number> | null = null;
    if (payload.event === 'fee_due') {
      balances = await this.balances(payload.ref.split(':')[0], families.map((f) => f.student_id));
    }
    const school = (await this.repo.schoolName()).slice(0, 30);
    const byPhone = new Map<string, FamilyRow[]>();
    for (const f of families) {
      if (balances && !(balances.get(f.student_id)! > 0)) continue;
      byPhone.set(f.phone, [...(byPhone.get(f.phone) ?? []), f]);
    }
    const sendAfter = afterQuietHours(now, settings?.quiet_from ?? '21:00', settings?.quiet_to ?? '08:00');
    let made = 0;
    for (const [phone, all] of byPhone) {
      const covered = await this.repo.coveredStudents(payload.event, payload.ref, phone);
      const kids = all.filter((f) => !covered.has(f.student_id));
      if (kids.length === 0) continue;
      const ids = kids.map((k) => k.student_id).sort();
      const familyValues: Record<string, string> = {
        schoolName: school,
        link: this.portalLink(),
        date: showDate(payload.event === 'absence' ? payload.ref : istDate(now)),
        ...values,
        studentName: joinNames(kids.map((k) => k.first_name)),
        className: [...new Set(kids.map(classOf))].join(', '),
      };
      if (balances) familyValues.amount = formatRupees(kids.reduce((s, k) => s + (balances!.get(k.student_id) ?? 0), 0));
      let plan = this.plan(provider, templates, kids, familyValues);
      // fee_due with online payment on: a child's own pay link where the channel can carry it
      // (WhatsApp, e-mail); an SMS keeps the portal's address, as DLT allows 30 characters a value.
      const template = templates.find((t) => t.id === plan.templateId);
      if (payload.event === 'fee_due' && kids.length === 1 && plan.channel !== 'sms' && template?.channel !== 'sms' && template?.variables.includes('link')) {
        const payLink = await this.reminderPayLink(kids[0].student_id);
        if (payLink) plan = this.plan(provider, templates, kids, familyValues, [], payLink);
      }
      const inserted = await this.repo.insertMessage({
        key: `${payload.event}:${payload.ref}:${phone}:${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 16)}`,
        event: payload.event,
        ref: payload.ref,
        channel: plan.channel,
        language: plan.language,
        toPhone: phone,
        toEmail: plan.channel === 'email' ? plan.email : null,
        studentIds: ids,
        templateId: plan.templateId,
        text: plan.text,
        values: plan.values,
        status: plan.skip ? 'skipped' : 'queued',
        reason: plan.skip,
        costPaise: plan.skip ? 0 : messageCostPaise(plan.channel, plan.text ?? ''),
        sendAfter,
        now,
      });
      if (inserted) made += 1;
    }
    return made;
  }

  /** How one family's message goes: channel, language, template and text, or why it is skipped. */
  private plan(
    provider: MessagingProvider,
    templates: TemplateRow[],
    kids: FamilyRow[],
    values: Record<string, string>,
    exclude: MessageRoute[] = [],
    payLink?: string,
  ): { channel: MessageRoute; language: MessageLanguage; templateId: string | null; text: string | null; values: string[]; email: string | null; skip: string | null } {
    const off = { sms: kids.some((k) => k.sms_off), whatsapp: kids.some((k) => k.whatsapp_off), email: kids.some((k) => k.email_off) };
    const language: MessageLanguage = kids.find((k) => k.language)?.language ?? 'en';
    let mismatch: string | null = null;
    let anyTemplate: TemplateRow | null = null;
    for (const channel of ['whatsapp', 'sms'] as MessageChannel[]) {
      if (exclude.includes(channel) || !PROVIDER_CHANNELS[provider].includes(channel)) continue;
      const template = templates.find((t) => t.channel === channel && t.language === language) ?? templates.find((t) => t.channel === channel && t.language === 'en');
      if (!template) continue;
      anyTemplate ??= template;
      if (off[channel]) continue;
      const out = renderTemplate(template, payLink && channel !== 'sms' ? { ...values, link: payLink } : values);
      if (!out.ok) {
        mismatch ??= `Does not fit the registered template (${template.dlt_template_id}): ${out.reason}`;
        continue;
      }
      return { channel, language: template.language, templateId: template.id, text: out.text, values: out.values, email: null, skip: null };
    }
    const email = kids.find((k) => k.email)?.email ?? null;
    const basis = anyTemplate ?? templates[0];
    if (!exclude.includes('email') && email && !off.email && basis) {
      const out = renderTemplate(basis, payLink && basis.channel !== 'sms' ? { ...values, link: payLink } : values);
      if (out.ok) return { channel: 'email', language, templateId: basis.id, text: out.text, values: out.values, email, skip: null };
    }
    return {
      channel: anyTemplate?.channel ?? 'sms',
      language,
      templateId: null,
      text: null,
      values: [],
      email: null,
      skip: mismatch ?? (anyTemplate ? 'The family has turned these messages off' : 'No registered template for this channel'),
    };
  }

  /** What is left to pay on one instalment, per child (fees module's own rule: concessions, late fee, payments). */
  /** The child's pay link when the school takes fees online (the online-payments module), else undefined. */
  private async reminderPayLink(studentId: string): Promise<string | undefined> {
    // Required here, as the fees module is below: online payments reach the fees module, which calls this one.
    const { OnlinePaymentsService } = require('../online-payments/online-payments.service') as typeof import('../online-payments/online-payments.service');
    const payments = this.moduleRef.get(OnlinePaymentsService, { strict: false });
    return (await payments.reminderPayLink(studentId)) ?? undefined;
  }

  private async balances(instalmentId: string, studentIds: string[]): Promise<Map<string, number>> {
    // Required here, not imported at the top: the fees module calls this one (receipts), so a
    // static import both ways would make a cycle in the modules' loading.
    const { FeesService } = require('../fees/fees.service') as typeof import('../fees/fees.service');
    const fees = this.moduleRef.get(FeesService, { strict: false });
    const owner = await this.repo.schoolOwner();
    const ctx: WorkspaceContext = { schoolId: boundSchoolId(), userId: owner?.id ?? '', role: 'admin' };
    const today = istDate(this.clock.now());
    const out = new Map<string, number>();
    for (const id of studentIds) {
      const dues = await fees.studentFees(ctx, id, today).catch(() => null);
      out.set(id, dues?.instalments.find((i) => i.instalmentId === instalmentId)?.balance ?? 0);
    }
    return out;
  }

  /** The daily fee reminders: instalments due in 5 days, today, and 7 days ago, for every school with a fee_due template. */
  async feeReminders(today = istDate(this.clock.now())): Promise<number> {
    const days = FEE_STAGES.map((s) => addDays(today, s.days));
    let made = 0;
    for (const due of await this.repo.dueInstalments(days)) {
      const stage = FEE_STAGES.find((s) => addDays(today, s.days) === due.due_on)!.stage;
      made += await this.expand({ event: 'fee_due', ref: `${due.instalment_id}:${stage}`, studentIds: due.student_ids, values: { dueOn: showDate(due.due_on) } });
    }
    return made;
  }

  /** Every minute (with a job worker): due messages of every school, and once a day the fee reminders. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const today = istDate(now);
    if (today !== this.lastFeeRun) {
      this.lastFeeRun = today;
      for (const schoolId of await this.repo.schoolsWithTemplate('fee_due')) await runInSchool(schoolId, () => this.feeReminders(today));
    }
    for (const schoolId of await this.repo.schoolsWithDue(now)) await runInSchool(schoolId, () => this.dispatch({ signal: this.abort.signal }));
  }

  // ── sending ────────────────────────────────────────────────────────────
  /**
   * Sends the school's due messages, one at a time: each is taken (queued → sending) before the
   * provider is called, so two workers never send the same one; a fee reminder is skipped when the
   * dues were paid meanwhile; the month's cap skips (and tells the admin once); a provider that is
   * down is retried with backoff; a refused WhatsApp falls back to SMS, then e-mail.
   */
  async dispatch(opts: { signal?: AbortSignal; limit?: number } = {}): Promise<number> {
    const now = this.clock.now();
    const settings = await this.repo.settings();
    const account = this.account(settings);
    const cap = Number(settings?.monthly_cap_paise ?? 0);
    const month = istMonth(now);
    let sent = 0;
    for (const row of await this.repo.due(now, opts.limit ?? 500)) {
      if (opts.signal?.aborted) break;
      if (!(await this.repo.claim(row.id))) continue;
      if (row.event === 'fee_due') {
        const left = await this.balances(row.ref.split(':')[0], row.student_ids);
        if (![...left.values()].some((b) => b > 0)) {
          await this.repo.settle(row.id, { status: 'skipped', reason: 'Paid before the reminder was sent', costPaise: 0 });
          continue;
        }
      }
      if (cap > 0 && row.channel !== 'email') {
        const spent = await this.repo.monthCost(month.from, month.to);
        // `spent` includes this message (it is `sending`): over the cap means it may not go.
        if (spent > cap) {
          await this.repo.settle(row.id, { status: 'skipped', reason: 'Monthly cap reached', costPaise: 0 });
          await this.tellCap(month.month, cap);
          continue;
        }
      }
      const outcome =
        row.channel === 'email'
          ? await this.email(row)
          : await this.providers.send(
              account,
              {
                channel: row.channel,
                phone: row.to_phone ?? '',
                text: row.text ?? '',
                values: row.template_values,
                templateId: (await this.repo.template(row.template_id ?? ''))?.dlt_template_id ?? '',
                language: row.language,
                callbackUrl: account.provider === 'none' ? null : this.callbackUrl(account.provider),
                messageId: row.id,
              },
              opts.signal,
            );
      if (outcome.ok) {
        await this.repo.settle(row.id, { status: 'sent', providerMessageId: outcome.providerMessageId, provider: row.channel === 'email' ? 'email' : account.provider, sentAt: this.clock.now() });
        sent += 1;
      } else if (!outcome.permanent && row.attempts + 1 < MAX_ATTEMPTS) {
        // Backoff after attempt n: 2^n minutes (2, 4, 8, 16).
        const attempt = row.attempts + 1;
        await this.repo.settle(row.id, { status: 'queued', reason: outcome.reason, sendAfter: new Date(this.clock.now().getTime() + 2 ** attempt * 60_000) });
        this.logger.warn({ school: boundSchoolId(), message: row.id, attempt }, 'messaging: provider unavailable, retrying later');
      } else {
        await this.repo.settle(row.id, { status: 'failed', reason: outcome.reason, costPaise: 0 });
        await this.fallback(row, provider(account));
      }
    }
    return sent;
  }

  private async email(row: MessageRow): Promise<{ ok: true; providerMessageId: string } | { ok: false; permanent: boolean; reason: string }> {
    if (!row.to_email) return { ok: false, permanent: true, reason: 'No e-mail address' };
    const school = await this.repo.schoolName();
    try {
      await this.mail.send({ to: row.to_email, ...brandedMail({ subject: `${school}: a message about your child`, heading: school, paragraphs: [row.text ?? ''] }) });
      return { ok: true, providerMessageId: `email-${row.id}` };
    } catch {
      return { ok: false, permanent: false, reason: 'The e-mail could not be sent' };
    }
  }

  /** After a WhatsApp message fails for good: the same message by SMS, else by e-mail (each once). */
  private async fallback(row: MessageRow, provider: MessagingProvider): Promise<void> {
    if (row.channel === 'email') return;
    const exclude: MessageRoute[] = row.channel === 'whatsapp' ? ['whatsapp'] : ['whatsapp', 'sms'];
    const templates = await this.repo.templates(row.event);
    const kids = await this.repo.families(row.student_ids);
    if (kids.length === 0 || templates.length === 0) return;
    const values = Object.fromEntries(((await this.repo.template(row.template_id ?? ''))?.variables ?? []).map((name, i) => [name, row.template_values[i]]));
    // A pay link sent by WhatsApp goes on by e-mail; an SMS fallback carries the portal's address.
    let payLink: string | undefined;
    if (values.link?.includes('/pay/')) {
      payLink = values.link;
      values.link = this.portalLink();
    }
    const plan = this.plan(provider, templates, kids, values, exclude, payLink);
    if (plan.skip) return;
    await this.repo.insertMessage({
      key: `${row.idempotency_key}:${plan.channel}`.slice(0, 200),
      event: row.event,
      ref: row.ref,
      channel: plan.channel,
      language: plan.language,
      toPhone: row.to_phone,
      toEmail: plan.channel === 'email' ? plan.email : null,
      studentIds: [],
      templateId: plan.templateId,
      text: plan.text,
      values: plan.values,
      status: 'queued',
      reason: null,
      costPaise: messageCostPaise(plan.channel, plan.text ?? ''),
      sendAfter: this.clock.now(),
      now: this.clock.now(),
    });
  }

  private async tellCap(month: string, cap: number): Promise<void> {
    if (!(await this.repo.claimCapNotice(month))) return;
    const school = await this.repo.schoolName();
    await this.writes.run({ schoolId: boundSchoolId(), userId: null }, (tx) =>
      tx.audit({ action: 'messaging.cap_reached', entity: 'messaging_settings', entityId: boundSchoolId(), after: { month, monthlyCapPaise: cap } }),
    );
    for (const to of await this.people.adminEmails()) {
      await this.mail
        .send({
          to,
          ...brandedMail({
            subject: `${school}: messages to families stopped for this month`,
            heading: 'The monthly limit for messages is reached',
            paragraphs: [
              `The messages sent this month have reached the limit of ${formatRupees(cap)} set in the messaging settings, so no more SMS or WhatsApp messages will be sent until next month.`,
              'Raise the limit in the messaging settings if families should keep receiving messages.',
            ],
          }),
        })
        .catch(() => undefined);
    }
  }

  // ── delivery callbacks ─────────────────────────────────────────────────
  /**
   * A provider's delivery report for one school. Twilio's is checked against its signature (the
   * Auth Token), WhatsApp Cloud's against `X-Hub-Signature-256` (the app secret) when one is set;
   * a report only moves a message of this school with the provider's id.
   */
  async callback(provider: MessagingProvider, schoolId: string, body: unknown, rawBody: string, headers: Record<string, string | undefined>): Promise<{ updated: number }> {
    // The provider's call names its school in the path; the signature below proves it.
    bindSchool(schoolId.toLowerCase());
    const settings = await this.repo.settings();
    if (!settings || settings.provider !== provider || provider === 'none') throw new DomainException('NOT_FOUND');
    if (provider === 'twilio') {
      const token = settings.api_key ? this.cipher.open(schoolId, settings.api_key) : '';
      const params = Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      if (!verifyTwilio(token, this.callbackUrl('twilio'), params, headers['x-twilio-signature'])) throw new DomainException('MESSAGING_CALLBACK_INVALID');
    }
    if (provider === 'whatsapp_cloud' && settings.webhook_secret) {
      if (!verifyWhatsapp(this.cipher.open(schoolId, settings.webhook_secret), rawBody, headers['x-hub-signature-256'])) throw new DomainException('MESSAGING_CALLBACK_INVALID');
    }
    let updated = 0;
    for (const u of parseCallback(provider, body)) {
      const row = await this.repo.deliveryReport(provider, u.providerMessageId, u.status, u.reason, this.clock.now());
      if (!row) continue;
      updated += 1;
      if (u.status === 'failed') await this.fallback(row, provider);
    }
    if (updated > 0) await this.dispatchSoon();
    return { updated };
  }

  private async dispatchSoon(): Promise<void> {
    await this.writes.run({ schoolId: boundSchoolId(), userId: null }, async (tx) => {
      await this.jobs.enqueue(tx, MESSAGE_DISPATCH_JOB, {});
    });
  }
}

const provider = (a: ProviderAccount): MessagingProvider => a.provider;

function classOf(f: { class_name: string | null; section_name: string | null }): string {
  return [f.class_name, f.section_name].filter(Boolean).join(' ');
}

function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(y, m - 1, 1) - IST_MS), to: new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - IST_MS) };
}

function toTemplate(r: TemplateRow): MessageTemplate {
  return {
    id: r.id,
    event: r.event,
    channel: r.channel,
    language: r.language,
    dltTemplateId: r.dlt_template_id,
    body: r.body,
    variables: r.variables as MessageTemplate['variables'],
    createdAt: r.created_at.toISOString(),
  };
}

function toItem(r: MessageRow): MessageItem {
  return {
    id: r.id,
    event: r.event,
    channel: r.channel,
    to: r.channel === 'email' && r.to_email ? maskEmail(r.to_email) : maskPhone(r.to_phone ?? ''),
    status: r.status === 'sending' ? 'queued' : r.status,
    ...(r.reason ? { reason: r.reason } : {}),
    costPaise: r.status === 'skipped' || r.status === 'failed' ? 0 : r.cost_paise,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
    language: r.language,
  };
}

function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  return `${user.slice(0, 1)}***@${domain ?? ''}`;
}
