import { Injectable } from '@nestjs/common';
import {
  EXAM_MESSAGES as M,
  markAboveMax,
  presetForClass,
  isCoScholasticGrade,
  type MarksQuery,
  type MarksSheet,
  type PutMarksInput,
  type PutReportNotesInput,
} from '@vidyalaya/shared/exams';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AcademicYearsService } from '../academic-years/academic-years.service';
import { StaffService } from '../staff/staff.service';
import { ExamsRepository, type ExamRow, type SectionRow } from './exams.repository';
import { ExamRecords, markOf } from './exam-records';
import { AcademicsService } from '../academics/academics.service';

/** Marks entry (a teacher only for the subjects assigned to them; locked once the results are published) and the report card's co-scholastic grades and remarks. */
@Injectable()
export class MarksService {
  constructor(
    private readonly repo: ExamsRepository,
    private readonly records: ExamRecords,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly staff: StaffService,
    private readonly years: AcademicYearsService,
    private readonly academics: AcademicsService,
  ) {}

  // ── marks ───────────────────────────────────────────────────────────────
  /** The section, the subject checked against the exam and the class, and a teacher's assignment. */
  private async marksScope(ctx: WorkspaceContext, exam: ExamRow, sectionId: string, subjectId: string): Promise<{ section: SectionRow; subjectName: string }> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = await this.academics.section(sectionId);
    if (!section) throw new DomainException('NOT_FOUND');
    if (!exam.class_ids.includes(section.class_id)) throw new DomainException('VALIDATION_FAILED', { details: { sectionId: M.sectionNotInExam } });
    const subject = (await this.repo.classSubjects(section.class_id)).find((s) => s.id === subjectId);
    if (!subject) throw new DomainException('VALIDATION_FAILED', { details: { subjectId: M.subjectNotInClass } });
    if (ctx.role === 'teacher') {
      const me = await this.staff.staffOfUser(ctx.userId);
      const mine = me ? await this.staff.assignments(ctx, { sectionId, staffId: me.id, academicYear: section.academic_year }) : null;
      if (!mine?.items.some((a) => a.subjectId === subjectId)) throw new DomainException('FORBIDDEN', { message: 'Only the teacher assigned to this subject in this section can enter its marks.' });
    }
    return { section, subjectName: subject.name };
  }

  async marks(ctx: WorkspaceContext, examId: string, q: MarksQuery): Promise<MarksSheet> {
    const exam = await this.records.examOrThrow(ctx, examId);
    const subjectId = q.subjectId.toLowerCase();
    const { section, subjectName } = await this.marksScope(ctx, exam, q.sectionId.toLowerCase(), subjectId);
    return this.sheet(exam, section, subjectId, subjectName);
  }

  private async sheet(exam: ExamRow, section: SectionRow, subjectId: string, subjectName: string): Promise<MarksSheet> {
    const students = await this.repo.sectionStudents(section.id);
    const marks = await this.repo.marks(exam.id, students.map((s) => s.id), subjectId);
    return {
      examId: exam.id,
      sectionId: section.id,
      subjectId,
      subjectName,
      components: exam.components,
      locked: exam.published_at !== null,
      students: students.map((s) => ({
        studentId: s.id,
        name: s.name,
        rollNumber: s.roll_number,
        admissionNumber: s.admission_number,
        marks: Object.fromEntries(marks.filter((m) => m.student_id === s.id).map((m) => [m.component, markOf(m)])),
      })),
    };
  }

  async putMarks(ctx: WorkspaceContext, examId: string, input: PutMarksInput): Promise<MarksSheet> {
    const exam = await this.records.examOrThrow(ctx, examId);
    const subjectId = input.subjectId.toLowerCase();
    const { section, subjectName } = await this.marksScope(ctx, exam, input.sectionId.toLowerCase(), subjectId);
    // A closed year (a later one is current): its marks stay readable, never changed (409 YEAR_CLOSED).
    await this.years.ensureOpen(exam.academic_year);
    if (exam.published_at) throw new DomainException('MARKS_LOCKED');
    const students = new Map((await this.repo.sectionStudents(section.id)).map((s) => [s.id, s]));
    const components = new Map(exam.components.map((c) => [c.name.toLowerCase(), c]));
    const details: Record<string, string> = {};
    const entries = input.marks.map((m, i) => {
      const studentId = m.studentId.toLowerCase();
      const student = students.get(studentId);
      const component = components.get(m.component.trim().toLowerCase());
      const row = `row ${i + 1}${student ? ` (${student.name})` : ''}`;
      if (!student) details[`marks.${i}.studentId`] = `${M.studentNotInSection} (row ${i + 1})`;
      else if (!component) details[`marks.${i}.component`] = `${M.componentUnknown} (${row})`;
      else if (typeof m.marks === 'number' && m.marks > component.maxMarks) details[`marks.${i}.marks`] = `${markAboveMax(component.maxMarks)} in ${component.name} (${row})`;
      else if (typeof m.marks === 'number' && Math.round(m.marks * 100) !== m.marks * 100) details[`marks.${i}.marks`] = `${M.markInvalid} (${row})`;
      return { studentId, component: component?.name ?? m.component, marks: m.marks };
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const locked = await repo.findExam(examId, true);
      if (locked?.published_at) throw new DomainException('MARKS_LOCKED');
      const before = await repo.marks(examId, [...new Set(entries.map((e) => e.studentId))], subjectId);
      const was = new Map(before.map((b) => [`${b.student_id}:${b.component}`, markOf(b)]));
      const changed = entries.filter((e) => (was.get(`${e.studentId}:${e.component}`) ?? null) !== e.marks);
      if (changed.length === 0) return tx.nothingChanged();
      await repo.saveMarks(examId, section.id, subjectId, changed, ctx.userId, tx.now);
      await tx.audit({
        action: 'exam.marks_entered',
        entity: 'exam',
        entityId: examId,
        before: { sectionId: section.id, subjectId, marks: changed.map((e) => ({ studentId: e.studentId, component: e.component, marks: was.get(`${e.studentId}:${e.component}`) ?? null })) },
        after: { sectionId: section.id, subjectId, marks: changed },
      });
    });
    return this.sheet(exam, section, subjectId, subjectName);
  }

  // ── co-scholastic grades and remarks ────────────────────────────────────
  async putNotes(ctx: WorkspaceContext, examId: string, input: PutReportNotesInput): Promise<{ saved: number }> {
    const exam = await this.records.examOrThrow(ctx, examId);
    const section = await this.records.sectionOfExam(ctx, exam, input.sectionId.toLowerCase());
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.userId)).includes(section.id)) throw new DomainException('FORBIDDEN');
    await this.years.ensureOpen(exam.academic_year);
    if (exam.published_at) throw new DomainException('MARKS_LOCKED');
    const students = new Set((await this.repo.sectionStudents(section.id)).map((s) => s.id));
    const scale = presetForClass(section.class_name).coScholasticScale ?? 'A-E';
    const details: Record<string, string> = {};
    input.students.forEach((s, i) => {
      if (!students.has(s.studentId.toLowerCase())) details[`students.${i}.studentId`] = M.studentNotInSection;
      for (const [area, grade] of Object.entries(s.coScholastic ?? {})) if (!isCoScholasticGrade(scale, grade)) details[`students.${i}.coScholastic.${area}`] = `${M.gradeInvalid} (${scale})`;
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      for (const s of input.students) await repo.saveNote(examId, s.studentId.toLowerCase(), s.coScholastic, s.remarks, tx.now);
      await tx.audit({ action: 'exam.report_notes_set', entity: 'exam', entityId: examId, after: { sectionId: section.id, students: input.students } });
    });
    return { saved: input.students.length };
  }
}
