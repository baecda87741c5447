import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  presetForClass,
  type ReportCardData,
  type ReportCardJobResult,
  type ReportCardLanguage,
  type ReportCardTerm,
  type SectionReportCardsInput,
  type StudentResultsResult,
  reportCardsFileName,
} from '@vidyalaya/shared/exams';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AttendanceService } from '../attendance/attendance.service';
import { JobRegistry, JobsService, type JobContext } from '../jobs';
import { StaffService } from '../staff/staff.service';
import { StudentsService } from '../students/students.service';
import { ExamsRepository } from './exams.repository';
import { renderReportCards } from './report-card.pdf';
import { drawableImage } from '../../common/pdf/image-check';
import { type Snapshot } from './exam-records';
import { ResultsService } from './results.service';
import { AcademicsService } from '../academics/academics.service';

export const REPORT_CARDS_JOB = 'exams.report-cards';
interface ReportCardsJobPayload {
  sectionId: string;
  academicYear: string;
  lang: ReportCardLanguage;
}

/** Report cards as PDFs, one student at a time or a section through a background job; a student's published results. */
@Injectable()
export class ReportCardsService implements OnModuleInit {
  constructor(
    private readonly repo: ExamsRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly staff: StaffService,
    private readonly students: StudentsService,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly attendance: AttendanceService,
    private readonly results: ResultsService,
    private readonly academics: AcademicsService,
  ) {}

  onModuleInit(): void {
    this.registry.register<ReportCardsJobPayload>(REPORT_CARDS_JOB, (job) => this.runSectionJob(job));
  }

  // ── report cards ────────────────────────────────────────────────────────
  /**
   * A student's report card for a year: a published exam from its frozen snapshot; an unpublished
   * one live (marked provisional) for staff only. Null when a guardian has nothing published.
   */
  private async cardData(studentId: string, academicYear: string, staffView: boolean, cache?: Map<string, Map<string, Snapshot>>): Promise<ReportCardData | null> {
    const enrolment = await this.repo.enrolment(studentId, academicYear);
    if (!enrolment) return null;
    const section = (await this.academics.section(enrolment.section_id))!;
    const exams = await this.repo.examsOfClass(academicYear, section.class_id);
    const terms: ReportCardTerm[] = [];
    let frozenStudent: ReportCardData['student'] | null = null;
    for (const exam of exams) {
      if (exam.published_at) {
        const snap = (await this.repo.snapshot(exam.id, studentId))?.data as Snapshot | undefined;
        if (snap) {
          terms.push(snap.term);
          frozenStudent = snap.student;
        }
      } else if (staffView) {
        let live = cache?.get(exam.id);
        if (!live) {
          live = new Map((await this.results.sectionSnapshots(this.repo, exam, section)).map((s) => [s.studentId, s.data]));
          cache?.set(exam.id, live);
        }
        const snap = live.get(studentId);
        if (snap) terms.push({ ...snap.term, published: false });
      }
    }
    if (!staffView && terms.length === 0) return null;
    // The school's "show ranks" setting applies to every card, frozen ones included.
    if (!(await this.repo.reportSettings()).showRanks) for (const term of terms) term.rank = null;
    const school = (await this.repo.school())!;
    const preset = presetForClass(section.class_name);
    return {
      school: { name: school.name, affiliationNumber: school.affiliation_number, schoolCode: school.school_code, address: school.address, principalName: school.principal_name },
      student: frozenStudent ?? {
        id: enrolment.id,
        name: enrolment.name,
        admissionNumber: enrolment.admission_number,
        rollNumber: enrolment.roll_number,
        className: section.class_name,
        sectionName: section.name,
        dateOfBirth: enrolment.date_of_birth,
        guardianName: enrolment.guardian_name,
      },
      academicYear,
      terms,
      coScholasticAreas: preset.coScholasticAreas,
      // The year's attendance from the attendance module, live (the snapshots hold marks, not attendance).
      attendance: await this.attendance.yearSummary(studentId, academicYear),
    };
  }

  /**
   * A student's published results, exam by exam, read from the snapshots frozen at publication (the
   * figures the report card prints; nothing unpublished, for any role), of one year or of every year
   * (newest first). Row scope as the register's: a guardian their own children, a teacher their
   * sections (404 otherwise). The school's "show ranks" setting holds here as on the report card.
   * Both the profile's Marks tab (`…/results`) and the guardian's view (`…/published-results`) read this.
   */
  private async publishedTerms(ctx: WorkspaceContext, studentId: string, academicYear: string | null): Promise<{ academicYear: string; student: Snapshot['student']; term: ReportCardTerm }[]> {
    await this.students.get(ctx, studentId);
    const [rows, { showRanks }] = await Promise.all([this.repo.publishedSnapshots(studentId.toLowerCase(), academicYear), this.repo.reportSettings()]);
    return rows.map((r) => {
      const { student, term } = r.data as Snapshot;
      return { academicYear: r.academic_year, student, term: showRanks ? term : { ...term, rank: null } };
    });
  }

  /** A student's published results of one year (the guardian's view of a child's marks). */
  async publishedResults(ctx: WorkspaceContext, studentId: string, academicYear: string): Promise<ReportCardTerm[]> {
    return (await this.publishedTerms(ctx, studentId, academicYear)).map((r) => r.term);
  }

  /** GET …/students/{studentId}/results: the student's published results per exam, every year (the profile's Marks tab). */
  async studentResults(ctx: WorkspaceContext, studentId: string): Promise<StudentResultsResult> {
    return {
      results: (await this.publishedTerms(ctx, studentId, null)).map(({ academicYear, student, term }) => ({
        examId: term.examId,
        examName: term.examName,
        academicYear,
        term: term.term,
        className: student.className,
        sectionName: student.sectionName,
        subjects: term.subjects,
        total: term.total,
        max: term.max,
        percentage: term.percentage,
        grade: term.grade,
        result: term.result,
        rank: term.rank,
      })),
    };
  }

  async reportCard(ctx: WorkspaceContext, studentId: string, academicYear: string, lang: ReportCardLanguage): Promise<Buffer> {
    // Row scope as the register's: a guardian their own children, a teacher their sections (404 otherwise).
    await this.students.get(ctx, studentId);
    const data = await this.cardData(studentId.toLowerCase(), academicYear, ctx.role !== 'guardian');
    if (!data) {
      if (ctx.role === 'guardian') throw new DomainException('RESULTS_NOT_PUBLISHED');
      throw new DomainException('NOT_FOUND', { message: `This student has no enrolment in ${academicYear}.` });
    }
    return renderReportCards([data], lang, undefined, { logo: await drawableImage(await this.repo.logo()) });
  }

  async startSectionCards(ctx: WorkspaceContext, sectionId: string, input: SectionReportCardsInput): Promise<ReportCardJobResult> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = (await this.academics.section(sectionId.toLowerCase()))!;
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.userId)).includes(section.id)) throw new DomainException('FORBIDDEN');
    const payload: ReportCardsJobPayload = { sectionId: section.id, academicYear: input.academicYear ?? section.academic_year, lang: input.lang };
    const id = await this.writes.run(ctx, (tx) => this.jobs.enqueue(tx, REPORT_CARDS_JOB, payload));
    return { job: { id, state: 'queued' } };
  }

  /** The background job: every student's card of the section in one PDF, progress per student. */
  private async runSectionJob(job: JobContext<ReportCardsJobPayload>): Promise<{ resultUrl: string }> {
    const { sectionId, academicYear, lang } = job.payload;
    const students = await this.repo.sectionStudents(sectionId);
    const cache = new Map<string, Map<string, Snapshot>>();
    const cards: ReportCardData[] = [];
    for (const [i, s] of students.entries()) {
      if (job.signal.aborted) throw new Error('aborted');
      const card = await this.cardData(s.id, academicYear, true, cache);
      if (card) cards.push(card);
      await job.progress(((i + 1) / Math.max(1, students.length)) * 80);
    }
    const pdf = await renderReportCards(cards, lang, undefined, { logo: await drawableImage(await this.repo.logo()) });
    await this.writes.run({ schoolId: job.schoolId, userId: job.createdBy }, async (tx) => {
      await this.repo.in(tx.m).saveFile(job.jobId, sectionId, pdf, tx.now);
      await tx.audit({ action: 'report_cards.generated', entity: 'section', entityId: sectionId, after: { jobId: job.jobId, academicYear, lang, cards: cards.length } });
    });
    return { resultUrl: `/api/v1/schools/${job.schoolId}/report-cards/files/${job.jobId}` };
  }

  /** A section's report cards made by a job, with the file name naming the section (issue 36). */
  async file(ctx: WorkspaceContext, fileId: string): Promise<{ bytes: Buffer; name: string }> {
    await this.access.require(ctx, 'reportCardFile', [fileId]);
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const file = await this.repo.file(fileId.toLowerCase());
    if (!file) throw new DomainException('NOT_FOUND');
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.userId)).includes(file.section_id)) throw new DomainException('FORBIDDEN');
    return { bytes: file.bytes, name: reportCardsFileName(file.class_name, file.section_name, file.academic_year) };
  }
}
