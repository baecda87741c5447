import { Injectable } from '@nestjs/common';
import {
  markEntered,
  missingMarks,
  overallScore,
  type IncompleteSheet,
  type MarksIncompleteDetails,
  type PublishExamInput,
  sectionAnalysis,
  subjectScore,
  type ExamResult,
  type MarkValue,
  type SectionResults,
  type SectionResultsResult,
  type StudentExamResult,
} from '@vidyalaya/shared/exams';
import { DomainException } from '../../common/domain.exception';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { StaffService } from '../staff/staff.service';
import { MessagingService } from '../messaging/messaging.service';
import { ExamsRepository, type ExamRow, type SectionRow, type StudentRow } from './exams.repository';
import { ExamRecords, markOf, type Snapshot } from './exam-records';

/** Results with the section's analysis, and publication (frozen report-card snapshots; MARKS_INCOMPLETE unless an admin publishes knowingly). */
@Injectable()
export class ResultsService {
  constructor(
    private readonly repo: ExamsRepository,
    private readonly records: ExamRecords,
    private readonly writes: SchoolWrites,
    private readonly staff: StaffService,
    private readonly messaging: MessagingService,
  ) {}


  /** Every student's result in a section, ranks and the analysis. */
  private async computeSection(repo: ExamsRepository, exam: ExamRow, section: SectionRow, ranks = true): Promise<{ results: SectionResults; students: StudentRow[] }> {
    const subjects = await this.records.examSubjects(repo, exam, section.class_id);
    const students = await repo.sectionStudents(section.id);
    const marks = await repo.marks(exam.id, students.map((s) => s.id));
    const rows: Omit<StudentExamResult, 'rank'>[] = students.map((st) => {
      const mine = marks.filter((m) => m.student_id === st.id);
      const subjectResults = subjects.map((sub) => {
        const entered = mine.filter((m) => m.subject_id === sub.id && markEntered(markOf(m)));
        // Nothing entered is `marks: null` (shown —), never zero (DECISIONS "Marks not entered are not zero").
        const values: Record<string, MarkValue> | null = entered.length === 0 ? null : Object.fromEntries(entered.map((m) => [m.component, markOf(m)]));
        const score = subjectScore(exam.components, values);
        return {
          subjectId: sub.id,
          subjectName: sub.name,
          marks: values,
          total: score.total,
          max: score.max,
          percentage: score.percentage,
          grade: score.grade,
          pass: score.pass,
          failedComponents: score.failedComponents,
          complete: score.complete,
          absent: score.absentAll,
          score,
        };
      });
      const overall = overallScore(subjectResults.map((r) => ({ subjectId: r.subjectId, score: r.score })));
      return {
        studentId: st.id,
        name: st.name,
        admissionNumber: st.admission_number,
        rollNumber: st.roll_number,
        subjects: subjectResults.map(({ score: _score, ...r }) => r),
        total: overall.total,
        max: overall.max,
        percentage: overall.percentage,
        grade: overall.grade,
        result: overall.result,
      };
    });
    const { students: ranked, analysis } = sectionAnalysis(rows, subjects, { ranks });
    return { results: { examId: exam.id, sectionId: section.id, published: exam.published_at !== null, subjects, students: ranked, analysis }, students };
  }

  async results(ctx: WorkspaceContext, examId: string, sectionId: string, ranksAsked?: boolean): Promise<SectionResultsResult> {
    const ranks = ranksAsked ?? (await this.repo.reportSettings()).showRanks;
    const exam = await this.records.examOrThrow(ctx, examId);
    const section = await this.records.sectionOfExam(ctx, exam, sectionId.toLowerCase());
    // A guardian reads their own child's report card, never a section's results; a teacher their own sections'.
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.userId)).includes(section.id)) throw new DomainException('FORBIDDEN');
    const { results } = await this.computeSection(this.repo, exam, section, ranks);
    return { results };
  }

  // ── publication ─────────────────────────────────────────────────────────
  /** The report-card snapshot of each student of a section for an exam. */
  async sectionSnapshots(repo: ExamsRepository, exam: ExamRow, section: SectionRow): Promise<{ studentId: string; data: Snapshot }[]> {
    const { results, students } = await this.computeSection(repo, exam, section);
    const notes = new Map((await repo.notes(exam.id, students.map((s) => s.id))).map((n) => [n.student_id, n]));
    return results.students.map((r) => {
      const st = students.find((s) => s.id === r.studentId)!;
      const note = notes.get(r.studentId);
      return {
        studentId: r.studentId,
        data: {
          student: {
            id: st.id,
            name: st.name,
            admissionNumber: st.admission_number,
            rollNumber: st.roll_number,
            className: section.class_name,
            sectionName: section.name,
            dateOfBirth: st.date_of_birth,
            guardianName: st.guardian_name,
          },
          term: {
            examId: exam.id,
            examName: exam.name,
            term: exam.term,
            published: true,
            components: exam.components,
            subjects: r.subjects,
            total: r.total,
            max: r.max,
            percentage: r.percentage,
            grade: r.grade,
            result: r.result,
            rank: r.rank,
            coScholastic: note?.co_scholastic ?? {},
            remarks: note?.remarks ?? null,
          },
        },
      };
    });
  }

  /** Every sheet (section × subject) of the exam still lacking student × component marks ('AB' is entered). */
  private async incompleteSheets(repo: ExamsRepository, exam: ExamRow): Promise<IncompleteSheet[]> {
    const out: IncompleteSheet[] = [];
    for (const section of await repo.sectionsOfClasses(exam.class_ids)) {
      const students = (await repo.sectionStudents(section.id)).map((s) => s.id);
      if (students.length === 0) continue;
      const marks = await repo.marks(exam.id, students);
      for (const subject of await this.records.examSubjects(repo, exam, section.class_id)) {
        const entered = new Set(marks.filter((m) => m.subject_id === subject.id && markEntered(markOf(m))).map((m) => `${m.student_id}:${m.component}`));
        const missing = missingMarks(exam.components, students, entered);
        if (missing > 0) out.push({ sectionId: section.id, subjectId: subject.id, missing });
      }
    }
    return out;
  }

  /**
   * Publishes: refused (409 MARKS_INCOMPLETE, the empty sheets in `details.sheets`) while any sheet
   * lacks marks, unless an admin says `allowIncomplete` (another role saying so: 403). Published
   * incomplete, a child with a subject missing has no percentage and no rank.
   */
  async publish(ctx: WorkspaceContext, examId: string, input: PublishExamInput = {}): Promise<ExamResult> {
    await this.records.examOrThrow(ctx, examId);
    if (input.allowIncomplete && ctx.role !== 'admin') throw new DomainException('FORBIDDEN', { message: 'Only an admin can publish results while marks are missing.' });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const exam = (await repo.findExam(examId, true))!;
      if (exam.published_at) return tx.nothingChanged();
      const incomplete = await this.incompleteSheets(repo, exam);
      if (incomplete.length > 0 && !input.allowIncomplete) {
        const details: MarksIncompleteDetails = { sheets: incomplete };
        throw new DomainException('MARKS_INCOMPLETE', { details: { ...details } });
      }
      const snapshots: { studentId: string; data: Snapshot }[] = [];
      for (const section of await repo.sectionsOfClasses(exam.class_ids)) snapshots.push(...(await this.sectionSnapshots(repo, exam, section)));
      await repo.saveSnapshots(examId, snapshots, tx.now);
      await repo.setPublished(examId, tx.now, ctx.userId);
      await tx.audit({
        action: 'exam.published',
        entity: 'exam',
        entityId: examId,
        before: { status: 'draft' },
        after: { status: 'published', reportCards: snapshots.length, ...(incomplete.length > 0 ? { incompleteSheets: incomplete } : {}) },
      });
      await this.messaging.queue(tx, { event: 'results', ref: examId, studentIds: snapshots.map((x) => x.studentId), values: { examName: exam.name.slice(0, 30) } });
    });
    return this.records.examResult(ctx, examId);
  }

  /** Unlocks the marks (admin only; audited). Guardians see no report card of this exam until it is published again. */
  async unpublish(ctx: WorkspaceContext, examId: string): Promise<ExamResult> {
    await this.records.examOrThrow(ctx, examId);
    if (ctx.role !== 'admin') throw new DomainException('FORBIDDEN');
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const exam = (await repo.findExam(examId, true))!;
      if (!exam.published_at) return tx.nothingChanged();
      await repo.setPublished(examId, null, null);
      await tx.audit({ action: 'exam.unpublished', entity: 'exam', entityId: examId, before: { status: 'published', publishedAt: exam.published_at }, after: { status: 'draft' } });
    });
    return this.records.examResult(ctx, examId);
  }
}
