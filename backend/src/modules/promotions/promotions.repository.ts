import { Injectable } from '@nestjs/common';
import type { PromotionDecision, PromotionFlag, PromotionResult, PromotionStatus } from '@vidyalaya/shared';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface PromotionRow {
  id: string;
  from_year: string;
  to_year: string;
  status: PromotionStatus;
  fee_increase_percent: string | null;
  renumber_rolls: boolean | null;
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

const PROMOTION_COLUMNS = `id, from_year, to_year, status, fee_increase_percent, renumber_rolls, job_id, created, result, applied_at, reverted_at, created_at`;

/**
 * Every query of the promotions module: its own tables, and the year-end writes on the school's
 * years, classes, sections, class subjects, students and enrolments that apply and undo make in
 * the promotion's transactions (the year's reads: the closing year's students, their final
 * results from the published report cards). The school id comes first.
 */
@Injectable()
export class PromotionsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ── promotions ─────────────────────────────────────────────────────────
  find(schoolId: string, id: string, lock = false): Promise<PromotionRow | null> {
    return this.one<PromotionRow>(`SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE school_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [schoolId, id]);
  }

  list(schoolId: string): Promise<PromotionRow[]> {
    return this.rows<PromotionRow>(`SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE school_id = $1 ORDER BY from_year DESC`, [schoolId]);
  }

  async exists(schoolId: string, fromYear: string, toYear: string): Promise<boolean> {
    return !!(await this.one(`SELECT 1 FROM promotions WHERE school_id = $1 AND from_year = $2 AND to_year = $3`, [schoolId, fromYear, toYear]));
  }

  async insert(schoolId: string, p: { fromYear: string; toYear: string; createdBy: string; now: Date }, lines: NewLine[]): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO promotions (school_id, from_year, to_year, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [schoolId, p.fromYear, p.toYear, p.createdBy, p.now],
    );
    if (lines.length > 0) {
      await this.m.query(
        `INSERT INTO promotion_lines (school_id, promotion_id, student_id, from_class_id, from_section_id, roll_number, attendance_percent, result,
                                      result_grade, decision, target_class_name, target_section_name, flags)
         SELECT $1, $2, x.student_id, x.from_class_id, x.from_section_id, x.roll_number, x.attendance_percent, x.result, x.result_grade, x.decision,
                x.target_class_name, x.target_section_name, ARRAY(SELECT jsonb_array_elements_text(x.flags))
           FROM jsonb_to_recordset($3::jsonb) AS x(student_id uuid, from_class_id uuid, from_section_id uuid, roll_number int, attendance_percent numeric,
                result text, result_grade text, decision text, target_class_name text, target_section_name text, flags jsonb)`,
        [schoolId, row.id, JSON.stringify(lines)],
      );
    }
    return row.id;
  }

  async update(schoolId: string, id: string, columns: Partial<Record<'status' | 'fee_increase_percent' | 'renumber_rolls' | 'job_id' | 'created' | 'result' | 'applied_at' | 'reverted_at', unknown>>, now: Date): Promise<void> {
    const entries = Object.entries(columns).map(([k, v]) => [k, v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v] as const);
    const sets = entries.map(([col], i) => `${col} = $${i + 4}`);
    await this.m.query(`UPDATE promotions SET ${[...sets, 'updated_at = $3'].join(', ')} WHERE school_id = $1 AND id = $2`, [schoolId, id, now, ...entries.map(([, v]) => v)]);
  }

  counts(schoolId: string, promotionId: string): Promise<{ decision: PromotionDecision; n: number; flagged: number }[]> {
    return this.rows(
      `SELECT decision, count(*)::int AS n, count(*) FILTER (WHERE cardinality(flags) > 0)::int AS flagged
         FROM promotion_lines WHERE school_id = $1 AND promotion_id = $2 GROUP BY decision`,
      [schoolId, promotionId],
    );
  }

  /** The lines (of one class, or all), with the student's name and whether they are already enrolled in `toYear`. */
  lines(schoolId: string, promotionId: string, toYearId: string | null, classId: string | null = null): Promise<LineRow[]> {
    return this.rows<LineRow>(
      `SELECT l.student_id, st.first_name, st.last_name, st.admission_number, st.gender, st.rte, st.admission_date::text AS admission_date,
              l.from_class_id, l.from_section_id, l.roll_number, l.attendance_percent, l.result, l.result_grade, l.decision,
              l.target_class_name, l.target_section_name, l.reason, l.flags::text[] AS flags, l.applied, l.enrolled, l.skipped, l.previous,
              (l.skipped OR (NOT l.enrolled AND EXISTS (SELECT 1 FROM student_enrolments e WHERE e.school_id = l.school_id AND e.student_id = l.student_id AND e.academic_year_id = $3::uuid))) AS already_enrolled
         FROM promotion_lines l JOIN students st ON st.school_id = l.school_id AND st.id = l.student_id
        WHERE l.school_id = $1 AND l.promotion_id = $2 AND ($4::uuid IS NULL OR l.from_class_id = $4)
        ORDER BY l.roll_number NULLS LAST, lower(st.first_name), lower(coalesce(st.last_name, '')), l.student_id`,
      [schoolId, promotionId, toYearId, classId],
    );
  }

  async setLine(schoolId: string, promotionId: string, l: { studentId: string; decision: PromotionDecision; targetClassName: string | null; targetSectionName: string | null; reason: string | null }): Promise<void> {
    await this.m.query(
      `UPDATE promotion_lines SET decision = $4, target_class_name = $5, target_section_name = $6, reason = $7
        WHERE school_id = $1 AND promotion_id = $2 AND student_id = $3`,
      [schoolId, promotionId, l.studentId, l.decision, l.targetClassName, l.targetSectionName, l.reason],
    );
  }

  async markLine(schoolId: string, promotionId: string, studentId: string, m: { enrolled: boolean; skipped: boolean; previous: PreviousPlacement | null }): Promise<void> {
    await this.m.query(
      `UPDATE promotion_lines SET applied = true, enrolled = $4, skipped = $5, previous = $6::jsonb WHERE school_id = $1 AND promotion_id = $2 AND student_id = $3`,
      [schoolId, promotionId, studentId, m.enrolled, m.skipped, m.previous ? JSON.stringify(m.previous) : null],
    );
  }

  async resetLines(schoolId: string, promotionId: string): Promise<void> {
    await this.m.query(`UPDATE promotion_lines SET applied = false, enrolled = false, skipped = false, previous = NULL WHERE school_id = $1 AND promotion_id = $2`, [schoolId, promotionId]);
  }

  // ── years, classes, sections ───────────────────────────────────────────
  year(schoolId: string, name: string): Promise<YearRow | null> {
    return this.one<YearRow>(
      `SELECT id, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, is_current FROM academic_years WHERE school_id = $1 AND name = $2`,
      [schoolId, name],
    );
  }

  async insertYear(schoolId: string, name: string, startsOn: string, endsOn: string, now: Date): Promise<string> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtext('academic_years:' || $1::text))`, [schoolId]);
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO academic_years (school_id, name, starts_on, ends_on, is_current, created_at) VALUES ($1, $2, $3, $4, false, $5) RETURNING id`,
      [schoolId, name, startsOn, endsOn, now],
    );
    return row.id;
  }

  async deleteYear(schoolId: string, id: string): Promise<void> {
    await this.m.query(`DELETE FROM academic_years WHERE school_id = $1 AND id = $2 AND NOT is_current AND NOT EXISTS (SELECT 1 FROM classes c WHERE c.school_id = $1 AND c.academic_year = academic_years.name)`, [schoolId, id]);
  }

  classes(schoolId: string, year: string): Promise<ClassRow[]> {
    return this.rows<ClassRow>(`SELECT id, name FROM classes WHERE school_id = $1 AND academic_year = $2`, [schoolId, year]);
  }

  sections(schoolId: string, classIds: string[]): Promise<SectionRow[]> {
    return this.rows<SectionRow>(`SELECT id, class_id, name FROM sections WHERE school_id = $1 AND class_id = ANY($2::uuid[])`, [schoolId, classIds]);
  }

  subjectCounts(schoolId: string, classIds: string[]): Promise<{ class_id: string; n: number }[]> {
    return this.rows(`SELECT class_id, count(*)::int AS n FROM class_subjects WHERE school_id = $1 AND class_id = ANY($2::uuid[]) GROUP BY class_id`, [schoolId, classIds]);
  }

  /** Makes a class of `year` as a copy of `fromClassId` (its sections and class subjects). */
  async copyClass(schoolId: string, fromClassId: string, name: string, year: string, now: Date): Promise<{ classId: string; sections: number; subjects: number }> {
    const [cls] = await this.rows<{ id: string }>(`INSERT INTO classes (school_id, academic_year, name, created_at) VALUES ($1, $2, $3, $4) RETURNING id`, [schoolId, year, name, now]);
    const sections = await this.rows(
      `INSERT INTO sections (school_id, class_id, name, created_at) SELECT school_id, $3, name, $4 FROM sections WHERE school_id = $1 AND class_id = $2 RETURNING id`,
      [schoolId, fromClassId, cls.id, now],
    );
    const subjects = await this.rows(
      `INSERT INTO class_subjects (school_id, class_id, subject_id, created_at) SELECT school_id, $3, subject_id, $4 FROM class_subjects WHERE school_id = $1 AND class_id = $2 RETURNING id`,
      [schoolId, fromClassId, cls.id, now],
    );
    return { classId: cls.id, sections: sections.length, subjects: subjects.length };
  }

  async deleteClasses(schoolId: string, classIds: string[]): Promise<void> {
    if (classIds.length === 0) return;
    await this.m.query(`DELETE FROM classes WHERE school_id = $1 AND id = ANY($2::uuid[])`, [schoolId, classIds]);
  }

  // ── the closing year's students ────────────────────────────────────────
  /** Every active student enrolled in the year, with their enrolment. */
  studentsOfYear(schoolId: string, yearId: string) {
    return this.rows<{ id: string; first_name: string; last_name: string | null; class_id: string; section_id: string; roll_number: number | null }>(
      `SELECT st.id, st.first_name, st.last_name, e.class_id, e.section_id, e.roll_number
         FROM student_enrolments e JOIN students st ON st.school_id = e.school_id AND st.id = e.student_id
        WHERE e.school_id = $1 AND e.academic_year_id = $2 AND st.status = 'active'`,
      [schoolId, yearId],
    );
  }

  /** Each student's final result of a year: the last published exam's grade and pass/fail (from the frozen report cards). */
  finalResults(schoolId: string, year: string): Promise<{ student_id: string; grade: string | null; result: 'pass' | 'fail' | null }[]> {
    return this.rows(
      `SELECT DISTINCT ON (s.student_id) s.student_id, s.data->'term'->>'grade' AS grade, s.data->'term'->>'result' AS result
         FROM report_card_snapshots s JOIN exams x ON x.school_id = s.school_id AND x.id = s.exam_id
        WHERE s.school_id = $1 AND x.academic_year = $2 AND x.published_at IS NOT NULL
        ORDER BY s.student_id, x.term DESC, x.published_at DESC, x.created_at DESC`,
      [schoolId, year],
    );
  }

  // ── apply and undo: students and enrolments ────────────────────────────
  async placement(schoolId: string, studentId: string): Promise<PreviousPlacement | null> {
    return this.one<PreviousPlacement>(
      `SELECT academic_year_id, class_id, section_id, roll_number, status, left_on::text AS left_on, leaving_reason FROM students WHERE school_id = $1 AND id = $2 FOR UPDATE`,
      [schoolId, studentId],
    );
  }

  async enrolledIn(schoolId: string, studentId: string, yearId: string): Promise<boolean> {
    return !!(await this.one(`SELECT 1 FROM student_enrolments WHERE school_id = $1 AND student_id = $2 AND academic_year_id = $3`, [schoolId, studentId, yearId]));
  }

  async enrol(schoolId: string, studentId: string, e: { yearId: string; classId: string; sectionId: string; rollNumber: number | null }, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO student_enrolments (school_id, student_id, academic_year_id, class_id, section_id, roll_number, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [schoolId, studentId, e.yearId, e.classId, e.sectionId, e.rollNumber, now],
    );
    await this.m.query(`UPDATE students SET academic_year_id = $3, class_id = $4, section_id = $5, roll_number = $6, updated_at = $7 WHERE school_id = $1 AND id = $2`, [
      schoolId,
      studentId,
      e.yearId,
      e.classId,
      e.sectionId,
      e.rollNumber,
      now,
    ]);
  }

  async markLeft(schoolId: string, studentId: string, status: 'passed_out' | 'left', leftOn: string, reason: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE students SET status = $3, left_on = $4, leaving_reason = $5, updated_at = $6 WHERE school_id = $1 AND id = $2`, [schoolId, studentId, status, leftOn, reason, now]);
  }

  async setYearOutcome(schoolId: string, studentId: string, yearId: string, o: { result: string | null; grade: string | null; attendance: string | null }): Promise<void> {
    await this.m.query(`UPDATE student_enrolments SET result = $4, result_grade = $5, attendance_percent = $6 WHERE school_id = $1 AND student_id = $2 AND academic_year_id = $3`, [
      schoolId,
      studentId,
      yearId,
      o.result,
      o.grade,
      o.attendance,
    ]);
  }

  /** Roll numbers afresh in the sections for the students this promotion enrolled: alphabetical, after the section's other students. */
  async renumber(schoolId: string, promotionId: string, yearId: string): Promise<void> {
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
      [schoolId, promotionId, yearId],
    );
  }

  async unenrol(schoolId: string, studentId: string, yearId: string, previous: PreviousPlacement, now: Date): Promise<void> {
    await this.m.query(`DELETE FROM student_enrolments WHERE school_id = $1 AND student_id = $2 AND academic_year_id = $3`, [schoolId, studentId, yearId]);
    await this.restore(schoolId, studentId, previous, now);
  }

  async restore(schoolId: string, studentId: string, p: PreviousPlacement, now: Date): Promise<void> {
    await this.m.query(
      `UPDATE students SET academic_year_id = $3, class_id = $4, section_id = $5, roll_number = $6, status = $7, left_on = $8, leaving_reason = $9, updated_at = $10
        WHERE school_id = $1 AND id = $2`,
      [schoolId, studentId, p.academic_year_id, p.class_id, p.section_id, p.roll_number, p.status, p.left_on, p.leaving_reason, now],
    );
  }

  /** What makes the new year's undo impossible: attendance marked, marks entered, or students enrolled since in the classes it made. */
  async lockReasons(schoolId: string, toYear: string, promotionId: string, createdClassIds: string[]): Promise<{ attendance: boolean; marks: boolean; others: boolean }> {
    const row = await this.one<{ attendance: boolean; marks: boolean; others: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM attendance_days d JOIN sections se ON se.school_id = d.school_id AND se.id = d.section_id
                        JOIN classes c ON c.school_id = se.school_id AND c.id = se.class_id WHERE d.school_id = $1 AND c.academic_year = $2) AS attendance,
              EXISTS (SELECT 1 FROM exam_marks m JOIN exams x ON x.school_id = m.school_id AND x.id = m.exam_id WHERE m.school_id = $1 AND x.academic_year = $2) AS marks,
              EXISTS (SELECT 1 FROM student_enrolments e WHERE e.school_id = $1 AND e.class_id = ANY($4::uuid[])
                        AND NOT EXISTS (SELECT 1 FROM promotion_lines l WHERE l.school_id = $1 AND l.promotion_id = $3 AND l.student_id = e.student_id AND l.enrolled)) AS others`,
      [schoolId, toYear, promotionId, createdClassIds],
    );
    return row ?? { attendance: false, marks: false, others: false };
  }
}
