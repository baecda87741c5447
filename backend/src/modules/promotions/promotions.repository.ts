import { Injectable } from '@nestjs/common';
import type { PromotionDecision, PromotionFlag, PromotionResult, PromotionStatus } from '@vidyalaya/shared/promotions';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface PromotionRow {
  id: string;
  from_year: string;
  to_year: string;
  status: PromotionStatus;
  fee_increase_percent: string | null;
  renumber_rolls: boolean | null;
  copy_timetable: boolean | null;
  job_id: string | null;
  created: PromotionCreated | null;
  result: PromotionResult | null;
  applied_at: Date | null;
  reverted_at: Date | null;
  created_at: Date;
}

/** What the apply job made (the undo removes exactly this). */
export interface PromotionCreated {
  yearId: string | null;
  classIds: string[];
  /** Apply made `toYear` current; the undo makes this year (its id, null: none) current again. */
  madeCurrent?: boolean;
  previousCurrentYearId?: string | null;
  /** The timetable rows copied into sections the promotion did not create (those of its own classes go with them). */
  timetable?: { slotSections: string[]; assignments: [string, string][]; classTeachers: string[] };
}

export interface LineRow {
  student_id: string;
  first_name: string;
  last_name: string | null;
  admission_number: string;
  gender: 'male' | 'female' | 'other';
  rte: boolean;
  admission_date: string | null;
  from_class_id: string;
  from_section_id: string;
  roll_number: number | null;
  attendance_percent: string | null;
  result: 'pass' | 'fail' | null;
  result_grade: string | null;
  decision: PromotionDecision;
  target_class_name: string | null;
  target_section_name: string | null;
  reason: string | null;
  flags: PromotionFlag[];
  applied: boolean;
  enrolled: boolean;
  skipped: boolean;
  previous: PreviousPlacement | null;
  already_enrolled: boolean;
}

/** A student's row before apply changed it (the undo puts it back). */
export interface PreviousPlacement {
  academic_year_id: string | null;
  class_id: string | null;
  section_id: string | null;
  roll_number: number | null;
  status: string;
  left_on: string | null;
  leaving_reason: string | null;
}

export interface YearRow {
  id: string;
  name: string;
  starts_on: string;
  ends_on: string;
  is_current: boolean;
}
export interface ClassRow {
  id: string;
  name: string;
}
export interface SectionRow {
  id: string;
  class_id: string;
  name: string;
}

export interface NewLine {
  student_id: string;
  from_class_id: string;
  from_section_id: string;
  roll_number: number | null;
  attendance_percent: number | null;
  result: 'pass' | 'fail' | null;
  result_grade: string | null;
  decision: PromotionDecision;
  target_class_name: string | null;
  target_section_name: string | null;
  flags: PromotionFlag[];
}

const PROMOTION_COLUMNS = `id, from_year, to_year, status, fee_increase_percent, renumber_rolls, copy_timetable, job_id, created, result, applied_at, reverted_at, created_at`;

/**
 * Every query of the promotions module: its own tables, and the year-end writes on the school's
 * years, classes, sections, class subjects, students and enrolments that apply and undo make in
 * the promotion's transactions (the year's reads: the closing year's students, their final
 * results from the published report cards). The school is the bound one (`this.schoolId`).
 */
@Injectable()
export class PromotionsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ── promotions ─────────────────────────────────────────────────────────
  find(id: string, lock = false): Promise<PromotionRow | null> {
    return this.one<PromotionRow>(`SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE school_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [this.schoolId, id]);
  }

  list(): Promise<PromotionRow[]> {
    return this.rows<PromotionRow>(`SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE school_id = $1 ORDER BY from_year DESC`, [this.schoolId]);
  }

  async exists(fromYear: string, toYear: string): Promise<boolean> {
    return !!(await this.one(`SELECT 1 FROM promotions WHERE school_id = $1 AND from_year = $2 AND to_year = $3`, [this.schoolId, fromYear, toYear]));
  }

  async insert(p: { fromYear: string; toYear: string; createdBy: string; now: Date }, lines: NewLine[]): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO promotions (school_id, from_year, to_year, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [this.schoolId, p.fromYear, p.toYear, p.createdBy, p.now],
    );
    if (lines.length > 0) {
      await this.m.query(
        `INSERT INTO promotion_lines (school_id, promotion_id, student_id, from_class_id, from_section_id, roll_number, attendance_percent, result,
                                      result_grade, decision, target_class_name, target_section_name, flags)
         SELECT $1, $2, x.student_id, x.from_class_id, x.from_section_id, x.roll_number, x.attendance_percent, x.result, x.result_grade, x.decision,
                x.target_class_name, x.target_section_name, ARRAY(SELECT jsonb_array_elements_text(x.flags))
           FROM jsonb_to_recordset($3::jsonb) AS x(student_id uuid, from_class_id uuid, from_section_id uuid, roll_number int, attendance_percent numeric,
                result text, result_grade text, decision text, target_class_name text, target_section_name text, flags jsonb)`,
        [this.schoolId, row.id, JSON.stringify(lines)],
      );
    }
    return row.id;
  }

  async update(id: string, columns: Partial<Record<'status' | 'fee_increase_percent' | 'renumber_rolls' | 'copy_timetable' | 'job_id' | 'created' | 'result' | 'applied_at' | 'reverted_at', unknown>>, now: Date): Promise<void> {
    const entries = Object.entries(columns).map(([k, v]) => [k, v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v] as const);
    const sets = entries.map(([col], i) => `${col} = $${i + 4}`);
    await this.m.query(`UPDATE promotions SET ${[...sets, 'updated_at = $3'].join(', ')} WHERE school_id = $1 AND id = $2`, [this.schoolId, id, now, ...entries.map(([, v]) => v)]);
  }

  counts(promotionId: string): Promise<{ decision: PromotionDecision; n: number; flagged: number }[]> {
    return this.rows(
      `SELECT decision, count(*)::int AS n, count(*) FILTER (WHERE cardinality(flags) > 0)::int AS flagged
         FROM promotion_lines WHERE school_id = $1 AND promotion_id = $2 GROUP BY decision`,
      [this.schoolId, promotionId],
    );
  }

  /** The lines (of one class, or all), with the student's name and whether they are already enrolled in `toYear`. */
  lines(promotionId: string, toYearId: string | null, classId: string | null = null): Promise<LineRow[]> {
    return this.rows<LineRow>(
      `SELECT l.student_id, st.first_name, st.last_name, st.admission_number, st.gender, st.rte, st.admission_date::text AS admission_date,
              l.from_class_id, l.from_section_id, l.roll_number, l.attendance_percent, l.result, l.result_grade, l.decision,
              l.target_class_name, l.target_section_name, l.reason, l.flags::text[] AS flags, l.applied, l.enrolled, l.skipped, l.previous,
              (l.skipped OR (NOT l.enrolled AND EXISTS (SELECT 1 FROM student_enrolments e WHERE e.school_id = l.school_id AND e.student_id = l.student_id AND e.academic_year_id = $3::uuid))) AS already_enrolled
         FROM promotion_lines l JOIN students st ON st.school_id = l.school_id AND st.id = l.student_id
        WHERE l.school_id = $1 AND l.promotion_id = $2 AND ($4::uuid IS NULL OR l.from_class_id = $4)
        ORDER BY l.roll_number NULLS LAST, lower(st.first_name), lower(coalesce(st.last_name, '')), l.student_id`,
      [this.schoolId, promotionId, toYearId, classId],
    );
  }

  async setLine(promotionId: string, l: { studentId: string; decision: PromotionDecision; targetClassName: string | null; targetSectionName: string | null; reason: string | null }): Promise<void> {
    await this.m.query(
      `UPDATE promotion_lines SET decision = $4, target_class_name = $5, target_section_name = $6, reason = $7
        WHERE school_id = $1 AND promotion_id = $2 AND student_id = $3`,
      [this.schoolId, promotionId, l.studentId, l.decision, l.targetClassName, l.targetSectionName, l.reason],
    );
  }

  async markLine(promotionId: string, studentId: string, m: { enrolled: boolean; skipped: boolean; previous: PreviousPlacement | null }): Promise<void> {
    await this.m.query(
      `UPDATE promotion_lines SET applied = true, enrolled = $4, skipped = $5, previous = $6::jsonb WHERE school_id = $1 AND promotion_id = $2 AND student_id = $3`,
      [this.schoolId, promotionId, studentId, m.enrolled, m.skipped, m.previous ? JSON.stringify(m.previous) : null],
    );
  }

  async resetLines(promotionId: string): Promise<void> {
    await this.m.query(`UPDATE promotion_lines SET applied = false, enrolled = false, skipped = false, previous = NULL WHERE school_id = $1 AND promotion_id = $2`, [this.schoolId, promotionId]);
  }

  // ── years, classes, sections ───────────────────────────────────────────
  year(name: string): Promise<YearRow | null> {
    return this.one<YearRow>(
      `SELECT id, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, is_current FROM academic_years WHERE school_id = $1 AND name = $2`,
      [this.schoolId, name],
    );
  }

  async insertYear(name: string, startsOn: string, endsOn: string, now: Date): Promise<string> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtext('academic_years:' || $1::text))`, [this.schoolId]);
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO academic_years (school_id, name, starts_on, ends_on, is_current, created_at) VALUES ($1, $2, $3, $4, false, $5) RETURNING id`,
      [this.schoolId, name, startsOn, endsOn, now],
    );
    return row.id;
  }

  currentYear(): Promise<YearRow | null> {
    return this.one<YearRow>(
      `SELECT id, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, is_current FROM academic_years WHERE school_id = $1 AND is_current`,
      [this.schoolId],
    );
  }

  /** Makes the year current (`null`: none is), as the academic years page does, in the promotion's transaction. */
  async makeCurrent(id: string | null): Promise<void> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtext('academic_years:' || $1::text))`, [this.schoolId]);
    await this.m.query(`UPDATE academic_years SET is_current = false WHERE school_id = $1 AND is_current AND id IS DISTINCT FROM $2::uuid`, [this.schoolId, id]);
    if (id) await this.m.query(`UPDATE academic_years SET is_current = true WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }

  async deleteYear(id: string): Promise<void> {
    await this.m.query(`DELETE FROM academic_years WHERE school_id = $1 AND id = $2 AND NOT is_current AND NOT EXISTS (SELECT 1 FROM classes c WHERE c.school_id = $1 AND c.academic_year = academic_years.name)`, [this.schoolId, id]);
  }

  classes(year: string): Promise<ClassRow[]> {
    return this.rows<ClassRow>(`SELECT id, name FROM classes WHERE school_id = $1 AND academic_year = $2`, [this.schoolId, year]);
  }

  sections(classIds: string[]): Promise<SectionRow[]> {
    return this.rows<SectionRow>(`SELECT id, class_id, name FROM sections WHERE school_id = $1 AND class_id = ANY($2::uuid[])`, [this.schoolId, classIds]);
  }

  subjectCounts(classIds: string[]): Promise<{ class_id: string; n: number }[]> {
    return this.rows(`SELECT class_id, count(*)::int AS n FROM class_subjects WHERE school_id = $1 AND class_id = ANY($2::uuid[]) GROUP BY class_id`, [this.schoolId, classIds]);
  }

  /** Makes a class of `year` as a copy of `fromClassId` (its sections and class subjects). */
  async copyClass(fromClassId: string, name: string, year: string, now: Date): Promise<{ classId: string; sections: number; subjects: number }> {
    const [cls] = await this.rows<{ id: string }>(`INSERT INTO classes (school_id, academic_year, name, created_at) VALUES ($1, $2, $3, $4) RETURNING id`, [this.schoolId, year, name, now]);
    const sections = await this.rows(
      `INSERT INTO sections (school_id, class_id, name, created_at) SELECT school_id, $3, name, $4 FROM sections WHERE school_id = $1 AND class_id = $2 RETURNING id`,
      [this.schoolId, fromClassId, cls.id, now],
    );
    const subjects = await this.rows(
      `INSERT INTO class_subjects (school_id, class_id, subject_id, created_at) SELECT school_id, $3, subject_id, $4 FROM class_subjects WHERE school_id = $1 AND class_id = $2 RETURNING id`,
      [this.schoolId, fromClassId, cls.id, now],
    );
    return { classId: cls.id, sections: sections.length, subjects: subjects.length };
  }

  async deleteClasses(classIds: string[]): Promise<void> {
    if (classIds.length === 0) return;
    await this.m.query(`DELETE FROM classes WHERE school_id = $1 AND id = ANY($2::uuid[])`, [this.schoolId, classIds]);
  }

  /** Who is already in `toYear`'s sections of a class, by section and gender (the allocation counts them). */
  enrolledGenders(yearId: string, classId: string): Promise<{ section_id: string; gender: 'male' | 'female' | 'other'; n: number }[]> {
    return this.rows(
      `SELECT e.section_id, st.gender, count(*)::int AS n FROM student_enrolments e JOIN students st ON st.school_id = e.school_id AND st.id = e.student_id
        WHERE e.school_id = $1 AND e.academic_year_id = $2 AND e.class_id = $3 AND st.status = 'active' GROUP BY e.section_id, st.gender`,
      [this.schoolId, yearId, classId],
    );
  }

  // ── the timetable (copied on request) ──────────────────────────────────
  /**
   * What copying `fromYear`'s timetable would copy: every section of `fromYear` paired with `toYear`'s
   * section of the same class and name (or with the section apply will make, for a class `toYear`
   * lacks); periods only into a section with none yet, a subject's teacher and a class teacher only
   * where the section has none; teachers who left are not copied.
   */
  async timetablePreview(fromYear: string, toYear: string): Promise<{ sections: number; slots: number; assignments: number; classTeachers: number }> {
    const row = await this.one<{ sections: number; slots: number; assignments: number; class_teachers: number }>(
      `WITH fs AS (
         SELECT se.id, se.name, c.name AS class_name FROM sections se JOIN classes c ON c.school_id = se.school_id AND c.id = se.class_id
          WHERE se.school_id = $1 AND c.academic_year = $2),
       pairs AS (
         SELECT fs.id AS from_id, ts.id AS to_id FROM fs
           LEFT JOIN classes tc ON tc.school_id = $1 AND tc.academic_year = $3 AND tc.name = fs.class_name
           LEFT JOIN sections ts ON ts.school_id = $1 AND ts.class_id = tc.id AND lower(ts.name) = lower(fs.name)
          WHERE tc.id IS NULL OR ts.id IS NOT NULL),
       slots AS (
         SELECT p.from_id FROM pairs p JOIN timetable_slots s ON s.school_id = $1 AND s.section_id = p.from_id
           JOIN staff st ON st.school_id = $1 AND st.id = s.staff_id AND st.status = 'active'
          WHERE p.to_id IS NULL OR NOT EXISTS (SELECT 1 FROM timetable_slots x WHERE x.school_id = $1 AND x.section_id = p.to_id))
       SELECT (SELECT count(DISTINCT from_id) FROM slots)::int AS sections, (SELECT count(*) FROM slots)::int AS slots,
              (SELECT count(*) FROM pairs p JOIN teaching_assignments a ON a.school_id = $1 AND a.section_id = p.from_id
                 JOIN staff st ON st.school_id = $1 AND st.id = a.staff_id AND st.status = 'active'
                WHERE p.to_id IS NULL OR NOT EXISTS (SELECT 1 FROM teaching_assignments x WHERE x.school_id = $1 AND x.section_id = p.to_id AND x.subject_id = a.subject_id))::int AS assignments,
              (SELECT count(*) FROM pairs p JOIN section_class_teachers t ON t.school_id = $1 AND t.section_id = p.from_id
                 JOIN staff st ON st.school_id = $1 AND st.id = t.staff_id AND st.status = 'active'
                WHERE p.to_id IS NULL OR NOT EXISTS (SELECT 1 FROM section_class_teachers x WHERE x.school_id = $1 AND x.section_id = p.to_id))::int AS class_teachers`,
      [this.schoolId, fromYear, toYear],
    );
    return { sections: row?.sections ?? 0, slots: row?.slots ?? 0, assignments: row?.assignments ?? 0, classTeachers: row?.class_teachers ?? 0 };
  }

  /**
   * Copies `fromYear`'s timetable into `toYear`'s sections of the same class and name (after apply
   * made them): periods into a section that has none (a period whose teacher is already busy then
   * in `toYear` is left out), each subject's teacher and the class teacher where the section has
   * none; teachers who left are not copied. Answers what it wrote, for the result and the undo.
   */
  async copyTimetable(fromYear: string, toYear: string): Promise<{ slots: { section_id: string }[]; assignments: { section_id: string; subject_id: string }[]; classTeachers: { section_id: string }[] }> {
    const pairs = `pairs AS (
         SELECT fs.id AS from_id, ts.id AS to_id FROM sections fs
           JOIN classes fc ON fc.school_id = fs.school_id AND fc.id = fs.class_id AND fc.academic_year = $2
           JOIN classes tc ON tc.school_id = fc.school_id AND tc.academic_year = $3 AND tc.name = fc.name
           JOIN sections ts ON ts.school_id = tc.school_id AND ts.class_id = tc.id AND lower(ts.name) = lower(fs.name)
          WHERE fs.school_id = $1)`;
    const slots = await this.rows<{ section_id: string }>(
      `WITH ${pairs}, empty AS (SELECT p.* FROM pairs p WHERE NOT EXISTS (SELECT 1 FROM timetable_slots x WHERE x.school_id = $1 AND x.section_id = p.to_id))
       INSERT INTO timetable_slots (school_id, academic_year, section_id, day, period, subject_id, staff_id)
       SELECT $1, $3, e.to_id, s.day, s.period, s.subject_id, s.staff_id
         FROM empty e JOIN timetable_slots s ON s.school_id = $1 AND s.section_id = e.from_id
         JOIN staff st ON st.school_id = $1 AND st.id = s.staff_id AND st.status = 'active'
       ON CONFLICT DO NOTHING RETURNING section_id`,
      [this.schoolId, fromYear, toYear],
    );
    const assignments = await this.rows<{ section_id: string; subject_id: string }>(
      `WITH ${pairs}
       INSERT INTO teaching_assignments (school_id, section_id, subject_id, staff_id)
       SELECT $1, p.to_id, a.subject_id, a.staff_id FROM pairs p JOIN teaching_assignments a ON a.school_id = $1 AND a.section_id = p.from_id
         JOIN staff st ON st.school_id = $1 AND st.id = a.staff_id AND st.status = 'active'
       ON CONFLICT (school_id, section_id, subject_id) DO NOTHING RETURNING section_id, subject_id`,
      [this.schoolId, fromYear, toYear],
    );
    const classTeachers = await this.rows<{ section_id: string }>(
      `WITH ${pairs}
       INSERT INTO section_class_teachers (school_id, section_id, staff_id)
       SELECT $1, p.to_id, t.staff_id FROM pairs p JOIN section_class_teachers t ON t.school_id = $1 AND t.section_id = p.from_id
         JOIN staff st ON st.school_id = $1 AND st.id = t.staff_id AND st.status = 'active'
       ON CONFLICT (school_id, section_id) DO NOTHING RETURNING section_id`,
      [this.schoolId, fromYear, toYear],
    );
    return { slots, assignments, classTeachers };
  }

  /** Removes what `copyTimetable` wrote into sections the promotion did not create. */
  async removeTimetable(t: { slotSections: string[]; assignments: [string, string][]; classTeachers: string[] }): Promise<void> {
    if (t.slotSections.length) await this.m.query(`DELETE FROM timetable_slots WHERE school_id = $1 AND section_id = ANY($2::uuid[])`, [this.schoolId, t.slotSections]);
    if (t.assignments.length) {
      await this.m.query(
        `DELETE FROM teaching_assignments a USING unnest($2::uuid[], $3::uuid[]) AS x(section_id, subject_id)
          WHERE a.school_id = $1 AND a.section_id = x.section_id AND a.subject_id = x.subject_id`,
        [this.schoolId, t.assignments.map((a) => a[0]), t.assignments.map((a) => a[1])],
      );
    }
    if (t.classTeachers.length) await this.m.query(`DELETE FROM section_class_teachers WHERE school_id = $1 AND section_id = ANY($2::uuid[])`, [this.schoolId, t.classTeachers]);
  }

  // ── the closing year's students ────────────────────────────────────────
  /** Every active student enrolled in the year, with their enrolment. */
  studentsOfYear(yearId: string) {
    return this.rows<{ id: string; first_name: string; last_name: string | null; class_id: string; section_id: string; roll_number: number | null }>(
      `SELECT st.id, st.first_name, st.last_name, e.class_id, e.section_id, e.roll_number
         FROM student_enrolments e JOIN students st ON st.school_id = e.school_id AND st.id = e.student_id
        WHERE e.school_id = $1 AND e.academic_year_id = $2 AND st.status = 'active'`,
      [this.schoolId, yearId],
    );
  }

  /** Each student's final result of a year: the last published exam's grade and pass/fail (from the frozen report cards). */
  finalResults(year: string): Promise<{ student_id: string; grade: string | null; result: 'pass' | 'fail' | null }[]> {
    return this.rows(
      `SELECT DISTINCT ON (s.student_id) s.student_id, s.data->'term'->>'grade' AS grade, s.data->'term'->>'result' AS result
         FROM report_card_snapshots s JOIN exams x ON x.school_id = s.school_id AND x.id = s.exam_id
        WHERE s.school_id = $1 AND x.academic_year = $2 AND x.published_at IS NOT NULL
        ORDER BY s.student_id, x.term DESC, x.published_at DESC, x.created_at DESC`,
      [this.schoolId, year],
    );
  }

  // ── apply and undo, a class at a time (set-based) ─────────────────────
  /** The closing year's outcome on many enrolments at once. */
  async setYearOutcomes(yearId: string, rows: { studentId: string; result: string | null; grade: string | null; attendance: string | null }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.m.query(
      `UPDATE student_enrolments e SET result = x.result, result_grade = x.grade, attendance_percent = x.attendance::numeric
         FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) AS x(student_id, result, grade, attendance)
        WHERE e.school_id = $1 AND e.academic_year_id = $2 AND e.student_id = x.student_id`,
      [this.schoolId, yearId, rows.map((r) => r.studentId), rows.map((r) => r.result), rows.map((r) => r.grade), rows.map((r) => r.attendance)],
    );
  }

  /** Many students' placements, locked for the transaction. */
  async placements(studentIds: string[]): Promise<Map<string, PreviousPlacement>> {
    const rows = await this.rows<PreviousPlacement & { id: string }>(
      `SELECT id, academic_year_id, class_id, section_id, roll_number, status, left_on::text AS left_on, leaving_reason FROM students
        WHERE school_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
      [this.schoolId, studentIds],
    );
    return new Map(rows.map(({ id, ...p }) => [id, p]));
  }

  /** Which of the students are enrolled in the year already. */
  async enrolledAmong(studentIds: string[], yearId: string): Promise<Set<string>> {
    const rows = await this.rows<{ student_id: string }>(`SELECT student_id FROM student_enrolments WHERE school_id = $1 AND academic_year_id = $2 AND student_id = ANY($3::uuid[])`, [
      this.schoolId,
      yearId,
      studentIds,
    ]);
    return new Set(rows.map((r) => r.student_id));
  }

  /** Enrols many students in the year (their enrolment, and their current placement). */
  async enrolMany(yearId: string, rows: { studentId: string; classId: string; sectionId: string; rollNumber: number | null }[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    const args = [this.schoolId, yearId, rows.map((r) => r.studentId), rows.map((r) => r.classId), rows.map((r) => r.sectionId), rows.map((r) => r.rollNumber), now];
    await this.m.query(
      `INSERT INTO student_enrolments (school_id, student_id, academic_year_id, class_id, section_id, roll_number, created_at)
       SELECT $1, x.s, $2, x.c, x.se, x.r, $7 FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::int[]) AS x(s, c, se, r)`,
      args,
    );
    await this.m.query(
      `UPDATE students st SET academic_year_id = $2, class_id = x.c, section_id = x.se, roll_number = x.r, updated_at = $7
         FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::int[]) AS x(s, c, se, r)
        WHERE st.school_id = $1 AND st.id = x.s`,
      args,
    );
  }

  /** Marks many students passed out or left on a day, each with their reason. */
  async markLeftMany(rows: { studentId: string; status: 'passed_out' | 'left'; reason: string }[], leftOn: string, now: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.m.query(
      `UPDATE students st SET status = x.status, left_on = $2, leaving_reason = x.reason, updated_at = $3
         FROM unnest($4::uuid[], $5::text[], $6::text[]) AS x(s, status, reason) WHERE st.school_id = $1 AND st.id = x.s`,
      [this.schoolId, leftOn, now, rows.map((r) => r.studentId), rows.map((r) => r.status), rows.map((r) => r.reason)],
    );
  }

  /** Records on many lines what applying them did (the undo reads it back). */
  async markLines(promotionId: string, rows: { studentId: string; enrolled: boolean; skipped: boolean; previous: PreviousPlacement | null }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.m.query(
      `UPDATE promotion_lines l SET applied = true, enrolled = x.enrolled, skipped = x.skipped, previous = x.previous
         FROM jsonb_to_recordset($3::jsonb) AS x(student_id uuid, enrolled boolean, skipped boolean, previous jsonb)
        WHERE l.school_id = $1 AND l.promotion_id = $2 AND l.student_id = x.student_id`,
      [this.schoolId, promotionId, JSON.stringify(rows.map((r) => ({ student_id: r.studentId, enrolled: r.enrolled, skipped: r.skipped, previous: r.previous })))],
    );
  }

  /** The undo of many lines at once: their `toYear` enrolments removed, their previous placement and status put back. */
  async restoreMany(yearId: string | null, rows: { studentId: string; enrolled: boolean; previous: PreviousPlacement }[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    const enrolled = rows.filter((r) => r.enrolled).map((r) => r.studentId);
    if (yearId && enrolled.length > 0) await this.m.query(`DELETE FROM student_enrolments WHERE school_id = $1 AND academic_year_id = $2 AND student_id = ANY($3::uuid[])`, [this.schoolId, yearId, enrolled]);
    await this.m.query(
      `UPDATE students st SET academic_year_id = x.academic_year_id, class_id = x.class_id, section_id = x.section_id, roll_number = x.roll_number,
              status = x.status, left_on = x.left_on, leaving_reason = x.leaving_reason, updated_at = $2
         FROM jsonb_to_recordset($3::jsonb) AS x(student_id uuid, academic_year_id uuid, class_id uuid, section_id uuid, roll_number int, status text, left_on date, leaving_reason text)
        WHERE st.school_id = $1 AND st.id = x.student_id`,
      [this.schoolId, now, JSON.stringify(rows.map((r) => ({ student_id: r.studentId, ...r.previous })))],
    );
  }

  /** Roll numbers afresh in the sections for the students this promotion enrolled: alphabetical, after the section's other students. */
  async renumber(promotionId: string, yearId: string): Promise<void> {
    await this.m.query(
      `WITH mine AS (
         SELECT e.student_id, e.section_id, row_number() OVER (PARTITION BY e.section_id ORDER BY lower(st.first_name), lower(coalesce(st.last_name, '')), st.admission_number) AS n
           FROM student_enrolments e
           JOIN promotion_lines l ON l.school_id = e.school_id AND l.student_id = e.student_id AND l.promotion_id = $2 AND l.enrolled
           JOIN students st ON st.school_id = e.school_id AND st.id = e.student_id
          WHERE e.school_id = $1 AND e.academic_year_id = $3),
       base AS (
         SELECT e.section_id, coalesce(max(e.roll_number), 0) AS top FROM student_enrolments e
          WHERE e.school_id = $1 AND e.academic_year_id = $3 AND e.student_id NOT IN (SELECT student_id FROM mine) GROUP BY e.section_id),
       numbered AS (SELECT m.student_id, m.n + coalesce(b.top, 0) AS roll FROM mine m LEFT JOIN base b ON b.section_id = m.section_id),
       upd AS (UPDATE student_enrolments e SET roll_number = x.roll FROM numbered x WHERE e.school_id = $1 AND e.academic_year_id = $3 AND e.student_id = x.student_id RETURNING e.student_id)
       UPDATE students st SET roll_number = x.roll FROM numbered x WHERE st.school_id = $1 AND st.id = x.student_id AND st.academic_year_id = $3`,
      [this.schoolId, promotionId, yearId],
    );
  }

  /** What makes the new year's undo impossible: attendance marked, marks entered, or students enrolled since in the classes it made. */
  async lockReasons(toYear: string, promotionId: string, createdClassIds: string[]): Promise<{ attendance: boolean; marks: boolean; others: boolean; readmitted: boolean }> {
    const row = await this.one<{ attendance: boolean; marks: boolean; others: boolean; readmitted: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM attendance_days d JOIN sections se ON se.school_id = d.school_id AND se.id = d.section_id
                        JOIN classes c ON c.school_id = se.school_id AND c.id = se.class_id WHERE d.school_id = $1 AND c.academic_year = $2) AS attendance,
              EXISTS (SELECT 1 FROM exam_marks m JOIN exams x ON x.school_id = m.school_id AND x.id = m.exam_id WHERE m.school_id = $1 AND x.academic_year = $2) AS marks,
              EXISTS (SELECT 1 FROM student_enrolments e WHERE e.school_id = $1 AND e.class_id = ANY($4::uuid[])
                        AND NOT EXISTS (SELECT 1 FROM promotion_lines l WHERE l.school_id = $1 AND l.promotion_id = $3 AND l.student_id = e.student_id AND l.enrolled)) AS others,
              EXISTS (SELECT 1 FROM promotion_lines l JOIN students st ON st.school_id = l.school_id AND st.id = l.student_id
                       WHERE l.school_id = $1 AND l.promotion_id = $3 AND l.applied AND l.decision IN ('passed_out', 'left') AND st.status = 'active') AS readmitted`,
      [this.schoolId, toYear, promotionId, createdClassIds],
    );
    return row ?? { attendance: false, marks: false, others: false, readmitted: false };
  }
}
