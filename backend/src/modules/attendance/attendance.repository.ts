import { Injectable } from '@nestjs/common';
import type { AttendanceStatus } from '@vidyalaya/shared/attendance';
import { DataSource } from 'typeorm';
import { classOrderSql, naturalOrderSql } from '../../common/sql/school-order';
import { AUDIT_COLUMNS } from '../../common/workspace/school-writes';
import { Repository } from '../../database/repository';
import { openingStatement, type OpeningStatement } from '../../database/school-bound';

export interface DayRow {
  marked_by: string | null;
  marked_by_name: string | null;
  marked_at: Date;
}
export interface DayEdit {
  studentId: string;
  from: AttendanceStatus | null;
  to: AttendanceStatus | null;
  fromNote: string | null;
  toNote: string | null;
}
/** What a save reads in its transaction (`openDay`). */
export interface OpenDay {
  /** How many of the ids sent are students of the school. */
  known: number;
  /** The ids sent that are not active students of the section, in the order sent. */
  outside: string[];
  day: DayRow | null;
  /** The saver's name as the day and its edits show it. */
  myName: string | null;
  marks: MarkRow[];
  edits: EditRow[];
  roll: StudentRow[];
  noticesOn: boolean;
}
interface OpenDayRow {
  known: number;
  outside: string[];
  marked_by: string | null;
  marked_by_name: string | null;
  marked_at: Date | null;
  my_name: string | null;
  marks: MarkRow[];
  /** The day's newest edits, each naming its editor by id: the names come once each, in `editors`. */
  edits: (Omit<EditRow, 'changed_at' | 'changed_by_name'> & { changed_by: string | null; changed_at: string })[];
  /** The name of each member who edited the day (DAY_EDITORS), by id. */
  editors: Record<string, string>;
  roll: StudentRow[];
  notices_on: boolean;
}
export interface StudentRow {
  id: string;
  admission_number: string;
  first_name: string;
  last_name: string | null;
  roll_number: number | null;
}
export interface MarkRow {
  student_id: string;
  date: string;
  status: AttendanceStatus;
  note: string | null;
}
export interface EditRow {
  student_id: string;
  from_status: AttendanceStatus | null;
  to_status: AttendanceStatus | null;
  changed_by_name: string | null;
  changed_at: Date;
}
export interface TodayRow {
  section_id: string;
  section_name: string;
  class_id: string;
  class_name: string;
  students: number;
  marked_at: Date | null;
  marked_by_name: string | null;
  present: number;
  absent: number;
  late: number;
  half_day: number;
  leave: number;
}
export interface CountRow {
  student_id: string;
  present: number;
  absent: number;
  late: number;
  half_day: number;
  leave: number;
}
export interface SchoolStudentRow extends StudentRow {
  class_id: string | null;
  class_name: string | null;
  section_id: string | null;
  section_name: string | null;
  academic_year: string | null;
  admission_date: string | null;
}
export interface NoticeRecipient {
  student_id: string;
  first_name: string;
  last_name: string | null;
  status: AttendanceStatus | null;
  sent_at: Date | null;
  emails: string[];
}

/** A member's name as the school knows them (their username when the school has none); `u` is users, `sm` school_members. */
const MEMBER_NAME = `coalesce(nullif(sm.name, ''), u.username)`;
const NAME_OF = (alias: string) => `(SELECT ${MEMBER_NAME} FROM users u
  LEFT JOIN school_members sm ON sm.school_id = $1 AND sm.user_id = u.id WHERE u.id = ${alias})`;
/**
 * The name of each member who edited the day ($1 school, $2 section, $3 date), as rows (id, name): the
 * history joins it, looking each editor up once rather than once for each of its up to 500 rows.
 */
const DAY_EDITORS = `(SELECT u.id, ${MEMBER_NAME} AS name FROM users u LEFT JOIN school_members sm ON sm.school_id = $1 AND sm.user_id = u.id
  WHERE u.id IN (SELECT changed_by FROM attendance_edits WHERE school_id = $1 AND section_id = $2 AND date = $3))`;

/** Every query on the attendance tables. The school is the bound one (`this.schoolId`). */
@Injectable()
export class AttendanceRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** The active students of a section, by roll number then name. */
  studentsOf(sectionId: string): Promise<StudentRow[]> {
    return this.rows<StudentRow>(
      `SELECT id, admission_number, first_name, last_name, roll_number FROM students
        WHERE school_id = $1 AND section_id = $2 AND status = 'active'
        ORDER BY roll_number NULLS LAST, lower(first_name), lower(coalesce(last_name, '')), id`,
      [this.schoolId, sectionId],
    );
  }

  /** Students with marks in the section between the dates who are not (or no longer) on its roll. */
  formerStudents(sectionId: string, from: string, to: string): Promise<StudentRow[]> {
    return this.rows<StudentRow>(
      `SELECT st.id, st.admission_number, st.first_name, st.last_name, st.roll_number FROM students st
        WHERE st.school_id = $1 AND (st.section_id IS DISTINCT FROM $2 OR st.status <> 'active')
          AND EXISTS (SELECT 1 FROM attendance_marks am WHERE am.school_id = $1 AND am.section_id = $2 AND am.student_id = st.id AND am.date BETWEEN $3 AND $4)
        ORDER BY st.roll_number NULLS LAST, lower(st.first_name), st.id`,
      [this.schoolId, sectionId, from, to],
    );
  }

  /**
   * Serializes saves of one section (two first saves of a day cannot both pass the `basedOn` check).
   * NO KEY UPDATE: enough to order the section's saves, without blocking the foreign-key checks of
   * rows that point at the section (its students, its marks) in other transactions. Its own statement,
   * before `openDay`: a statement that waited for the lock would read from a snapshot taken before it.
   * The save's transaction opens with it (SchoolWrites.run's `first`): sent with the transaction's
   * start, one exchange fewer (issue 37 item 5).
   */
  lockSection(sectionId: string): OpeningStatement {
    return openingStatement(`SELECT id FROM sections WHERE school_id = $1 AND id = $2 FOR NO KEY UPDATE`, this.schoolId, sectionId.toLowerCase());
  }

  /**
   * Everything a save reads, in one statement (inside its transaction, after `lockSection`): how many
   * of `ids` are students of the school, which of them are not active students of the section (in
   * `ids` order), the day as saved so far (who, when, its marks and its newest 500 edits, as `edits`
   * answers them), the section's roll (as `studentsOf`), the saver's name and whether absence notices
   * are on.
   */
  async openDay(sectionId: string, date: string, ids: string[], userId: string): Promise<OpenDay> {
    const row = await this.one<OpenDayRow>(
      `SELECT (SELECT count(*)::int FROM students st WHERE st.school_id = $1 AND st.id = ANY($4::uuid[])) AS known,
              (SELECT coalesce(array_agg(x.id ORDER BY x.k), '{}')::text[] FROM unnest($4::uuid[]) WITH ORDINALITY AS x(id, k)
                WHERE NOT EXISTS (SELECT 1 FROM students st WHERE st.school_id = $1 AND st.id = x.id AND st.section_id = $2 AND st.status = 'active')) AS outside,
              d.marked_by, ${NAME_OF('d.marked_by')} AS marked_by_name, d.marked_at, ${NAME_OF('$5::uuid')} AS my_name,
              (SELECT coalesce(json_agg(json_build_object('student_id', am.student_id, 'date', to_char(am.date, 'YYYY-MM-DD'), 'status', am.status, 'note', am.note)), '[]')
                 FROM attendance_marks am WHERE am.school_id = $1 AND am.section_id = $2 AND am.date = $3) AS marks,
              (SELECT coalesce(json_agg(json_build_object('student_id', e.student_id, 'from_status', e.from_status, 'to_status', e.to_status, 'changed_by', e.changed_by,
                                                          'changed_at', to_char(e.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY e.changed_at DESC, e.student_id), '[]')
                 FROM (SELECT e.student_id, e.from_status, e.to_status, e.changed_by, e.changed_at
                         FROM attendance_edits e WHERE e.school_id = $1 AND e.section_id = $2 AND e.date = $3
                        ORDER BY e.changed_at DESC, e.student_id LIMIT 500) e) AS edits,
              (SELECT coalesce(json_object_agg(n.id, n.name), '{}') FROM ${DAY_EDITORS} n) AS editors,
              (SELECT coalesce(json_agg(json_build_object('id', st.id, 'admission_number', st.admission_number, 'first_name', st.first_name, 'last_name', st.last_name,
                                                          'roll_number', st.roll_number) ORDER BY st.roll_number NULLS LAST, lower(st.first_name), lower(coalesce(st.last_name, '')), st.id), '[]')
                 FROM students st WHERE st.school_id = $1 AND st.section_id = $2 AND st.status = 'active') AS roll,
              coalesce((SELECT s.absence_notices FROM attendance_settings s WHERE s.school_id = $1), true) AS notices_on
         FROM (SELECT 1) one LEFT JOIN attendance_days d ON d.school_id = $1 AND d.section_id = $2 AND d.date = $3`,
      [this.schoolId, sectionId, date, ids, userId],
    );
    const r = row!;
    return {
      known: r.known,
      outside: r.outside,
      day: r.marked_at ? { marked_by: r.marked_by, marked_by_name: r.marked_by_name, marked_at: r.marked_at } : null,
      myName: r.my_name,
      marks: r.marks,
      edits: r.edits.map((e) => ({
        student_id: e.student_id,
        from_status: e.from_status,
        to_status: e.to_status,
        changed_by_name: e.changed_by ? (r.editors[e.changed_by] ?? null) : null,
        changed_at: new Date(e.changed_at),
      })),
      roll: r.roll,
      noticesOn: r.notices_on,
    };
  }

  day(sectionId: string, date: string, lock = false): Promise<DayRow | null> {
    return this.one<DayRow>(
      `SELECT d.marked_by, ${NAME_OF('d.marked_by')} AS marked_by_name, d.marked_at
         FROM attendance_days d WHERE d.school_id = $1 AND d.section_id = $2 AND d.date = $3${lock ? ' FOR UPDATE' : ''}`,
      [this.schoolId, sectionId, date],
    );
  }

  marks(sectionId: string, from: string, to: string): Promise<MarkRow[]> {
    return this.rows<MarkRow>(
      `SELECT student_id, to_char(date, 'YYYY-MM-DD') AS date, status, note FROM attendance_marks
        WHERE school_id = $1 AND section_id = $2 AND date BETWEEN $3 AND $4`,
      [this.schoolId, sectionId, from, to],
    );
  }

  markedDays(sectionId: string, from: string, to: string): Promise<string[]> {
    return this.rows<{ d: string }>(
      `SELECT to_char(date, 'YYYY-MM-DD') AS d FROM attendance_days WHERE school_id = $1 AND section_id = $2 AND date BETWEEN $3 AND $4 ORDER BY date`,
      [this.schoolId, sectionId, from, to],
    ).then((r) => r.map((x) => x.d));
  }

  /** Each section's first marked day on or after `from` (when the school began keeping its register there). */
  async firstMarked(sectionIds: string[], from: string): Promise<Map<string, string>> {
    if (sectionIds.length === 0) return new Map();
    const rows = await this.rows<{ section_id: string; d: string }>(
      `SELECT section_id, to_char(min(date), 'YYYY-MM-DD') AS d FROM attendance_days
        WHERE school_id = $1 AND section_id = ANY($2::uuid[]) AND date >= $3 GROUP BY section_id`,
      [this.schoolId, sectionIds, from],
    );
    return new Map(rows.map((r) => [r.section_id, r.d]));
  }

  edits(sectionId: string, date: string): Promise<EditRow[]> {
    return this.rows<EditRow>(
      `SELECT e.student_id, e.from_status, e.to_status, n.name AS changed_by_name, e.changed_at
         FROM (SELECT student_id, from_status, to_status, changed_by, changed_at FROM attendance_edits
                WHERE school_id = $1 AND section_id = $2 AND date = $3 ORDER BY changed_at DESC, student_id LIMIT 500) e
         LEFT JOIN ${DAY_EDITORS} n ON n.id = e.changed_by
        ORDER BY e.changed_at DESC, e.student_id`,
      [this.schoolId, sectionId, date],
    );
  }

  /**
   * Writes a section's day in one statement: the day's row (who saved it, when; the first saver
   * kept), the marks upserted (a mark that did not change is not rewritten, so the insights triggers
   * recount only the children whose mark changed), the marks of children no longer sent removed, the
   * edits logged, and the save's audit entry (`audit`: SchoolTx.auditRow's values), so the transaction
   * holds the embedded database for one exchange fewer (issue 37 item 5). Answers the rows written.
   */
  async writeDay(
    sectionId: string,
    date: string,
    marks: { studentId: string; status: AttendanceStatus; note: string | null }[],
    edits: DayEdit[],
    userId: string,
    now: Date,
    audit: unknown[],
  ): Promise<{ days: number; marks: number; removed: number; edits: number }> {
    const row = await this.one<{ days: number; marks: number; removed: number; edits: number }>(
      `WITH day AS (
         INSERT INTO attendance_days (school_id, section_id, date, marked_by, marked_at, first_marked_by, first_marked_at)
         VALUES ($1, $2, $3, $4, $5, $4, $5)
         ON CONFLICT (school_id, section_id, date) DO UPDATE SET marked_by = EXCLUDED.marked_by, marked_at = EXCLUDED.marked_at
         RETURNING 1
       ), removed AS (
         DELETE FROM attendance_marks am WHERE am.school_id = $1 AND am.section_id = $2 AND am.date = $3 AND am.student_id <> ALL($6::uuid[])
         RETURNING 1
       ), marks AS (
         INSERT INTO attendance_marks AS am (school_id, section_id, date, student_id, status, note)
         SELECT $1, $2, $3, x.student_id, x.status, x.note FROM unnest($6::uuid[], $7::text[], $8::text[]) AS x(student_id, status, note)
         ON CONFLICT (school_id, section_id, date, student_id) DO UPDATE SET status = EXCLUDED.status, note = EXCLUDED.note
          WHERE (am.status, am.note) IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.note)
         RETURNING 1
       ), edits AS (
         INSERT INTO attendance_edits (school_id, section_id, date, student_id, from_status, to_status, from_note, to_note, changed_by, changed_at)
         SELECT $1, $2, $3, x.s, x.f, x.t, x.fn, x.tn, $4, $5 FROM unnest($9::uuid[], $10::text[], $11::text[], $12::text[], $13::text[]) AS x(s, f, t, fn, tn)
         RETURNING 1
       ), logged AS (
         INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($14::uuid, $15::timestamptz, $16::uuid, $17::varchar, $18::varchar, $19::text, $20::jsonb, $21::jsonb)
       )
       SELECT (SELECT count(*) FROM day)::int AS days, (SELECT count(*) FROM marks)::int AS marks,
              (SELECT count(*) FROM removed)::int AS removed, (SELECT count(*) FROM edits)::int AS edits`,
      [
        this.schoolId,
        sectionId,
        date,
        userId,
        now,
        marks.map((m) => m.studentId),
        marks.map((m) => m.status),
        marks.map((m) => m.note),
        edits.map((e) => e.studentId),
        edits.map((e) => e.from),
        edits.map((e) => e.to),
        edits.map((e) => e.fromNote),
        edits.map((e) => e.toNote),
        ...audit,
      ],
    );
    return row!;
  }

  /** Inserts a notice row for each child without one that day; answers the children newly noticed. */
  async claimNotices(date: string, studentIds: string[], now: Date): Promise<string[]> {
    if (studentIds.length === 0) return [];
    const rows = await this.rows<{ student_id: string }>(
      `INSERT INTO attendance_notices (school_id, student_id, date, created_at) SELECT $1, x, $3, $4 FROM unnest($2::uuid[]) AS x
       ON CONFLICT (school_id, student_id, date) DO NOTHING RETURNING student_id`,
      [this.schoolId, studentIds, date, now],
    );
    return rows.map((r) => r.student_id);
  }

  async setNoticeJob(date: string, studentIds: string[], jobId: string): Promise<void> {
    await this.m.query(`UPDATE attendance_notices SET job_id = $4 WHERE school_id = $1 AND date = $2 AND student_id = ANY($3::uuid[])`, [this.schoolId, date, studentIds, jobId]);
  }

  /** The children of a notice job with their status that day (in any section), whether already sent, and their guardians' e-mails. */
  noticeRecipients(date: string, studentIds: string[]): Promise<NoticeRecipient[]> {
    return this.rows<NoticeRecipient>(
      `SELECT st.id AS student_id, st.first_name, st.last_name,
              (SELECT am.status FROM attendance_marks am WHERE am.school_id = $1 AND am.student_id = st.id AND am.date = $2 LIMIT 1) AS status,
              n.sent_at,
              coalesce((SELECT array_agg(DISTINCT lower(g.email)) FROM student_guardians g
                         WHERE g.school_id = $1 AND g.student_id = st.id AND g.email IS NOT NULL AND g.email <> ''), '{}')::text[] AS emails
         FROM students st JOIN attendance_notices n ON n.school_id = st.school_id AND n.student_id = st.id AND n.date = $2
        WHERE st.school_id = $1 AND st.id = ANY($3::uuid[])`,
      [this.schoolId, date, studentIds],
    );
  }

  async markNoticeSent(date: string, studentId: string, recipients: number, now: Date): Promise<void> {
    await this.m.query(`UPDATE attendance_notices SET sent_at = $4, recipients = $5 WHERE school_id = $1 AND student_id = $2 AND date = $3`, [
      this.schoolId,
      studentId,
      date,
      now,
      recipients,
    ]);
  }

  schoolName(): Promise<{ name: string } | null> {
    return this.one<{ name: string }>(`SELECT name FROM schools WHERE id = $1`, [this.schoolId]);
  }

  async noticesOn(): Promise<boolean> {
    const row = await this.one<{ absence_notices: boolean }>(`SELECT absence_notices FROM attendance_settings WHERE school_id = $1`, [this.schoolId]);
    return row?.absence_notices ?? true;
  }

  async setNotices(on: boolean, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO attendance_settings (school_id, absence_notices, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (school_id) DO UPDATE SET absence_notices = EXCLUDED.absence_notices, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, on, now],
    );
  }

  /** Every section of the school's classes of `academicYear` with the day's counts. */
  today(date: string, academicYear: string): Promise<TodayRow[]> {
    return this.rows<TodayRow>(
      `SELECT se.id AS section_id, se.name AS section_name, c.id AS class_id, c.name AS class_name,
              (SELECT count(*)::int FROM students st WHERE st.school_id = $1 AND st.section_id = se.id AND st.status = 'active') AS students,
              d.marked_at, ${NAME_OF('d.marked_by')} AS marked_by_name,
              coalesce(k.present, 0) AS present, coalesce(k.absent, 0) AS absent, coalesce(k.late, 0) AS late,
              coalesce(k.half_day, 0) AS half_day, coalesce(k.leave, 0) AS leave
         FROM sections se JOIN classes c ON c.id = se.class_id
         LEFT JOIN attendance_days d ON d.school_id = $1 AND d.section_id = se.id AND d.date = $2
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE status = 'present')::int AS present, count(*) FILTER (WHERE status = 'absent')::int AS absent,
                  count(*) FILTER (WHERE status = 'late')::int AS late, count(*) FILTER (WHERE status = 'half_day')::int AS half_day,
                  count(*) FILTER (WHERE status = 'leave')::int AS leave
             FROM attendance_marks am WHERE am.school_id = $1 AND am.section_id = se.id AND am.date = $2) k ON d.date IS NOT NULL
        WHERE se.school_id = $1 AND c.academic_year = $3
        ORDER BY ${classOrderSql('c.name')}, ${naturalOrderSql('se.name')}, se.id`,
      [this.schoolId, date, academicYear],
    );
  }

  /** The academic years (names) of the school's classes, newest first. */
  async years(): Promise<string[]> {
    const rows = await this.rows<{ y: string }>(`SELECT DISTINCT academic_year AS y FROM classes WHERE school_id = $1 ORDER BY y DESC`, [this.schoolId]);
    return rows.map((r) => r.y);
  }

  /** Each student's counts by status on the given days (the working days), optionally for some students. */
  counts(days: string[], studentIds?: string[]): Promise<CountRow[]> {
    return this.rows<CountRow>(
      `SELECT student_id, count(*) FILTER (WHERE status = 'present')::int AS present, count(*) FILTER (WHERE status = 'absent')::int AS absent,
              count(*) FILTER (WHERE status = 'late')::int AS late, count(*) FILTER (WHERE status = 'half_day')::int AS half_day,
              count(*) FILTER (WHERE status = 'leave')::int AS leave
         FROM attendance_marks WHERE school_id = $1 AND date = ANY($2::date[]) AND ($3::uuid[] IS NULL OR student_id = ANY($3::uuid[]))
        GROUP BY student_id`,
      [this.schoolId, days, studentIds ?? null],
    );
  }

  /** Like `counts`, each student counted only on the days from their own `from` (the later of their section's first register day and their admission). */
  countsSince(days: string[], students: { id: string; from: string }[]): Promise<CountRow[]> {
    return this.rows<CountRow>(
      `SELECT m.student_id, count(*) FILTER (WHERE m.status = 'present')::int AS present, count(*) FILTER (WHERE m.status = 'absent')::int AS absent,
              count(*) FILTER (WHERE m.status = 'late')::int AS late, count(*) FILTER (WHERE m.status = 'half_day')::int AS half_day,
              count(*) FILTER (WHERE m.status = 'leave')::int AS leave
         FROM attendance_marks m JOIN unnest($3::uuid[], $4::date[]) AS x(id, since) ON m.student_id = x.id
        WHERE m.school_id = $1 AND m.date = ANY($2::date[]) AND m.date >= x.since
        GROUP BY m.student_id`,
      [this.schoolId, days, students.map((s) => s.id), students.map((s) => s.from)],
    );
  }

  studentMarks(studentId: string, from: string, to: string): Promise<MarkRow[]> {
    return this.rows<MarkRow>(
      `SELECT student_id, to_char(date, 'YYYY-MM-DD') AS date, status, note FROM attendance_marks
        WHERE school_id = $1 AND student_id = $2 AND date BETWEEN $3 AND $4 ORDER BY date`,
      [this.schoolId, studentId, from, to],
    );
  }

  student(studentId: string): Promise<SchoolStudentRow | null> {
    return this.one<SchoolStudentRow>(`${SCHOOL_STUDENTS} AND st.id = $2`, [this.schoolId, studentId]);
  }

  /**
   * A student's class and section in an academic year (by name): their enrolment of that year, or
   * their current class and section when that class is of the year; both null otherwise.
   */
  studentInYear(studentId: string, academicYear: string): Promise<{ class_id: string | null; section_id: string | null; admission_date: string | null } | null> {
    return this.one(
      `SELECT coalesce(e.class_id, c.id) AS class_id, coalesce(e.section_id, CASE WHEN c.id IS NOT NULL THEN st.section_id END) AS section_id,
              to_char(st.admission_date, 'YYYY-MM-DD') AS admission_date
         FROM students st
         LEFT JOIN classes c ON c.school_id = st.school_id AND c.id = st.class_id AND c.academic_year = $3
         LEFT JOIN LATERAL (
           SELECT en.class_id, en.section_id FROM student_enrolments en
             JOIN academic_years y ON y.school_id = en.school_id AND y.id = en.academic_year_id
            WHERE en.school_id = $1 AND en.student_id = st.id AND y.name = $3) e ON true
        WHERE st.school_id = $1 AND st.id = $2`,
      [this.schoolId, studentId, academicYear],
    );
  }

  /** `studentInYear` for many students at once (with their ids). */
  studentsInYear(studentIds: string[], academicYear: string): Promise<{ id: string; class_id: string | null; section_id: string | null; admission_date: string | null }[]> {
    return this.rows(
      `SELECT st.id, coalesce(e.class_id, c.id) AS class_id, coalesce(e.section_id, CASE WHEN c.id IS NOT NULL THEN st.section_id END) AS section_id,
              to_char(st.admission_date, 'YYYY-MM-DD') AS admission_date
         FROM students st
         LEFT JOIN classes c ON c.school_id = st.school_id AND c.id = st.class_id AND c.academic_year = $3
         LEFT JOIN academic_years y ON y.school_id = st.school_id AND y.name = $3
         LEFT JOIN student_enrolments e ON e.school_id = st.school_id AND e.student_id = st.id AND e.academic_year_id = y.id
        WHERE st.school_id = $1 AND st.id = ANY($2::uuid[])`,
      [this.schoolId, studentIds, academicYear],
    );
  }

  activeStudents(): Promise<SchoolStudentRow[]> {
    return this.rows<SchoolStudentRow>(`${SCHOOL_STUDENTS} AND st.status = 'active' ORDER BY ${classOrderSql('c.name')}, ${naturalOrderSql('se.name')}, st.roll_number NULLS LAST, lower(st.first_name)`, [
      this.schoolId,
    ]);
  }
}

const SCHOOL_STUDENTS = `SELECT st.id, st.admission_number, st.first_name, st.last_name, st.roll_number, st.class_id, c.name AS class_name,
       st.section_id, se.name AS section_name, c.academic_year, to_char(st.admission_date, 'YYYY-MM-DD') AS admission_date
  FROM students st LEFT JOIN classes c ON c.school_id = st.school_id AND c.id = st.class_id
  LEFT JOIN sections se ON se.school_id = st.school_id AND se.id = st.section_id
 WHERE st.school_id = $1`;
