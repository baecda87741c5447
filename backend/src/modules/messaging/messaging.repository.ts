import { Injectable } from '@nestjs/common';
import type { MessageChannel, MessageEvent, MessageLanguage, MessageRoute, MessageStatus, MessagingProvider } from '@vidyalaya/shared/messaging';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface SettingsRow {
  school_id: string;
  provider: MessagingProvider;
  sender_id: string | null;
  dlt_entity_id: string | null;
  account_id: string | null;
  api_key: Buffer | null;
  webhook_secret: Buffer | null;
  monthly_cap_paise: string | number;
  quiet_from: string;
  quiet_to: string;
  cap_notified_month: string | null;
}

export interface TemplateRow {
  id: string;
  event: MessageEvent;
  channel: MessageChannel;
  language: MessageLanguage;
  dlt_template_id: string;
  body: string;
  variables: string[];
  created_at: Date;
}

export interface MessageRow {
  school_id: string;
  id: string;
  idempotency_key: string;
  event: MessageEvent;
  ref: string;
  channel: MessageRoute;
  language: MessageLanguage;
  to_phone: string | null;
  to_email: string | null;
  student_ids: string[];
  template_id: string | null;
  text: string | null;
  template_values: string[];
  status: MessageStatus | 'sending';
  reason: string | null;
  cost_paise: number;
  provider: string | null;
  provider_message_id: string | null;
  attempts: number;
  send_after: Date;
  created_at: Date;
  sent_at: Date | null;
}

/** One child's primary guardian, with what a message about the child needs. */
export interface FamilyRow {
  student_id: string;
  first_name: string;
  last_name: string | null;
  class_name: string | null;
  section_name: string | null;
  phone: string;
  email: string | null;
  /** Opt-outs of the guardian accounts linked to the child (any one out = out). */
  sms_off: boolean;
  whatsapp_off: boolean;
  email_off: boolean;
  language: MessageLanguage | null;
}

export interface NewMessage {
  key: string;
  event: MessageEvent;
  ref: string;
  channel: MessageRoute;
  language: MessageLanguage;
  toPhone: string | null;
  toEmail: string | null;
  studentIds: string[];
  templateId: string | null;
  text: string | null;
  values: string[];
  status: MessageStatus;
  reason: string | null;
  costPaise: number;
  sendAfter: Date;
  now: Date;
}

const MSG_COLUMNS = `school_id, id, idempotency_key, event, ref, channel, language, to_phone, to_email, student_ids, template_id, text, template_values,
  status, reason, cost_paise, provider, provider_message_id, attempts, send_after, created_at, sent_at`;

/** Every query on the messaging tables, and the read-only look-ups of families, notices and fees it needs. */
@Injectable()
export class MessagingRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ── settings ─────────────────────────────────────────────────────────────
  settings(): Promise<SettingsRow | null> {
    return this.one<SettingsRow>(`SELECT * FROM messaging_settings WHERE school_id = $1`, [this.schoolId]);
  }

  async putSettings(
    s: { provider: string; senderId: string | null; dltEntityId: string | null; accountId: string | null; apiKey?: Buffer | null; webhookSecret?: Buffer | null; capPaise: number; quietFrom: string; quietTo: string; by: string | null; now: Date },
  ): Promise<void> {
    await this.m.query(
      `INSERT INTO messaging_settings (school_id, provider, sender_id, dlt_entity_id, account_id, api_key, webhook_secret, monthly_cap_paise, quiet_from, quiet_to, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (school_id) DO UPDATE SET provider = $2, sender_id = $3, dlt_entity_id = $4, account_id = $5,
         api_key = CASE WHEN $13 THEN EXCLUDED.api_key ELSE messaging_settings.api_key END,
         webhook_secret = CASE WHEN $14 THEN EXCLUDED.webhook_secret ELSE messaging_settings.webhook_secret END,
         monthly_cap_paise = $8, quiet_from = $9, quiet_to = $10, updated_by = $11, updated_at = $12,
         cap_notified_month = CASE WHEN messaging_settings.monthly_cap_paise <> $8 THEN NULL ELSE messaging_settings.cap_notified_month END`,
      [
        this.schoolId,
        s.provider,
        s.senderId,
        s.dltEntityId,
        s.accountId,
        s.apiKey ?? null,
        s.webhookSecret ?? null,
        s.capPaise,
        s.quietFrom,
        s.quietTo,
        s.by,
        s.now,
        s.apiKey !== undefined,
        s.webhookSecret !== undefined,
      ],
    );
  }

  /** Marks the month's cap as told to the admin; true only for the first caller of the month. */
  async claimCapNotice(month: string): Promise<boolean> {
    const rows = await this.rows(
      `UPDATE messaging_settings SET cap_notified_month = $2 WHERE school_id = $1 AND cap_notified_month IS DISTINCT FROM $2 RETURNING school_id`,
      [this.schoolId, month],
    );
    return rows.length > 0;
  }

  // ── templates ────────────────────────────────────────────────────────────
  templates(event?: MessageEvent): Promise<TemplateRow[]> {
    return this.rows<TemplateRow>(
      `SELECT id, event, channel, language, dlt_template_id, body, variables, created_at FROM message_templates
        WHERE school_id = $1 AND ($2::text IS NULL OR event = $2) ORDER BY event, channel, language`,
      [this.schoolId, event ?? null],
    );
  }

  async hasTemplate(event: MessageEvent): Promise<boolean> {
    const row = await this.one(`SELECT 1 AS x FROM message_templates WHERE school_id = $1 AND event = $2 LIMIT 1`, [this.schoolId, event]);
    return !!row;
  }

  async upsertTemplate(
    t: { event: string; channel: string; language: string; dltTemplateId: string; body: string; variables: string[]; by: string; now: Date },
  ): Promise<{ id: string; before: TemplateRow | null }> {
    const before = await this.one<TemplateRow>(
      `SELECT id, event, channel, language, dlt_template_id, body, variables, created_at FROM message_templates WHERE school_id = $1 AND event = $2 AND channel = $3 AND language = $4 FOR UPDATE`,
      [this.schoolId, t.event, t.channel, t.language],
    );
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO message_templates (school_id, event, channel, language, dlt_template_id, body, variables, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9)
       ON CONFLICT (school_id, event, channel, language) DO UPDATE SET dlt_template_id = $5, body = $6, variables = $7::text[], created_by = $8, created_at = $9
       RETURNING id`,
      [this.schoolId, t.event, t.channel, t.language, t.dltTemplateId, t.body, t.variables, t.by, t.now],
    );
    return { id: row.id, before };
  }

  template(id: string): Promise<TemplateRow | null> {
    return this.one<TemplateRow>(`SELECT id, event, channel, language, dlt_template_id, body, variables, created_at FROM message_templates WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }

  // ── families ─────────────────────────────────────────────────────────────
  /** The primary guardian (first on the record) of each active child, with the linked accounts' preferences. */
  families(studentIds: string[]): Promise<FamilyRow[]> {
    return this.rows<FamilyRow>(
      `SELECT s.id AS student_id, s.first_name, s.last_name, c.name AS class_name, sec.name AS section_name, g.phone, g.email,
              coalesce(bool_or(NOT p.sms), false) AS sms_off, coalesce(bool_or(NOT p.whatsapp), false) AS whatsapp_off,
              coalesce(bool_or(NOT p.email), false) AS email_off, min(p.language) AS language
         FROM students s
         JOIN LATERAL (SELECT phone, email FROM student_guardians WHERE school_id = s.school_id AND student_id = s.id ORDER BY position LIMIT 1) g ON true
         LEFT JOIN classes c ON c.school_id = s.school_id AND c.id = s.class_id
         LEFT JOIN sections sec ON sec.school_id = s.school_id AND sec.id = s.section_id
         LEFT JOIN student_guardian_users gu ON gu.school_id = s.school_id AND gu.student_id = s.id
         LEFT JOIN message_preferences p ON p.user_id = gu.user_id
        WHERE s.school_id = $1 AND s.id = ANY($2::uuid[]) AND s.status = 'active'
        GROUP BY s.id, s.first_name, s.last_name, c.name, sec.name, g.phone, g.email
        ORDER BY s.first_name, s.id`,
      [this.schoolId, studentIds],
    );
  }

  async schoolName(): Promise<string> {
    const row = await this.one<{ name: string }>(`SELECT name FROM schools WHERE id = $1`, [this.schoolId]);
    return row?.name ?? '';
  }

  async schoolOwner(): Promise<{ id: string; email: string } | null> {
    return this.one<{ id: string; email: string }>(`SELECT u.id, u.email FROM schools s JOIN users u ON u.id = s.owner_id WHERE s.id = $1`, [this.schoolId]);
  }

  /** Active students a published notice reaches (school, guardians, classes or sections; none for staff). */
  async noticeAudience(noticeId: string): Promise<{ title: string; studentIds: string[] } | null> {
    const notice = await this.one<{ title: string; audience: string; class_ids: string[]; section_ids: string[] }>(
      `SELECT title, audience, class_ids, section_ids FROM notices WHERE school_id = $1 AND id = $2 AND published_at IS NOT NULL`,
      [this.schoolId, noticeId],
    );
    if (!notice) return null;
    if (notice.audience === 'staff') return { title: notice.title, studentIds: [] };
    const rows = await this.rows<{ id: string }>(
      `SELECT id FROM students WHERE school_id = $1 AND status = 'active'
          AND ($2 IN ('school', 'guardians') OR ($2 = 'classes' AND class_id = ANY($3::uuid[])) OR ($2 = 'sections' AND section_id = ANY($4::uuid[])))`,
      [this.schoolId, notice.audience, notice.class_ids, notice.section_ids],
    );
    return { title: notice.title, studentIds: rows.map((r) => r.id) };
  }

  /** Instalments of the school's fee structures falling due on one of the days, with their classes' active students. */
  dueInstalments(days: string[]): Promise<{ instalment_id: string; due_on: string; student_ids: string[] }[]> {
    return this.rows(
      `SELECT i.id AS instalment_id, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, array_agg(s.id ORDER BY s.id) AS student_ids
         FROM fee_instalments i
         JOIN fee_structures fs ON fs.school_id = i.school_id AND fs.id = i.structure_id
         JOIN students s ON s.school_id = i.school_id AND s.class_id = fs.class_id AND s.status = 'active'
        WHERE i.school_id = $1 AND i.due_on = ANY($2::date[])
        GROUP BY i.id, i.due_on`,
      [this.schoolId, days],
    );
  }

  /** Schools with fee-due templates (the daily reminder run). */
  async schoolsWithTemplate(event: MessageEvent): Promise<string[]> {
    const rows = await this.rows<{ school_id: string }>(`SELECT DISTINCT school_id FROM message_templates WHERE event = $1`, [event]);
    return rows.map((r) => r.school_id);
  }

  // ── messages ─────────────────────────────────────────────────────────────
  /** Children of this family already told about this event (so none is told twice). */
  async coveredStudents(event: string, ref: string, phone: string): Promise<Set<string>> {
    const rows = await this.rows<{ sid: string }>(
      `SELECT DISTINCT unnest(student_ids)::text AS sid FROM messages WHERE school_id = $1 AND event = $2 AND ref = $3 AND to_phone = $4`,
      [this.schoolId, event, ref, phone],
    );
    return new Set(rows.map((r) => r.sid));
  }

  /** Inserts a message unless its idempotency key exists; answers the row id when it was new. */
  async insertMessage(m: NewMessage): Promise<string | null> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO messages (school_id, idempotency_key, event, ref, channel, language, to_phone, to_email, student_ids, template_id, text, template_values,
                             status, reason, cost_paise, send_after, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::uuid[], $10, $11, $12::text[], $13, $14, $15, $16, $17)
       ON CONFLICT (school_id, idempotency_key) DO NOTHING RETURNING id`,
      [this.schoolId, m.key, m.event, m.ref, m.channel, m.language, m.toPhone, m.toEmail, m.studentIds, m.templateId, m.text, m.values, m.status, m.reason, m.costPaise, m.sendAfter, m.now],
    );
    return row?.id ?? null;
  }

  message(id: string): Promise<MessageRow | null> {
    return this.one<MessageRow>(`SELECT ${MSG_COLUMNS} FROM messages WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }

  /** The school's queued messages that are due, oldest first. */
  due(now: Date, limit: number): Promise<MessageRow[]> {
    return this.rows<MessageRow>(
      `SELECT ${MSG_COLUMNS} FROM messages WHERE school_id = $1 AND status = 'queued' AND send_after <= $2 ORDER BY send_after, created_at, id LIMIT $3`,
      [this.schoolId, now, limit],
    );
  }

  /** Schools with due messages (the sweep's one cross-school query). */
  async schoolsWithDue(now: Date): Promise<string[]> {
    const rows = await this.rows<{ school_id: string }>(`SELECT DISTINCT school_id FROM messages WHERE status = 'queued' AND send_after <= $1`, [now]);
    return rows.map((r) => r.school_id);
  }

  /**
   * Takes a queued message for sending (queued → sending, attempts + 1); false when another worker
   * has it. A message left `sending` by a process that died is never sent again by itself: the
   * provider may have taken it, so it is marked failed ("unknown after restart") rather than repeated.
   */
  async claim(id: string): Promise<boolean> {
    const rows = await this.rows(`UPDATE messages SET status = 'sending', attempts = attempts + 1 WHERE school_id = $1 AND id = $2 AND status = 'queued' RETURNING id`, [this.schoolId, id]);
    return rows.length > 0;
  }

  async settle(
    id: string,
    s: { status: MessageStatus; reason?: string | null; providerMessageId?: string | null; provider?: string | null; costPaise?: number; sentAt?: Date | null; sendAfter?: Date },
  ): Promise<void> {
    await this.m.query(
      `UPDATE messages SET status = $3, reason = $4, provider_message_id = coalesce($5, provider_message_id), provider = coalesce($6, provider),
              cost_paise = coalesce($7, cost_paise), sent_at = coalesce($8, sent_at), send_after = coalesce($9, send_after)
        WHERE school_id = $1 AND id = $2`,
      [this.schoolId, id, s.status, s.reason ?? null, s.providerMessageId ?? null, s.provider ?? null, s.costPaise ?? null, s.sentAt ?? null, s.sendAfter ?? null],
    );
  }

  /** Messages a dead process left `sending`: failed, never repeated. */
  async abandonSending(): Promise<number> {
    const rows = await this.rows(
      `UPDATE messages SET status = 'failed', reason = 'Interrupted while sending; not repeated so the family is not messaged twice' WHERE school_id = $1 AND status = 'sending' RETURNING id`,
      [this.schoolId],
    );
    return rows.length;
  }

  /** A delivery report: the message with the provider's id in this school moves on (never back from delivered). */
  async deliveryReport(provider: string, providerMessageId: string, status: 'sent' | 'delivered' | 'failed', reason: string | null, now: Date): Promise<MessageRow | null> {
    return this.one<MessageRow>(
      `UPDATE messages SET status = $4, reason = CASE WHEN $4 = 'failed' THEN $5 ELSE reason END, delivered_at = CASE WHEN $4 = 'delivered' THEN $6::timestamptz ELSE delivered_at END
        WHERE school_id = $1 AND provider = $2 AND provider_message_id = $3 AND status IN ('sent', 'delivered', 'failed')
          AND NOT (status = 'delivered' AND $4 <> 'failed') AND NOT (status = 'failed' AND $4 = 'sent')
        RETURNING ${MSG_COLUMNS}`,
      [this.schoolId, provider, providerMessageId, status, reason, now],
    );
  }

  /** What the month's messages cost (sent, delivered, or being sent). */
  async monthCost(from: Date, to: Date): Promise<number> {
    const row = await this.one<{ paise: string | null }>(
      `SELECT sum(cost_paise)::bigint AS paise FROM messages WHERE school_id = $1 AND status IN ('sending', 'sent', 'delivered') AND coalesce(sent_at, created_at) >= $2 AND coalesce(sent_at, created_at) < $3`,
      [this.schoolId, from, to],
    );
    return Number(row?.paise ?? 0);
  }

  async list(q: { status?: string; event?: string; page: number; pageSize: number }): Promise<{ rows: MessageRow[]; total: number }> {
    const where = `school_id = $1 AND ($2::text IS NULL OR (CASE WHEN status = 'sending' THEN 'queued' ELSE status END) = $2) AND ($3::text IS NULL OR event = $3)`;
    const params = [this.schoolId, q.status ?? null, q.event ?? null];
    const [count] = await this.rows<{ n: string }>(`SELECT count(*) AS n FROM messages WHERE ${where}`, params);
    const rows = await this.rows<MessageRow>(
      `SELECT ${MSG_COLUMNS} FROM messages WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [...params, q.pageSize, (q.page - 1) * q.pageSize],
    );
    return { rows, total: Number(count.n) };
  }

  // ── a guardian's preferences ─────────────────────────────────────────────
  preferences(userId: string): Promise<{ sms: boolean; whatsapp: boolean; email: boolean; language: MessageLanguage } | null> {
    return this.one(`SELECT sms, whatsapp, email, language FROM message_preferences WHERE user_id = $1`, [userId]);
  }

  async putPreferences(userId: string, p: { sms: boolean; whatsapp: boolean; email: boolean; language: MessageLanguage }, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO message_preferences (user_id, sms, whatsapp, email, language, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET sms = $2, whatsapp = $3, email = $4, language = $5, updated_at = $6`,
      [userId, p.sms, p.whatsapp, p.email, p.language, now],
    );
  }

  /** Whether the account is a guardian of any child in any school. */
  async isGuardian(userId: string): Promise<boolean> {
    const row = await this.one(`SELECT 1 AS x FROM student_guardian_users WHERE user_id = $1 LIMIT 1`, [userId]);
    const member = row ?? (await this.one(`SELECT 1 AS x FROM school_members WHERE user_id = $1 AND role = 'guardian' LIMIT 1`, [userId]));
    return !!member;
  }
}
