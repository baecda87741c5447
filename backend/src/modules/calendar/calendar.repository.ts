import { Injectable } from '@nestjs/common';
import type { CalendarEventKind, CalendarSettings, CreateCalendarEventInput } from '@vidyalaya/shared/calendar';
import { DataSource } from 'typeorm';
import { GUARDIAN_CALENDAR_EVENT_SQL } from '../../common/workspace/access-kinds';
import { Repository } from '../../database/repository';

export interface EventRow {
  id: string;
  title: string;
  kind: CalendarEventKind;
  starts_on: string;
  ends_on: string;
  class_ids: string[];
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An event's stored fields: what a create or an edit writes (the create request's shape). */
export type EventFields = CreateCalendarEventInput;

const EVENT_COLUMNS = `id, title, kind, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
  class_ids::text[] AS class_ids, description, created_at, updated_at`;

/** Every query on `calendar_events` and `calendar_settings`. The school is the bound one (`this.schoolId`). */
@Injectable()
export class CalendarRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  async list(
    f: { from?: string; to?: string; kind?: CalendarEventKind; classId?: string; guardianUserId?: string; classIds?: string[] },
    page: number,
    pageSize: number,
  ): Promise<{ rows: EventRow[]; total: number }> {
    // $6: only the events of these classes (and the whole school's); $7: a guardian's (GUARDIAN_CALENDAR_EVENT_SQL, its `$3` is $7 here).
    const guardian = f.guardianUserId ? ` AND ${GUARDIAN_CALENDAR_EVENT_SQL.replace(/\br\./g, '').replace(/\$3\b/g, '$7')}` : ' AND $7::uuid IS NULL';
    const where = `school_id = $1 AND ($2::date IS NULL OR ends_on >= $2::date) AND ($3::date IS NULL OR starts_on <= $3::date)
       AND ($4::text IS NULL OR kind = $4) AND ($5::uuid IS NULL OR class_ids = '{}' OR $5::uuid = ANY(class_ids))
       AND ($6::uuid[] IS NULL OR class_ids = '{}' OR class_ids && $6::uuid[])${guardian}`;
    const params = [this.schoolId, f.from ?? null, f.to ?? null, f.kind ?? null, f.classId ?? null, f.classIds ?? null, f.guardianUserId ?? null];
    const rows = await this.rows<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE ${where} ORDER BY starts_on, ends_on, title, id LIMIT $8 OFFSET $9`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    const total = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM calendar_events WHERE ${where}`, params);
    return { rows, total: total?.n ?? 0 };
  }

  /** The holidays and vacations touching `from`..`to` (all of them, for the working-day rules). */
  closingBetween(from: string, to: string): Promise<EventRow[]> {
    return this.rows<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM calendar_events
        WHERE school_id = $1 AND kind IN ('holiday', 'vacation') AND ends_on >= $2::date AND starts_on <= $3::date`,
      [this.schoolId, from, to],
    );
  }

  /** Every event for the feed, the newest year and a half of them; with `classId`, the whole school's and that class's only. */
  forFeed(since: string, classId?: string): Promise<EventRow[]> {
    return this.rows<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM calendar_events
        WHERE school_id = $1 AND ends_on >= $2::date AND ($3::uuid IS NULL OR class_ids = '{}' OR $3::uuid = ANY(class_ids))
        ORDER BY starts_on, id LIMIT 5000`,
      [this.schoolId, since, classId ?? null],
    );
  }

  find(id: string, lock = false): Promise<EventRow | null> {
    return this.one<EventRow>(`SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE school_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [this.schoolId, id]);
  }

  async create(e: EventFields, now: Date): Promise<EventRow> {
    const [row] = await this.rows<EventRow>(
      `INSERT INTO calendar_events (school_id, title, kind, starts_on, ends_on, class_ids, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $8) RETURNING ${EVENT_COLUMNS}`,
      [this.schoolId, e.title, e.kind, e.startsOn, e.endsOn, e.classIds, e.description, now],
    );
    return row;
  }

  async update(id: string, e: EventFields, now: Date): Promise<EventRow> {
    const [row] = await this.rows<EventRow>(
      `UPDATE calendar_events SET title = $3, kind = $4, starts_on = $5, ends_on = $6, class_ids = $7::uuid[], description = $8, updated_at = $9
        WHERE school_id = $1 AND id = $2 RETURNING ${EVENT_COLUMNS}`,
      [this.schoolId, id, e.title, e.kind, e.startsOn, e.endsOn, e.classIds, e.description, now],
    );
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.m.query(`DELETE FROM calendar_events WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }

  // ── settings and the feed ───────────────────────────────────────────────
  async settings(): Promise<(CalendarSettings & { feedCreatedAt: Date | null }) | null> {
    const row = await this.one<{ sunday_holiday: boolean; saturdays_off: number[]; feed_created_at: Date | null }>(
      `SELECT sunday_holiday, saturdays_off::int[] AS saturdays_off, feed_created_at FROM calendar_settings WHERE school_id = $1`,
      [this.schoolId],
    );
    return row ? { sundayHoliday: row.sunday_holiday, saturdaysOff: row.saturdays_off, feedCreatedAt: row.feed_created_at } : null;
  }

  async saveSettings(s: CalendarSettings, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO calendar_settings (school_id, sunday_holiday, saturdays_off, updated_at) VALUES ($1, $2, $3::smallint[], $4)
       ON CONFLICT (school_id) DO UPDATE SET sunday_holiday = EXCLUDED.sunday_holiday, saturdays_off = EXCLUDED.saturdays_off, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, s.sundayHoliday, s.saturdaysOff, now],
    );
  }

  async setFeedToken(hash: Buffer, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO calendar_settings (school_id, feed_token_hash, feed_created_at, updated_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (school_id) DO UPDATE SET feed_token_hash = EXCLUDED.feed_token_hash, feed_created_at = EXCLUDED.feed_created_at, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, hash, now],
    );
  }

  /** The school a feed token belongs to (its name and subdomain), or null. */
  schoolOfFeed(hash: Buffer): Promise<{ name: string; subdomain: string } | null> {
    return this.one<{ name: string; subdomain: string }>(
      `SELECT s.name, s.subdomain FROM calendar_settings c JOIN schools s ON s.id = c.school_id
        WHERE c.school_id = $1 AND c.feed_token_hash = $2`,
      [this.schoolId, hash],
    );
  }

  schoolOf(): Promise<{ name: string; subdomain: string } | null> {
    return this.one<{ name: string; subdomain: string }>(`SELECT name, subdomain FROM schools WHERE id = $1`, [this.schoolId]);
  }
}
