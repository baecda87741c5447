import { Injectable } from '@nestjs/common';
import type { EmailStatus, NoticeAudience } from '@vidyalaya/shared/notices';
import { DataSource } from 'typeorm';
import { GUARDIAN_NOTICE_SQL } from '../../common/workspace/access-kinds';
import { classOrderSql, naturalOrderSql } from '../../common/sql/school-order';
import { Repository } from '../../database/repository';

export interface NoticeRow {
  id: string;
  title: string;
  body: string;
  audience: NoticeAudience;
  class_ids: string[];
  section_ids: string[];
  target_names: string[];
  send_email: boolean;
  attachment_name: string | null;
  attachment_bytes: number | null;
  published_at: Date | null;
  created_by: string | null;
  created_at: Date;
  read_at: Date | null;
  recipients?: number;
  read_count?: number;
  emailed?: number;
  email_failed?: number;
  email_pending?: number;
}

export interface RecipientRow {
  user_id: string;
  name: string | null;
  username: string;
  role: string;
  email: string;
  email_status: EmailStatus;
  emailed_at: Date | null;
  read_at: Date | null;
}

/**
 * Who is reading: those who manage notices see every one (drafts too) with delivery figures; a
 * guardian the notices for them (docs/guardians.md "Notices"); other staff the whole school's and staff's.
 */
export type NoticeViewer = { kind: 'manager'; userId: string } | { kind: 'guardian'; userId: string } | { kind: 'staff'; userId: string };

/** SQL limiting notices `r` to what the viewer sees (`$1` the school, `$3` the user). */
function visibleSql(viewer: NoticeViewer): string {
  if (viewer.kind === 'manager') return 'true';
  if (viewer.kind === 'guardian') return GUARDIAN_NOTICE_SQL;
  return `r.published_at IS NOT NULL AND r.audience IN ('school', 'staff')`;
}

const NOTICE_COLUMNS = `r.id, r.title, r.body, r.audience, r.class_ids::text[] AS class_ids, r.section_ids::text[] AS section_ids,
  ARRAY(SELECT c.name FROM classes c WHERE c.school_id = r.school_id AND c.id = ANY(r.class_ids) ORDER BY ${classOrderSql('c.name')})
  || ARRAY(SELECT c.name || ' ' || s.name FROM sections s JOIN classes c ON c.id = s.class_id WHERE s.school_id = r.school_id AND s.id = ANY(r.section_ids) ORDER BY ${classOrderSql('c.name')}, ${naturalOrderSql('s.name')}) AS target_names,
  r.send_email, r.attachment_name, r.attachment_bytes, r.published_at, r.created_by, r.created_at,
  (SELECT nr.read_at FROM notice_recipients nr WHERE nr.school_id = r.school_id AND nr.notice_id = r.id AND nr.user_id = $3) AS read_at`;
const DELIVERY_COLUMNS = `,
  (SELECT count(*)::int FROM notice_recipients nr WHERE nr.school_id = r.school_id AND nr.notice_id = r.id) AS recipients,
  (SELECT count(*)::int FROM notice_recipients nr WHERE nr.school_id = r.school_id AND nr.notice_id = r.id AND nr.read_at IS NOT NULL) AS read_count,
  (SELECT count(*)::int FROM notice_recipients nr WHERE nr.school_id = r.school_id AND nr.notice_id = r.id AND nr.email_status = 'sent') AS emailed,
  (SELECT count(*)::int FROM notice_recipients nr WHERE nr.school_id = r.school_id AND nr.notice_id = r.id AND nr.email_status = 'failed') AS email_failed,
  (SELECT count(*)::int FROM notice_recipients nr WHERE nr.school_id = r.school_id AND nr.notice_id = r.id AND nr.email_status = 'pending') AS email_pending`;
const NOTICE_FROM = `notices r`;

/** Every query on `notices` and `notice_recipients`. The school is the bound one (`this.schoolId`). */
@Injectable()
export class NoticesRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  async insert(
    n: { title: string; body: string; audience: NoticeAudience; classIds: string[]; sectionIds: string[]; sendEmail: boolean; by: string; now: Date },
  ): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO notices (school_id, title, body, audience, class_ids, section_ids, send_email, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6::uuid[], $7, $8, $9) RETURNING id`,
      [this.schoolId, n.title, n.body, n.audience, n.classIds, n.sectionIds, n.sendEmail, n.by, n.now],
    );
    return row.id;
  }

  async find(id: string, viewer: NoticeViewer): Promise<NoticeRow | null> {
    const delivery = viewer.kind === 'manager' ? DELIVERY_COLUMNS : '';
    return this.one<NoticeRow>(
      `SELECT ${NOTICE_COLUMNS}${delivery} FROM ${NOTICE_FROM} WHERE r.school_id = $1 AND r.id = $2 AND (${visibleSql(viewer)})`,
      [this.schoolId, id, viewer.userId],
    );
  }

  /** The viewer's notice board: drafts first (managers), then newest published; with the viewer's unread count. */
  async list(viewer: NoticeViewer, q: { unreadOnly: boolean; page: number; pageSize: number }): Promise<{ rows: NoticeRow[]; total: number; unread: number }> {
    const delivery = viewer.kind === 'manager' ? DELIVERY_COLUMNS : '';
    const unreadSql = `r.published_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM notice_recipients nr WHERE nr.school_id = r.school_id AND nr.notice_id = r.id AND nr.user_id = $3 AND nr.read_at IS NOT NULL)`;
    const where = `r.school_id = $1 AND ($2::boolean IS NOT TRUE OR ${unreadSql}) AND (${visibleSql(viewer)})`;
    const rows = await this.rows<NoticeRow>(
      `SELECT ${NOTICE_COLUMNS}${delivery} FROM ${NOTICE_FROM} WHERE ${where}
        ORDER BY r.published_at DESC NULLS FIRST, r.created_at DESC, r.id LIMIT $4 OFFSET $5`,
      [this.schoolId, q.unreadOnly, viewer.userId, q.pageSize, (q.page - 1) * q.pageSize],
    );
    const counts = await this.one<{ total: number; unread: number }>(
      `SELECT count(*) FILTER (WHERE $2::boolean IS NOT TRUE OR ${unreadSql})::int AS total, count(*) FILTER (WHERE ${unreadSql})::int AS unread
         FROM notices r WHERE r.school_id = $1 AND (${visibleSql(viewer)})`,
      [this.schoolId, q.unreadOnly, viewer.userId],
    );
    return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
  }

  /** Locks the notice's row in a transaction and answers whether it is published (null when missing). */
  async lockState(id: string): Promise<{ published: boolean; send_email: boolean } | null> {
    return this.one<{ published: boolean; send_email: boolean }>(
      `SELECT published_at IS NOT NULL AS published, send_email FROM notices WHERE school_id = $1 AND id = $2 FOR UPDATE`,
      [this.schoolId, id],
    );
  }

  async setAttachment(id: string, name: string, bytes: Buffer): Promise<void> {
    await this.m.query(`UPDATE notices SET attachment = $3, attachment_name = $4, attachment_bytes = $5 WHERE school_id = $1 AND id = $2`, [
      this.schoolId,
      id,
      bytes,
      name,
      bytes.length,
    ]);
  }

  async attachment(id: string): Promise<{ name: string; bytes: Buffer } | null> {
    const row = await this.one<{ attachment_name: string | null; attachment: Buffer | null }>(
      `SELECT attachment_name, attachment FROM notices WHERE school_id = $1 AND id = $2`,
      [this.schoolId, id],
    );
    return row?.attachment && row.attachment_name ? { name: row.attachment_name, bytes: row.attachment } : null;
  }

  async remove(id: string): Promise<void> {
    await this.m.query(`DELETE FROM notices WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }

  /**
   * Publishes: stamps the time and makes one recipient row per member the audience reaches
   * (their e-mail `pending` when the notice is e-mailed). Answers how many recipients and e-mails.
   */
  async publish(id: string, now: Date): Promise<{ recipients: number; emails: number }> {
    await this.m.query(`UPDATE notices SET published_at = $3 WHERE school_id = $1 AND id = $2`, [this.schoolId, id, now]);
    const rows = await this.rows<{ email_status: EmailStatus }>(
      `INSERT INTO notice_recipients (school_id, notice_id, user_id, email, email_status)
       SELECT n.school_id, n.id, m.user_id, u.email, CASE WHEN n.send_email AND u.email IS NOT NULL THEN 'pending' ELSE 'none' END
         FROM notices n
         JOIN school_members m ON m.school_id = n.school_id
         JOIN users u ON u.id = m.user_id
        WHERE n.school_id = $1 AND n.id = $2
          AND CASE n.audience
                WHEN 'school' THEN true
                WHEN 'staff' THEN m.role <> 'guardian'
                WHEN 'guardians' THEN m.role = 'guardian'
                WHEN 'classes' THEN m.role = 'guardian' AND EXISTS (
                  SELECT 1 FROM student_guardian_users gu JOIN students st ON st.school_id = gu.school_id AND st.id = gu.student_id
                   WHERE gu.school_id = n.school_id AND gu.user_id = m.user_id AND st.status = 'active' AND st.class_id = ANY(n.class_ids))
                WHEN 'sections' THEN m.role = 'guardian' AND EXISTS (
                  SELECT 1 FROM student_guardian_users gu JOIN students st ON st.school_id = gu.school_id AND st.id = gu.student_id
                   WHERE gu.school_id = n.school_id AND gu.user_id = m.user_id AND st.status = 'active' AND st.section_id = ANY(n.section_ids))
                ELSE false
              END
       ON CONFLICT (school_id, notice_id, user_id) DO NOTHING
       RETURNING email_status`,
      [this.schoolId, id],
    );
    return { recipients: rows.length, emails: rows.filter((r) => r.email_status === 'pending').length };
  }

  /** The caller's read receipt (a row is made for a reader the notice did not list, e.g. a guardian linked later). */
  async markRead(id: string, userId: string, now: Date): Promise<{ readAt: Date; first: boolean }> {
    const [row] = await this.rows<{ read_at: Date; first: boolean }>(
      `INSERT INTO notice_recipients AS nr (school_id, notice_id, user_id, read_at) VALUES ($1, $2, $3, $4::timestamptz)
       ON CONFLICT (school_id, notice_id, user_id) DO UPDATE SET read_at = coalesce(nr.read_at, EXCLUDED.read_at)
       RETURNING nr.read_at, (nr.read_at = $4::timestamptz) AS first`,
      [this.schoolId, id, userId, now],
    );
    return { readAt: row.read_at, first: row.first };
  }

  async recipients(id: string, page: number, pageSize: number): Promise<{ rows: RecipientRow[]; total: number }> {
    const rows = await this.rows<RecipientRow & { total: number }>(
      `SELECT nr.user_id, m.name, u.username, coalesce(m.role, '') AS role, coalesce(nr.email, u.email) AS email, nr.email_status, nr.emailed_at, nr.read_at,
              count(*) OVER ()::int AS total
         FROM notice_recipients nr JOIN users u ON u.id = nr.user_id
         LEFT JOIN school_members m ON m.school_id = nr.school_id AND m.user_id = nr.user_id
        WHERE nr.school_id = $1 AND nr.notice_id = $2
        ORDER BY lower(coalesce(m.name, u.username)), nr.user_id LIMIT $3 OFFSET $4`,
      [this.schoolId, id, pageSize, (page - 1) * pageSize],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  // ── the e-mail job ──────────────────────────────────────────────────────
  /** A notice's next e-mails to send (pending), with what they say. */
  pendingEmails(id: string, limit: number): Promise<{ user_id: string; email: string; name: string | null }[]> {
    return this.rows(
      `SELECT nr.user_id, nr.email, m.name FROM notice_recipients nr
         LEFT JOIN school_members m ON m.school_id = nr.school_id AND m.user_id = nr.user_id
        WHERE nr.school_id = $1 AND nr.notice_id = $2 AND nr.email_status = 'pending' ORDER BY nr.user_id LIMIT $3`,
      [this.schoolId, id, limit],
    );
  }

  /** What the notice's e-mail says, with its PDF (if any) to attach. */
  mailContent(
    id: string,
  ): Promise<{ title: string; body: string; school_name: string; subdomain: string; attachment: Buffer | null; attachment_name: string | null } | null> {
    return this.one(
      `SELECT n.title, n.body, s.name AS school_name, s.subdomain, n.attachment, n.attachment_name
         FROM notices n JOIN schools s ON s.id = n.school_id WHERE n.school_id = $1 AND n.id = $2`,
      [this.schoolId, id],
    );
  }

  async setEmailStatus(id: string, userId: string, status: 'sent' | 'failed', error: string | null, now: Date): Promise<void> {
    await this.m.query(
      `UPDATE notice_recipients SET email_status = $4::varchar, email_error = $5::varchar, emailed_at = CASE WHEN $4::varchar = 'sent' THEN $6::timestamptz END
        WHERE school_id = $1 AND notice_id = $2 AND user_id = $3`,
      [this.schoolId, id, userId, status, error, now],
    );
  }
}
