import { Injectable } from '@nestjs/common';
import { naturalCompare, sortByCatalogue, type Page } from '@vidyalaya/shared';
import {
  dateSheetClashes,
  EXAM_MESSAGES as M,
  examYear,
  paperDateProblem,
  type PublishExamInput,
  presetForClass,
  ASSESSMENT_PRESETS,
  CLASS_BANDS,
  type AssessmentScheme,
  type AssessmentSchemeParams,
  type AssessmentSchemeResult,
  type AssessmentSchemesResult,
  type PutAssessmentSchemeInput,
  type PutReportSettingsInput,
  type ReportSettingsResult,
  type CreateExamInput,
  type DateSheetResult,
  type Exam,
  type ExamResult,
  type ExamYear,
  type ExamClassesResult,
  type ExamSheetsResult,
  classBand,
  type ListExamsQuery,
  type MarksQuery,
  type MarksSheet,
  type PutDateSheetInput,
  type PutMarksInput,
  type PutReportNotesInput,
  type ReportCardJobResult,
  type ReportCardLanguage,
  type ReportCardTerm,
  type SectionReportCardsInput,
  type SectionResultsResult,
  type StudentResultsResult,
} from '@vidyalaya/shared/exams';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AcademicYearsService } from '../academic-years/academic-years.service';
import { CalendarService } from '../calendar/calendar.service';
import { StaffService } from '../staff/staff.service';
import { ExamsRepository, type ExamRow } from './exams.repository';
import { checkedImageType, drawableImage } from '../../common/pdf/image-check';
import { ExamRecords, toExam } from './exam-records';
import { MarksService } from './marks.service';
import { ReportCardsService } from './report-cards.service';
import { ResultsService } from './results.service';

/** The image type of a logo from its first bytes (PNG or JPEG), null for anything else. */
export function logoType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

// The report-cards job's name, where it always was (the manifest and other code import it from here).
export { REPORT_CARDS_JOB } from './report-cards.service';

/**
 * Exams, their assessment schemes, the report-card settings and the date sheet. Split along its
 * seams (issue 34): marks entry is MarksService (marks.service.ts), results and publication
 * ResultsService (results.service.ts), report cards ReportCardsService (report-cards.service.ts);
 * the calls below the line keep this service's answer for the controller and the other modules.
 */
@Injectable()
export class ExamsService {
  constructor(
    private readonly repo: ExamsRepository,
    private readonly records: ExamRecords,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly staff: StaffService,
    private readonly years: AcademicYearsService,
    private readonly calendar: CalendarService,
    private readonly marksService: MarksService,
    private readonly resultsService: ResultsService,
    private readonly reportCards: ReportCardsService,
  ) {}

  // ── exams ───────────────────────────────────────────────────────────────
  async create(ctx: WorkspaceContext, input: CreateExamInput): Promise<ExamResult> {
    await this.access.require(ctx, 'class', input.classIds);
    const classes = await this.repo.classes(input.classIds);
    const details: Record<string, string> = {};
    input.classIds.forEach((id, i) => {
      if (classes.find((c) => c.id === id)?.academic_year !== input.academicYear) details[`classIds.${i}`] = `This class is not of ${input.academicYear}`;
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
    const names = new Map(classes.map((c) => [c.id, c.name]));
    return this.writes.run(ctx, async (tx) => {
      const row = await this.repo.in(tx.m).insertExam(input, ctx.userId, tx.now);
      const exam = toExam(row, names);
      await tx.audit({ action: 'exam.created', entity: 'exam', entityId: row.id, after: exam });
      return { exam };
    });
  }

  async list(q: ListExamsQuery): Promise<Page<Exam>> {
    const { rows, total } = await this.repo.listExams(q.academicYear, q.page, q.pageSize);
    return { items: await this.records.withClassNames(rows), total, page: q.page, pageSize: q.pageSize };
  }

  get(ctx: WorkspaceContext, examId: string): Promise<ExamResult> {
    return this.records.examResult(ctx, examId);
  }

  // ── assessment schemes ──────────────────────────────────────────────────
  /** The school's scheme of every band and term: its own where it changed the preset, else the preset; locked once this year has marks. */
  private async loadSchemes(repo: ExamsRepository): Promise<AssessmentScheme[]> {
    const [own, year] = await Promise.all([repo.schemes(), repo.currentYear()]);
    const marked = await repo.examsWithMarks(year);
    const out: AssessmentScheme[] = [];
    for (const band of CLASS_BANDS) {
      const preset = ASSESSMENT_PRESETS[band];
      for (let term = 1; term <= preset.terms; term += 1) {
        const mine = own.find((r) => r.band === band && Number(r.term) === term);
        out.push({
          band,
          term,
          components: mine ? mine.components : preset.components(term),
          custom: !!mine,
          locked: marked.some((e) => Number(e.term) === term && e.class_names.some((n) => classBand(n) === band)),
        });
      }
    }
    return out;
  }

  // ── report-card settings and the logo ───────────────────────────────────
  async reportSettings(): Promise<ReportSettingsResult> {
    return { settings: await this.repo.reportSettings() };
  }

  async putReportSettings(ctx: WorkspaceContext, input: PutReportSettingsInput): Promise<ReportSettingsResult> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.reportSettings();
      await repo.saveShowRanks(input.showRanks, tx.now);
      await tx.audit({ action: 'report_settings.updated', entity: 'report_settings', entityId: ctx.schoolId, before: { showRanks: before.showRanks }, after: { showRanks: input.showRanks } });
      return { settings: { ...before, showRanks: input.showRanks } };
    });
  }

  /** PUT …/logo: a PNG or JPEG (read from the bytes, not the name) of at most 256 KB; audited without the image. */
  async setLogo(ctx: WorkspaceContext, bytes: Buffer): Promise<ReportSettingsResult> {
    // The whole image checked, and drawn once by the PDF library, before it is kept (issue 33 row 5).
    const type = checkedImageType(bytes) as 'image/png' | 'image/jpeg' | null;
    if (!type || !(await drawableImage(bytes))) throw new DomainException('LOGO_INVALID');
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.saveLogo(type, bytes, tx.now);
      await tx.audit({ action: 'school_logo.set', entity: 'report_settings', entityId: ctx.schoolId, after: { contentType: type, bytes: bytes.length } });
      return { settings: await repo.reportSettings() };
    });
  }

  /** GET …/logo: the stored image as uploaded, its type read from its bytes (as the upload checks them); 404 when there is none. */
  async logo(): Promise<{ contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }> {
    const bytes = await this.repo.logo();
    const contentType = bytes ? logoType(bytes) : null;
    if (!bytes || !contentType) throw new DomainException('NOT_FOUND');
    return { contentType, bytes };
  }

  /** DELETE …/logo: audited; without a logo nothing changes (and nothing is written). */
  async removeLogo(ctx: WorkspaceContext): Promise<ReportSettingsResult> {
    const now = await this.repo.reportSettings();
    if (!now.hasLogo) return { settings: now };
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.saveLogo(null, null, tx.now);
      await tx.audit({ action: 'school_logo.removed', entity: 'report_settings', entityId: ctx.schoolId });
      return { settings: await repo.reportSettings() };
    });
  }

  async schemes(): Promise<AssessmentSchemesResult> {
    return { schemes: await this.loadSchemes(this.repo) };
  }

  /** PUT …/assessment-schemes/{band}/{term}: audited; refused (409 SCHEME_IN_USE) once this year's marks use it. */
  async putScheme(ctx: WorkspaceContext, p: AssessmentSchemeParams, input: PutAssessmentSchemeInput): Promise<AssessmentSchemeResult> {
    const band = p.band;
    if (p.term > ASSESSMENT_PRESETS[band].terms) {
      throw new DomainException('VALIDATION_FAILED', { details: { term: `Classes of this band have ${ASSESSMENT_PRESETS[band].terms} term(s) a year` } });
    }
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = (await this.loadSchemes(repo)).find((x) => x.band === band && x.term === p.term)!;
      if (before.locked) throw new DomainException('SCHEME_IN_USE');
      const components = input.components.map((c) => ({ ...c, name: c.name.trim() }));
      await repo.saveScheme(band, p.term, components, ctx.userId, tx.now);
      const scheme: AssessmentScheme = { band, term: p.term, components, custom: true, locked: false };
      await tx.audit({ action: 'assessment_scheme.updated', entity: 'assessment_scheme', entityId: ctx.schoolId, before: { band, term: p.term, components: before.components }, after: { band, term: p.term, components } });
      return { scheme };
    });
  }

  /** The year's classes with their sections, subjects and preset (the exam form's choices). */
  async examClasses(academicYear: string | undefined): Promise<ExamClassesResult> {
    const year = academicYear ?? (await this.repo.currentYear());
    if (!year) return { academicYear: null, classes: [] };
    const classes = sortByCatalogue(await this.repo.classesOfYear(year), (c) => c.name);
    const ids = classes.map((c) => c.id);
    const [sections, subjects, own] = await Promise.all([this.repo.sectionsOfClasses(ids), this.repo.allClassSubjects(ids), this.repo.schemes()]);
    return {
      academicYear: year,
      classes: classes.map((c) => {
        const preset = presetForClass(c.name);
        return {
          id: c.id,
          name: c.name,
          band: classBand(c.name),
          presetComponents: own.find((r) => r.band === classBand(c.name) && Number(r.term) === 1)?.components ?? preset.components(1),
          coScholasticScale: preset.coScholasticScale,
          sections: sections.filter((s) => s.class_id === c.id).sort((x, y) => naturalCompare(x.name, y.name)).map((s) => ({ id: s.id, name: s.name })),
          subjects: subjects.filter((s) => s.class_id === c.id).map((s) => ({ id: s.id, name: s.name })),
        };
      }),
    };
  }

  /** The exam's section × subject sheets the caller may open; `canEnter` for marks entry. */
  async sheets(ctx: WorkspaceContext, examId: string): Promise<ExamSheetsResult> {
    const exam = await this.records.examOrThrow(ctx, examId);
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const sections = await this.repo.sectionsOfClasses(exam.class_ids);
    let mine: Set<string> | null = null;
    let taught: Set<string> | null = null;
    if (ctx.role === 'teacher') {
      const me = await this.staff.staffOfUser(ctx.userId);
      const list = me ? await this.staff.assignments(ctx, { staffId: me.id, academicYear: exam.academic_year, sectionId: undefined }) : null;
      mine = new Set((list?.items ?? []).map((a) => `${a.sectionId}:${a.subjectId}`));
      taught = new Set(await this.staff.sectionsTaughtBy(ctx.userId));
    }
    const canEnter = ctx.role === 'admin' || ctx.role === 'teacher';
    const sheets: ExamSheetsResult['sheets'] = [];
    for (const section of sections) {
      if (taught && !taught.has(section.id)) continue;
      for (const subject of await this.records.examSubjects(this.repo, exam, section.class_id)) {
        const entering = canEnter && (!mine || mine.has(`${section.id}:${subject.id}`));
        sheets.push({ sectionId: section.id, sectionName: section.name, classId: section.class_id, className: section.class_name, subjectId: subject.id, subjectName: subject.name, canEnter: entering });
      }
    }
    return { sheets };
  }

  // ── date sheet ──────────────────────────────────────────────────────────
  /** The exam's academic year as the school keeps it (its `academic_years` row), else April–March of the name. */
  private async yearOf(exam: ExamRow): Promise<ExamYear | null> {
    return examYear(exam.academic_year, await this.years.byName(exam.academic_year));
  }

  async dateSheet(ctx: WorkspaceContext, examId: string): Promise<DateSheetResult> {
    const exam = await this.records.examOrThrow(ctx, examId);
    const [rows, academicYear] = await Promise.all([this.repo.papers(examId), this.yearOf(exam)]);
    const papers = rows.map((r) => ({ classId: r.class_id, className: r.class_name, subjectId: r.subject_id, subjectName: r.subject_name, date: r.on_date, startsAt: r.starts_at, endsAt: r.ends_at }));
    return { dateSheet: { examId, papers, clashes: dateSheetClashes(papers), academicYear } };
  }

  /**
   * Replaces the whole date sheet. Refused (400, every problem at once, nothing written): a class
   * not in the exam, a subject the class does not take, a date outside the exam's academic year,
   * a day the calendar closes the school for that class (the rule attendance keeps).
   */
  async putDateSheet(ctx: WorkspaceContext, examId: string, input: PutDateSheetInput): Promise<DateSheetResult> {
    const exam = await this.records.examOrThrow(ctx, examId);
    const papers = input.papers.map((p) => ({ ...p, classId: p.classId.toLowerCase(), subjectId: p.subjectId.toLowerCase() }));
    const details: Record<string, string> = {};
    const subjectsByClass = new Map<string, Set<string>>();
    for (const classId of exam.class_ids) subjectsByClass.set(classId, new Set((await this.repo.classSubjects(classId)).map((s) => s.id)));
    const [year, closed] = await Promise.all([this.yearOf(exam), this.calendar.holidaysOn(papers.map((p) => ({ date: p.date, classId: p.classId })))]);
    papers.forEach((p, i) => {
      const subjects = subjectsByClass.get(p.classId);
      if (!subjects) details[`papers.${i}.classId`] = M.classNotInExam;
      else if (!subjects.has(p.subjectId)) details[`papers.${i}.subjectId`] = 'This subject is not taught in this class';
      const problem = paperDateProblem(p.date, year, closed[i]);
      if (problem) details[`papers.${i}.date`] = problem;
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.papers(examId);
      await repo.replacePapers(examId, papers);
      await tx.audit({ action: 'exam.date_sheet_set', entity: 'exam', entityId: examId, before, after: papers });
    });
    return this.dateSheet(ctx, examId);
  }

  // ── the other exams services, for the controller and the modules that call this one ────────────
  marks(ctx: WorkspaceContext, examId: string, q: MarksQuery): Promise<MarksSheet> {
    return this.marksService.marks(ctx, examId, q);
  }
  putMarks(ctx: WorkspaceContext, examId: string, input: PutMarksInput): Promise<MarksSheet> {
    return this.marksService.putMarks(ctx, examId, input);
  }
  putNotes(ctx: WorkspaceContext, examId: string, input: PutReportNotesInput): Promise<{ saved: number }> {
    return this.marksService.putNotes(ctx, examId, input);
  }
  results(ctx: WorkspaceContext, examId: string, sectionId: string, ranksAsked?: boolean): Promise<SectionResultsResult> {
    return this.resultsService.results(ctx, examId, sectionId, ranksAsked);
  }
  publish(ctx: WorkspaceContext, examId: string, input: PublishExamInput = {}): Promise<ExamResult> {
    return this.resultsService.publish(ctx, examId, input);
  }
  unpublish(ctx: WorkspaceContext, examId: string): Promise<ExamResult> {
    return this.resultsService.unpublish(ctx, examId);
  }
  publishedResults(ctx: WorkspaceContext, studentId: string, academicYear: string): Promise<ReportCardTerm[]> {
    return this.reportCards.publishedResults(ctx, studentId, academicYear);
  }
  studentResults(ctx: WorkspaceContext, studentId: string): Promise<StudentResultsResult> {
    return this.reportCards.studentResults(ctx, studentId);
  }
  reportCard(ctx: WorkspaceContext, studentId: string, academicYear: string, lang: ReportCardLanguage): Promise<Buffer> {
    return this.reportCards.reportCard(ctx, studentId, academicYear, lang);
  }
  startSectionCards(ctx: WorkspaceContext, sectionId: string, input: SectionReportCardsInput): Promise<ReportCardJobResult> {
    return this.reportCards.startSectionCards(ctx, sectionId, input);
  }
  file(ctx: WorkspaceContext, fileId: string): Promise<{ bytes: Buffer; name: string }> {
    return this.reportCards.file(ctx, fileId);
  }
}
