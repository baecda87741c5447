import { Injectable } from '@nestjs/common';
import { EXAM_MESSAGES as M, type Exam, type ExamResult, type MarkValue, type ReportCardData, type ReportCardTerm } from '@vidyalaya/shared/exams';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { ExamsRepository, type ExamRow, type SectionRow } from './exams.repository';
import { AcademicsService } from '../academics/academics.service';

/** The frozen part of a report card stored at publication, per student and exam. */
export interface Snapshot {
  student: ReportCardData['student'];
  term: ReportCardTerm;
}

export function toExam(r: ExamRow, classNames: Map<string, string>): Exam {
  return {
    id: r.id,
    name: r.name,
    academicYear: r.academic_year,
    term: r.term,
    classIds: r.class_ids,
    classes: r.class_ids.map((id) => ({ id, name: classNames.get(id) ?? '' })),
    components: r.components,
    status: r.published_at ? 'published' : 'draft',
    publishedAt: r.published_at ? r.published_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
  };
}

export const markOf = (m: { marks: number | null; absent: boolean }): MarkValue => (m.absent ? 'AB' : m.marks);

/**
 * What the exams services share (exams.service, marks, results, report cards): an exam or a section
 * of it checked against the caller's school and row scope, the subjects an exam covers.
 */
@Injectable()
export class ExamRecords {
  constructor(
    private readonly repo: ExamsRepository,
    private readonly access: AccessService,
    private readonly academics: AcademicsService,
  ) {}

  async examOrThrow(ctx: Pick<WorkspaceContext, 'schoolId'>, examId: string): Promise<ExamRow> {
    await this.access.require(ctx, 'exam', [examId]);
    const exam = await this.repo.findExam(examId);
    if (!exam) throw new DomainException('NOT_FOUND');
    return exam;
  }

  async withClassNames(rows: ExamRow[]): Promise<Exam[]> {
    const ids = [...new Set(rows.flatMap((r) => r.class_ids))];
    const names = new Map((await this.repo.classes(ids)).map((c) => [c.id, c.name]));
    return rows.map((r) => toExam(r, names));
  }

  async sectionOfExam(ctx: WorkspaceContext, exam: ExamRow, sectionId: string): Promise<SectionRow> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = await this.academics.section(sectionId);
    if (!section) throw new DomainException('NOT_FOUND');
    if (!exam.class_ids.includes(section.class_id)) throw new DomainException('VALIDATION_FAILED', { details: { sectionId: M.sectionNotInExam } });
    return section;
  }

  /** The subjects an exam covers in a class: those on its date sheet, or all the class's subjects. */
  async examSubjects(repo: ExamsRepository, exam: ExamRow, classId: string): Promise<{ id: string; name: string }[]> {
    const all = await repo.classSubjects(classId);
    const onSheet = new Set(await repo.paperSubjects(exam.id, classId));
    return onSheet.size === 0 ? all : all.filter((s) => onSheet.has(s.id));
  }

  /** An exam as the API answers it. */
  async examResult(ctx: Pick<WorkspaceContext, 'schoolId'>, examId: string): Promise<ExamResult> {
    const [exam] = await this.withClassNames([await this.examOrThrow(ctx, examId)]);
    return { exam };
  }
}
