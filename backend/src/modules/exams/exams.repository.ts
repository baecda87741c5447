import { Injectable } from '@nestjs/common';
import type { CreateExamInput, ExamComponent, ExamPaperInput } from '@vidyalaya/shared/exams';
import { DataSource } from 'typeorm';
import { classOrderSql, naturalOrderSql } from '../../common/sql/school-order';
import { Repository } from '../../database/repository';
import type { SectionWithClass } from '../academics/academics.service';

export interface ExamRow {
  id: string;
  name: string;
  academic_year: string;
  term: number;
  class_ids: string[];
  components: ExamComponent[];
  published_at: Date | null;
  created_at: Date;
}
/** A section with its class, in the academics module's shape (its `sectionsOfClasses` list reads the same columns). */
export type SectionRow = SectionWithClass;
export interface StudentRow {
  id: string;
  name: string;
  admission_number: string;
  roll_number: number | null;
  date_of_birth: string;
  guardian_name: string | null;
}
export interface MarkRow {
  student_id: string;
  subject_id: string;
  component: string;
  marks: number | null;
  absent: boolean;
}
export interface NoteRow {
  student_id: string;
  co_scholastic: Record<string, string>;
  remarks: string | null;
}
export interface PaperRow {
  class_id: string;
  class_name: string;
  subject_id: string;
  subject_name: string;
  on_date: string;
  starts_at: string;
  ends_at: string;
}
export interface SchoolRow {
  name: string;
  affiliation_number: string | null;
  school_code: string | null;
  address: string;
  principal_name: string | null;
}

const EXAM_COLUMNS = 'id, name, academic_year, term, class_ids, components, published_at, created_at';
const STUDENT_COLUMNS = `st.id, trim(st.first_name || ' ' || coalesce(st.last_name, '')) AS name, st.admission_number, e.roll_number,
  to_char(st.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
  (SELECT g.name FROM student_guardians g WHERE g.school_id = st.school_id AND g.student_id = st.id ORDER BY g.position LIMIT 1) AS guardian_name`;

/** Every query on the exams tables, in the bound school (`this.schoolId`). */
@Injectable()
export class ExamsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  async insertExam(input: CreateExamInput, createdBy: string, now: Date): Promise<ExamRow> {
    const [row] = await this.rows<ExamRow>(
      `INSERT INTO exams (school_id, name, academic_year, term, class_ids, components, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6::jsonb, $7, $8, $8) RETURNING ${EXAM_COLUMNS}`,
      [this.schoolId, input.name, input.academicYear, input.term, input.classIds, JSON.stringify(input.components), createdBy, now],
    );
    return row;
  }

  async listExams(academicYear: string | undefined, page: number, pageSize: number): Promise<{ rows: ExamRow[]; total: number }> {
    const rows = await this.rows<ExamRow & { total: number }>(
      `SELECT ${EXAM_COLUMNS}, count(*) OVER ()::int AS total FROM exams
        WHERE school_id = $1 AND ($2::text IS NULL OR academic_year = $2)
        ORDER BY academic_year DESC, term, created_at LIMIT $3 OFFSET $4`,
      [this.schoolId, academicYear ?? null, pageSize, (page - 1) * pageSize],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  findExam(id: string, forUpdate = false): Promise<ExamRow | null> {
    return this.one<ExamRow>(`SELECT ${EXAM_COLUMNS} FROM exams WHERE school_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [this.schoolId, id]);
  }

  examsOfClass(academicYear: string, classId: string): Promise<ExamRow[]> {
    return this.rows<ExamRow>(
      `SELECT ${EXAM_COLUMNS} FROM exams WHERE school_id = $1 AND academic_year = $2 AND $3::uuid = ANY(class_ids) ORDER BY term, created_at`,
      [this.schoolId, academicYear, classId],
    );
  }

  async setPublished(id: string, at: Date | null, by: string | null): Promise<void> {
    await this.m.query(`UPDATE exams SET published_at = $3, published_by = $4, updated_at = coalesce($3, now()) WHERE school_id = $1 AND id = $2`, [this.schoolId, id, at, by]);
  }

  classes(ids: string[]): Promise<{ id: string; name: string; academic_year: string }[]> {
    return this.rows(`SELECT id, name, academic_year FROM classes WHERE school_id = $1 AND id = ANY($2::uuid[])`, [this.schoolId, ids]);
  }

  sectionsOfClasses(classIds: string[]): Promise<SectionRow[]> {
    return this.rows<SectionRow>(
      `SELECT s.id, s.name, s.class_id, c.name AS class_name, c.academic_year FROM sections s JOIN classes c ON c.id = s.class_id
        WHERE s.school_id = $1 AND s.class_id = ANY($2::uuid[]) ORDER BY ${classOrderSql('c.name')}, ${naturalOrderSql('s.name')}, s.id`,
      [this.schoolId, classIds],
    );
  }

  classSubjects(classId: string): Promise<{ id: string; name: string }[]> {
    return this.rows(
      `SELECT g.id, g.name FROM class_subjects cs JOIN global_subjects g ON g.id = cs.subject_id
        WHERE cs.school_id = $1 AND cs.class_id = $2 ORDER BY g.sort_order`,
      [this.schoolId, classId],
    );
  }

  /** The students enrolled in a section in its class's year (active ones, by roll number then name). */
  sectionStudents(sectionId: string): Promise<StudentRow[]> {
    return this.rows<StudentRow>(
      `SELECT ${STUDENT_COLUMNS}
         FROM student_enrolments e JOIN students st ON st.school_id = e.school_id AND st.id = e.student_id
        WHERE e.school_id = $1 AND e.section_id = $2 AND st.status = 'active'
        ORDER BY e.roll_number NULLS LAST, lower(st.first_name), lower(st.last_name)`,
      [this.schoolId, sectionId],
    );
  }

  /** A student's enrolment in a year (by the year's name): section and class. */
  enrolment(studentId: string, academicYear: string): Promise<(StudentRow & { section_id: string }) | null> {
    return this.one(
      `SELECT ${STUDENT_COLUMNS}, e.section_id
         FROM student_enrolments e JOIN students st ON st.school_id = e.school_id AND st.id = e.student_id
         JOIN academic_years y ON y.school_id = e.school_id AND y.id = e.academic_year_id
        WHERE e.school_id = $1 AND e.student_id = $2 AND y.name = $3`,
      [this.schoolId, studentId, academicYear],
    );
  }

  marks(examId: string, studentIds: string[], subjectId?: string): Promise<MarkRow[]> {
    return this.rows<MarkRow>(
      `SELECT student_id, subject_id, component, marks::float8 AS marks, absent FROM exam_marks
        WHERE school_id = $1 AND exam_id = $2 AND student_id = ANY($3::uuid[]) AND ($4::uuid IS NULL OR subject_id = $4)`,
      [this.schoolId, examId, studentIds, subjectId ?? null],
    );
  }

  async saveMarks(
    examId: string,
    sectionId: string,
    subjectId: string,
    marks: { studentId: string; component: string; marks: number | 'AB' | null }[],
    by: string,
    now: Date,
  ): Promise<void> {
    const clear = marks.filter((m) => m.marks === null);
    const set = marks.filter((m) => m.marks !== null);
    if (clear.length > 0) {
      await this.m.query(
        `DELETE FROM exam_marks m USING unnest($4::uuid[], $5::text[]) AS x(student_id, component)
          WHERE m.school_id = $1 AND m.exam_id = $2 AND m.subject_id = $3 AND m.student_id = x.student_id AND m.component = x.component`,
        [this.schoolId, examId, subjectId, clear.map((m) => m.studentId), clear.map((m) => m.component)],
      );
    }
    if (set.length > 0) {
      await this.m.query(
        `INSERT INTO exam_marks (school_id, exam_id, student_id, subject_id, component, marks, absent, section_id, updated_by, updated_at)
         SELECT $1, $2, x.student_id, $3, x.component, x.marks, x.marks IS NULL, $4, $5, $6
           FROM unnest($7::uuid[], $8::text[], $9::numeric[]) AS x(student_id, component, marks)
         ON CONFLICT (school_id, exam_id, student_id, subject_id, component)
         DO UPDATE SET marks = EXCLUDED.marks, absent = EXCLUDED.absent, section_id = EXCLUDED.section_id, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
        [this.schoolId, examId, subjectId, sectionId, by, now, set.map((m) => m.studentId), set.map((m) => m.component), set.map((m) => (m.marks === 'AB' ? null : m.marks))],
      );
    }
  }

  notes(examId: string, studentIds: string[]): Promise<NoteRow[]> {
    return this.rows<NoteRow>(
      `SELECT student_id, co_scholastic, remarks FROM exam_report_notes WHERE school_id = $1 AND exam_id = $2 AND student_id = ANY($3::uuid[])`,
      [this.schoolId, examId, studentIds],
    );
  }

  async saveNote(examId: string, studentId: string, coScholastic: Record<string, string> | undefined, remarks: string | null | undefined, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO exam_report_notes (school_id, exam_id, student_id, co_scholastic, remarks, updated_at)
       VALUES ($1, $2, $3, coalesce($4::jsonb, '{}'), $5, $7)
       ON CONFLICT (school_id, exam_id, student_id) DO UPDATE
         SET co_scholastic = CASE WHEN $4::jsonb IS NULL THEN exam_report_notes.co_scholastic ELSE exam_report_notes.co_scholastic || $4::jsonb END,
             remarks = CASE WHEN $6 THEN EXCLUDED.remarks ELSE exam_report_notes.remarks END,
             updated_at = $7`,
      [this.schoolId, examId, studentId, coScholastic ? JSON.stringify(coScholastic) : null, remarks ?? null, remarks !== undefined, now],
    );
  }

  papers(examId: string): Promise<PaperRow[]> {
    return this.rows<PaperRow>(
      `SELECT p.class_id, c.name AS class_name, p.subject_id, g.name AS subject_name, to_char(p.on_date, 'YYYY-MM-DD') AS on_date, p.starts_at, p.ends_at
         FROM exam_papers p JOIN classes c ON c.id = p.class_id JOIN global_subjects g ON g.id = p.subject_id
        WHERE p.school_id = $1 AND p.exam_id = $2 ORDER BY p.on_date, p.starts_at, c.name`,
      [this.schoolId, examId],
    );
  }

  /** Every paper dated from..to (the calendar's month view and feed), of one class if given. */
  papersBetween(from: string, to: string, classId?: string): Promise<(PaperRow & { exam_id: string; exam_name: string })[]> {
    return this.rows<PaperRow & { exam_id: string; exam_name: string }>(
      `SELECT p.exam_id, e.name AS exam_name, p.class_id, c.name AS class_name, p.subject_id, g.name AS subject_name,
              to_char(p.on_date, 'YYYY-MM-DD') AS on_date, p.starts_at, p.ends_at
         FROM exam_papers p
         JOIN exams e ON e.school_id = p.school_id AND e.id = p.exam_id
         JOIN classes c ON c.school_id = p.school_id AND c.id = p.class_id
         JOIN global_subjects g ON g.id = p.subject_id
        WHERE p.school_id = $1 AND p.on_date BETWEEN $2::date AND $3::date AND ($4::uuid IS NULL OR p.class_id = $4::uuid)
        ORDER BY p.on_date, p.starts_at, c.name, g.name
        LIMIT 5000`,
      [this.schoolId, from, to, classId ?? null],
    );
  }

  async replacePapers(examId: string, papers: ExamPaperInput[]): Promise<void> {
    await this.m.query(`DELETE FROM exam_papers WHERE school_id = $1 AND exam_id = $2`, [this.schoolId, examId]);
    if (papers.length === 0) return;
    await this.m.query(
      `INSERT INTO exam_papers (school_id, exam_id, class_id, subject_id, on_date, starts_at, ends_at)
       SELECT $1, $2, * FROM unnest($3::uuid[], $4::uuid[], $5::date[], $6::text[], $7::text[])`,
      [this.schoolId, examId, papers.map((p) => p.classId), papers.map((p) => p.subjectId), papers.map((p) => p.date), papers.map((p) => p.startsAt), papers.map((p) => p.endsAt)],
    );
  }

  /** Subjects with a paper for the class in this exam (empty: the exam covers all the class's subjects). */
  async paperSubjects(examId: string, classId: string): Promise<string[]> {
    const rows = await this.rows<{ subject_id: string }>(`SELECT subject_id FROM exam_papers WHERE school_id = $1 AND exam_id = $2 AND class_id = $3`, [this.schoolId, examId, classId]);
    return rows.map((r) => r.subject_id);
  }

  async saveSnapshots(examId: string, snapshots: { studentId: string; data: unknown }[], now: Date): Promise<void> {
    await this.m.query(`DELETE FROM report_card_snapshots WHERE school_id = $1 AND exam_id = $2`, [this.schoolId, examId]);
    if (snapshots.length === 0) return;
    await this.m.query(
      `INSERT INTO report_card_snapshots (school_id, exam_id, student_id, data, published_at)
       SELECT $1, $2, x.student_id, x.data, $5 FROM unnest($3::uuid[], $4::jsonb[]) AS x(student_id, data)`,
      [this.schoolId, examId, snapshots.map((s) => s.studentId), snapshots.map((s) => JSON.stringify(s.data)), now],
    );
  }

  snapshot(examId: string, studentId: string): Promise<{ data: unknown } | null> {
    return this.one(`SELECT data FROM report_card_snapshots WHERE school_id = $1 AND exam_id = $2 AND student_id = $3`, [this.schoolId, examId, studentId]);
  }

  school(): Promise<SchoolRow | null> {
    return this.one<SchoolRow>(
      `SELECT name, affiliation_number, school_code, principal_name,
              concat_ws(', ', address1, address2, locality, city, state, pin_code) AS address
         FROM schools WHERE id = $1`,
      [this.schoolId],
    );
  }

  async saveFile(id: string, sectionId: string, bytes: Buffer, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO report_card_files (school_id, id, section_id, bytes, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (school_id, id) DO UPDATE SET bytes = EXCLUDED.bytes, created_at = EXCLUDED.created_at`,
      [this.schoolId, id, sectionId, bytes, now],
    );
  }

  file(id: string): Promise<{ section_id: string; bytes: Buffer; class_name: string | null; section_name: string | null; academic_year: string | null } | null> {
    return this.one(
      `SELECT f.section_id, f.bytes, c.name AS class_name, s.name AS section_name, c.academic_year
         FROM report_card_files f LEFT JOIN sections s ON s.id = f.section_id LEFT JOIN classes c ON c.id = s.class_id AND c.school_id = f.school_id
        WHERE f.school_id = $1 AND f.id = $2`,
      [this.schoolId, id],
    );
  }

  async currentYear(): Promise<string | null> {
    const row = await this.one<{ name: string }>(`SELECT name FROM academic_years WHERE school_id = $1 AND is_current`, [this.schoolId]);
    return row?.name ?? null;
  }

  classesOfYear(academicYear: string): Promise<{ id: string; name: string }[]> {
    return this.rows(`SELECT id, name FROM classes WHERE school_id = $1 AND academic_year = $2`, [this.schoolId, academicYear]);
  }

  allClassSubjects(classIds: string[]): Promise<{ class_id: string; id: string; name: string }[]> {
    return this.rows(
      `SELECT cs.class_id, g.id, g.name FROM class_subjects cs JOIN global_subjects g ON g.id = cs.subject_id
        WHERE cs.school_id = $1 AND cs.class_id = ANY($2::uuid[]) ORDER BY g.sort_order`,
      [this.schoolId, classIds],
    );
  }

  // ── assessment schemes ──────────────────────────────────────────────────
  schemes(): Promise<{ band: string; term: number; components: ExamComponent[] }[]> {
    return this.rows(`SELECT band, term, components FROM assessment_schemes WHERE school_id = $1 ORDER BY band, term`, [this.schoolId]);
  }

  async saveScheme(band: string, term: number, components: ExamComponent[], userId: string, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO assessment_schemes (school_id, band, term, components, updated_by, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6)
       ON CONFLICT (school_id, band, term) DO UPDATE SET components = EXCLUDED.components, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, band, term, JSON.stringify(components), userId, now],
    );
  }

  /** The exams of a year (every year if null) that have marks, with their term and class names. */
  examsWithMarks(academicYear: string | null): Promise<{ term: number; class_names: string[] }[]> {
    return this.rows(
      `SELECT e.term, ARRAY(SELECT c.name FROM classes c WHERE c.school_id = e.school_id AND c.id = ANY(e.class_ids)) AS class_names
         FROM exams e
        WHERE e.school_id = $1 AND ($2::varchar IS NULL OR e.academic_year = $2)
          AND EXISTS (SELECT 1 FROM exam_marks m WHERE m.school_id = e.school_id AND m.exam_id = e.id)`,
      [this.schoolId, academicYear],
    );
  }

  /** A student's frozen report cards of published exams (of one year, or every year), newest year first. */
  publishedSnapshots(studentId: string, academicYear: string | null = null): Promise<{ academic_year: string; data: unknown }[]> {
    return this.rows(
      `SELECT e.academic_year, r.data
         FROM report_card_snapshots r JOIN exams e ON e.school_id = r.school_id AND e.id = r.exam_id
        WHERE r.school_id = $1 AND r.student_id = $2 AND e.published_at IS NOT NULL
          AND ($3::varchar IS NULL OR e.academic_year = $3)
        ORDER BY e.academic_year DESC, e.term, e.created_at`,
      [this.schoolId, studentId, academicYear],
    );
  }

  // ── report-card settings ────────────────────────────────────────────────
  async reportSettings(): Promise<{ showRanks: boolean; hasLogo: boolean }> {
    const row = await this.one<{ show_ranks: boolean; has_logo: boolean }>(
      `SELECT show_ranks, logo IS NOT NULL AS has_logo FROM school_report_settings WHERE school_id = $1`,
      [this.schoolId],
    );
    return { showRanks: row?.show_ranks ?? true, hasLogo: row?.has_logo ?? false };
  }

  async logo(): Promise<Buffer | null> {
    const row = await this.one<{ logo: Buffer | null }>(`SELECT logo FROM school_report_settings WHERE school_id = $1`, [this.schoolId]);
    return row?.logo ?? null;
  }

  async saveShowRanks(showRanks: boolean, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO school_report_settings (school_id, show_ranks, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (school_id) DO UPDATE SET show_ranks = EXCLUDED.show_ranks, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, showRanks, now],
    );
  }

  async saveLogo(type: string | null, bytes: Buffer | null, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO school_report_settings (school_id, logo, logo_type, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (school_id) DO UPDATE SET logo = EXCLUDED.logo, logo_type = EXCLUDED.logo_type, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, bytes, type, now],
    );
  }
}
