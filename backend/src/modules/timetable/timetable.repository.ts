import { Injectable } from '@nestjs/common';
import type { BellSchedule, PutBellSchedulesInput } from '@vidyalaya/shared/timetable';
import { DataSource } from 'typeorm';
import { classOrderSql, naturalOrderSql } from '../../common/sql/school-order';
import { Repository } from '../../database/repository';
import type { SectionWithClass } from '../academics/academics.service';

/** A section with its class, in the academics module's shape (its `sectionsOfYear` list reads the same columns). */
export type SectionRow = SectionWithClass;

export interface SlotRow {
  day: number;
  period: number;
  subject_id: string;
  subject_name: string;
  staff_id: string;
  staff_name: string;
  section_id: string;
  section_name: string;
  class_id: string;
  class_name: string;
}

export interface SubstitutionRow {
  id: string;
  on_date: string;
  period: number;
  section_id: string;
  section_name: string;
  class_name: string;
  subject_id: string;
  subject_name: string;
  absent_staff_id: string;
  absent_staff_name: string;
  substitute_staff_id: string;
  substitute_staff_name: string;
  note: string | null;
  notified_at: Date | null;
}

const SLOT_SELECT = `SELECT ts.day::int AS day, ts.period::int AS period, ts.subject_id, g.name AS subject_name, ts.staff_id, st.name AS staff_name,
       ts.section_id, sec.name AS section_name, c.id AS class_id, c.name AS class_name
  FROM timetable_slots ts
  JOIN global_subjects g ON g.id = ts.subject_id
  JOIN staff st ON st.school_id = ts.school_id AND st.id = ts.staff_id
  JOIN sections sec ON sec.school_id = ts.school_id AND sec.id = ts.section_id
  JOIN classes c ON c.id = sec.class_id`;

const SUBSTITUTION_SELECT = `SELECT su.id, to_char(su.on_date, 'YYYY-MM-DD') AS on_date, su.period::int AS period, su.section_id, sec.name AS section_name,
       c.name AS class_name, su.subject_id, g.name AS subject_name, su.absent_staff_id, ab.name AS absent_staff_name,
       su.substitute_staff_id, sb.name AS substitute_staff_name, su.note, su.notified_at
  FROM substitutions su
  JOIN sections sec ON sec.school_id = su.school_id AND sec.id = su.section_id
  JOIN classes c ON c.id = sec.class_id
  JOIN global_subjects g ON g.id = su.subject_id
  JOIN staff ab ON ab.school_id = su.school_id AND ab.id = su.absent_staff_id
  JOIN staff sb ON sb.school_id = su.school_id AND sb.id = su.substitute_staff_id`;

/** Every query on bell schedules, timetable slots and substitutions. The school is the bound one (`this.schoolId`). */
@Injectable()
export class TimetableRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ── bell schedules ──────────────────────────────────────────────────────
  async bellSchedules(): Promise<{ schedules: BellSchedule[]; dailyLoadLimit: number | null }> {
    const [schedules, settings] = await Promise.all([
      this.rows<BellSchedule>(
        `SELECT id, name, days::int[] AS days, periods, breaks FROM bell_schedules WHERE school_id = $1 ORDER BY position`,
        [this.schoolId],
      ),
      this.one<{ daily_load_limit: number | null }>(`SELECT daily_load_limit FROM timetable_settings WHERE school_id = $1`, [this.schoolId]),
    ]);
    return { schedules, dailyLoadLimit: settings?.daily_load_limit ?? null };
  }

  async replaceBellSchedules(input: PutBellSchedulesInput, now: Date): Promise<void> {
    await this.m.query(`DELETE FROM bell_schedules WHERE school_id = $1`, [this.schoolId]);
    for (const [i, s] of input.schedules.entries()) {
      const periods = [...s.periods].sort((a, b) => a.period - b.period);
      const breaks = [...s.breaks].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      await this.m.query(
        `INSERT INTO bell_schedules (school_id, position, name, days, periods, breaks) VALUES ($1, $2, $3, $4::smallint[], $5::jsonb, $6::jsonb)`,
        [this.schoolId, i, s.name, s.days, JSON.stringify(periods), JSON.stringify(breaks)],
      );
    }
    await this.m.query(
      `INSERT INTO timetable_settings (school_id, daily_load_limit, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (school_id) DO UPDATE SET daily_load_limit = EXCLUDED.daily_load_limit, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, input.dailyLoadLimit, now],
    );
  }

  // ── sections and years ──────────────────────────────────────────────────

  sectionsOfYear(academicYear: string): Promise<SectionRow[]> {
    return this.rows<SectionRow>(
      `SELECT sec.id, sec.name, c.id AS class_id, c.name AS class_name, c.academic_year
         FROM sections sec JOIN classes c ON c.id = sec.class_id WHERE sec.school_id = $1 AND c.academic_year = $2`,
      [this.schoolId, academicYear],
    );
  }

  async currentYear(): Promise<string | null> {
    const row = await this.one<{ name: string }>(`SELECT name FROM academic_years WHERE school_id = $1 AND is_current`, [this.schoolId]);
    return row?.name ?? null;
  }

  /** The academic year a date falls in (the current one when none holds it). */
  async yearOfDate(date: string): Promise<string | null> {
    const row = await this.one<{ name: string }>(
      `SELECT name FROM academic_years WHERE school_id = $1 AND ($2::date BETWEEN starts_on AND ends_on OR is_current)
        ORDER BY ($2::date BETWEEN starts_on AND ends_on) DESC LIMIT 1`,
      [this.schoolId, date],
    );
    return row?.name ?? null;
  }

  /** The subjects a class teaches (issue 33: this read once lacked its school filter). */
  async classSubjects(classId: string): Promise<Set<string>> {
    const rows = await this.rows<{ subject_id: string }>(`SELECT subject_id FROM class_subjects WHERE school_id = $1 AND class_id = $2`, [this.schoolId, classId]);
    return new Set(rows.map((r) => r.subject_id));
  }

  staffStatus(ids: string[]): Promise<{ id: string; name: string; status: string; email: string | null }[]> {
    return this.rows(
      `SELECT st.id, st.name, st.status, COALESCE(st.email, u.email) AS email
         FROM staff st LEFT JOIN users u ON u.id = st.user_id WHERE st.school_id = $1 AND st.id = ANY($2::uuid[])`,
      [this.schoolId, ids],
    );
  }

  /** The teaching assignments of a section: subject → teacher. */
  async assignmentsOf(sectionId: string): Promise<Map<string, string>> {
    const rows = await this.rows<{ subject_id: string; staff_id: string }>(
      `SELECT subject_id, staff_id FROM teaching_assignments WHERE school_id = $1 AND section_id = $2`,
      [this.schoolId, sectionId],
    );
    return new Map(rows.map((r) => [r.subject_id, r.staff_id]));
  }

  // ── slots ───────────────────────────────────────────────────────────────
  /** Transaction-scoped advisory locks, taken in sorted order so two saves never deadlock. */
  async lock(keys: string[]): Promise<void> {
    const sorted = [...new Set(keys)].sort().map((key) => `timetable:${this.schoolId}:${key}`);
    // One round trip: the subquery hands the keys over in order, and each lock is taken as its row is read.
    await this.m.query(`SELECT count(pg_advisory_xact_lock(hashtext(k))) FROM (SELECT k FROM unnest($1::text[]) WITH ORDINALITY AS x(k, i) ORDER BY i) s`, [sorted]);
  }

  sectionSlots(sectionId: string): Promise<SlotRow[]> {
    return this.rows<SlotRow>(`${SLOT_SELECT} WHERE ts.school_id = $1 AND ts.section_id = $2 ORDER BY ts.day, ts.period`, [this.schoolId, sectionId]);
  }

  staffSlots(staffId: string, academicYear: string | null): Promise<SlotRow[]> {
    return this.rows<SlotRow>(
      `${SLOT_SELECT} WHERE ts.school_id = $1 AND ts.staff_id = $2 AND ($3::text IS NULL OR ts.academic_year = $3) ORDER BY ts.day, ts.period`,
      [this.schoolId, staffId, academicYear],
    );
  }

  yearSlots(academicYear: string): Promise<SlotRow[]> {
    return this.rows<SlotRow>(`${SLOT_SELECT} WHERE ts.school_id = $1 AND ts.academic_year = $2 ORDER BY ${classOrderSql('c.name')}, ${naturalOrderSql('sec.name')}, ts.day, ts.period`, [
      this.schoolId,
      academicYear,
    ]);
  }

  /** The teachers' lessons in OTHER sections of the year (for clash and load checks). */
  otherSlotsOf(academicYear: string, sectionId: string, staffIds: string[]): Promise<SlotRow[]> {
    return this.rows<SlotRow>(
      `${SLOT_SELECT} WHERE ts.school_id = $1 AND ts.academic_year = $2 AND ts.section_id <> $3 AND ts.staff_id = ANY($4::uuid[])`,
      [this.schoolId, academicYear, sectionId, staffIds],
    );
  }

  async replaceSectionSlots(
    academicYear: string,
    sectionId: string,
    slots: { day: number; period: number; subjectId: string; teacherId: string }[],
  ): Promise<void> {
    await this.m.query(`DELETE FROM timetable_slots WHERE school_id = $1 AND section_id = $2`, [this.schoolId, sectionId]);
    if (slots.length === 0) return;
    await this.m.query(
      `INSERT INTO timetable_slots (school_id, academic_year, section_id, day, period, subject_id, staff_id)
       SELECT $1, $2, $3, d, p, s, t FROM unnest($4::smallint[], $5::smallint[], $6::uuid[], $7::uuid[]) AS x(d, p, s, t)`,
      [this.schoolId, academicYear, sectionId, slots.map((s) => s.day), slots.map((s) => s.period), slots.map((s) => s.subjectId), slots.map((s) => s.teacherId)],
    );
  }

  // ── substitutions ───────────────────────────────────────────────────────
  /** Active staff with no lesson at (day, period), not substituting then, and not absent that date; their load that day. */
  freeTeachers(
    academicYear: string | null,
    date: string,
    day: number,
    period: number,
  ): Promise<{ id: string; name: string; designation: string | null; subject_ids: string[]; load: number }[]> {
    return this.rows(
      `SELECT st.id, st.name, st.designation, st.subject_ids::text[] AS subject_ids,
              ((SELECT count(*) FROM timetable_slots ts WHERE ts.school_id = st.school_id AND ts.staff_id = st.id AND ts.academic_year = $2 AND ts.day = $4)
             + (SELECT count(*) FROM substitutions su WHERE su.school_id = st.school_id AND su.substitute_staff_id = st.id AND su.on_date = $3::date))::int AS load
         FROM staff st
        WHERE st.school_id = $1 AND st.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM timetable_slots ts WHERE ts.school_id = st.school_id AND ts.staff_id = st.id AND ts.academic_year = $2 AND ts.day = $4 AND ts.period = $5)
          AND NOT EXISTS (SELECT 1 FROM substitutions su WHERE su.school_id = st.school_id AND su.substitute_staff_id = st.id AND su.on_date = $3::date AND su.period = $5)
          AND NOT EXISTS (SELECT 1 FROM substitutions su WHERE su.school_id = st.school_id AND su.absent_staff_id = st.id AND su.on_date = $3::date)
        ORDER BY load, lower(st.name), st.id`,
      [this.schoolId, academicYear, date, day, period],
    );
  }

  substitutionsOn(date: string, ids?: string[]): Promise<SubstitutionRow[]> {
    return this.rows<SubstitutionRow>(
      `${SUBSTITUTION_SELECT} WHERE su.school_id = $1 AND su.on_date = $2::date AND ($3::uuid[] IS NULL OR su.id = ANY($3::uuid[]))
        ORDER BY su.period, ${classOrderSql('c.name')}, ${naturalOrderSql('sec.name')}`,
      [this.schoolId, date, ids ?? null],
    );
  }

  async upsertSubstitution(
    s: { date: string; period: number; sectionId: string; subjectId: string; absentStaffId: string; substituteStaffId: string; note: string | null; createdBy: string; now: Date },
  ): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO substitutions (school_id, on_date, period, section_id, subject_id, absent_staff_id, substitute_staff_id, note, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (school_id, on_date, section_id, period) DO UPDATE
         SET subject_id = EXCLUDED.subject_id, absent_staff_id = EXCLUDED.absent_staff_id, substitute_staff_id = EXCLUDED.substitute_staff_id,
             note = EXCLUDED.note, created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at, notified_at = NULL
       RETURNING id`,
      [this.schoolId, s.date, s.period, s.sectionId, s.subjectId, s.absentStaffId, s.substituteStaffId, s.note, s.createdBy, s.now],
    );
    return row.id;
  }

  staffOfUser(userId: string): Promise<{ id: string; name: string } | null> {
    return this.one(`SELECT id, name FROM staff WHERE school_id = $1 AND user_id = $2`, [this.schoolId, userId]);
  }

  async schoolName(): Promise<string> {
    const row = await this.one<{ name: string }>(`SELECT name FROM schools WHERE id = $1`, [this.schoolId]);
    return row?.name ?? '';
  }

  async markNotified(ids: string[], now: Date): Promise<void> {
    await this.m.query(`UPDATE substitutions SET notified_at = $3 WHERE school_id = $1 AND id = ANY($2::uuid[])`, [this.schoolId, ids, now]);
  }

  async deleteSubstitution(id: string): Promise<SubstitutionRow | null> {
    const [row] = await this.rows<SubstitutionRow>(`${SUBSTITUTION_SELECT} WHERE su.school_id = $1 AND su.id = $2`, [this.schoolId, id]);
    if (!row) return null;
    await this.m.query(`DELETE FROM substitutions WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
    return row;
  }

  /** Is the teacher busy at (date, period): a lesson, another substitution, or absent that day. */
  async busy(academicYear: string | null, date: string, day: number, period: number, staffId: string, exceptSectionId: string): Promise<boolean> {
    const row = await this.one(
      `SELECT 1 WHERE EXISTS (SELECT 1 FROM timetable_slots WHERE school_id = $1 AND academic_year = $2 AND day = $4 AND period = $5 AND staff_id = $6)
          OR EXISTS (SELECT 1 FROM substitutions WHERE school_id = $1 AND on_date = $3::date AND period = $5 AND substitute_staff_id = $6 AND section_id <> $7)
          OR EXISTS (SELECT 1 FROM substitutions WHERE school_id = $1 AND on_date = $3::date AND absent_staff_id = $6)`,
      [this.schoolId, academicYear, date, day, period, staffId, exceptSectionId],
    );
    return row !== null;
  }
}
