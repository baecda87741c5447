import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  dateSheetClashes,
  EXAM_MESSAGES as M,
  examYear,
  paperDateProblem,
  markAboveMax,
  markEntered,
  missingMarks,
  overallScore,
  type IncompleteSheet,
  type MarksIncompleteDetails,
  type PublishExamInput,
  presetForClass,
  reportCardsFileName,
  sectionAnalysis,
  subjectScore,
  isCoScholasticGrade,
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
  naturalCompare,
  sortByCatalogue,
  type ListExamsQuery,
  type MarksQuery,
  type MarksSheet,
  type MarkValue,
  type Page,
  type PutDateSheetInput,
  type PutMarksInput,
  type PutReportNotesInput,
  type ReportCardData,
  type ReportCardJobResult,
  type ReportCardLanguage,
  type ReportCardTerm,
  type SectionReportCardsInput,
  type SectionResults,
  type SectionResultsResult,
  type StudentExamResult,
  type StudentResultsResult,
} from '@vidyalaya/shared';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AcademicYearsService } from '../academic-years/academic-years.service';
import { AttendanceService } from '../attendance/attendance.service';
import { CalendarService } from '../calendar/calendar.service';
import { JobRegistry, JobsService, type JobContext } from '../jobs';
import { StaffService } from '../staff/staff.service';
import { MessagingService } from '../messaging/messaging.service';
import { StudentsService } from '../students/students.service';
import { ExamsRepository, type ExamRow, type SectionRow, type StudentRow } from './exams.repository';
import { renderReportCards } from './report-card.pdf';
import { checkedImageType, drawableImage } from '../../common/pdf/image-check';

/** The image type of a logo from its first bytes (PNG or JPEG), null for anything else. */
export function logoType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export const REPORT_CARDS_JOB = 'exams.report-cards';
interface ReportCardsJobPayload {
  sectionId: string;
  academicYear: string;
  lang: ReportCardLanguage;
}

/** The frozen part of a report card stored at publication, per student and exam. */
interface Snapshot {
  student: ReportCardData['student'];
  term: ReportCardTerm;
}

function toExam(r: ExamRow, classNames: Map<string, string>): Exam {
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

const markOf = (m: { marks: number | null; absent: boolean }): MarkValue => (m.absent ? 'AB' : m.marks);

/**
 * Exams and the date sheet, marks entry (a teacher only for the subjects assigned to them; locked
 * once the results are published), results with the section's analysis, publication (frozen
 * report-card snapshots) and report cards as PDFs, one student at a time or a section through a
 * background job.
 */
@Injectable()
export class ExamsService implements OnModuleInit {
  constructor(
    private readonly repo: ExamsRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly staff: StaffService,
    private readonly students: StudentsService,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly attendance: AttendanceService,
    private readonly years: AcademicYearsService,
    private readonly calendar: CalendarService,
    private readonly messaging: MessagingService,
  ) {}

  onModuleInit(): void {
    this.registry.register<ReportCardsJobPayload>(REPORT_CARDS_JOB, (job) => this.runSectionJob(job));
  }

  // ── exams ───────────────────────────────────────────────────────────────
  private async examOrThrow(ctx: Pick<WorkspaceContext, 'schoolId'>, examId: string): Promise<ExamRow> {
    await this.access.require(ctx, 'exam', [examId]);
    const exam = await this.repo.findExam(ctx.schoolId, examId);
    if (!exam) throw new DomainException('NOT_FOUND');
    return exam;
  }

  private async withClassNames(schoolId: string, rows: ExamRow[]): Promise<Exam[]> {
    const ids = [...new Set(rows.flatMap((r) => r.class_ids))];
    const names = new Map((await this.repo.classes(schoolId, ids)).map((c) => [c.id, c.name]));
    return rows.map((r) => toExam(r, names));
  }

  async create(ctx: WorkspaceContext, input: CreateExamInput): Promise<ExamResult> {
    await this.access.require(ctx, 'class', input.classIds);
    const classes = await this.repo.classes(ctx.schoolId, input.classIds);
    const details: Record<string, string> = {};
    input.classIds.forEach((id, i) => {
      if (classes.find((c) => c.id === id)?.academic_year !== input.academicYear) details[`classIds.${i}`] = `This class is not of ${input.academicYear}`;
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
    const names = new Map(classes.map((c) => [c.id, c.name]));
    return this.writes.run(ctx, async (tx) => {
      const row = await this.repo.in(tx.m).insertExam(ctx.schoolId, input, ctx.userId, tx.now);
      const exam = toExam(row, names);
      await tx.audit({ action: 'exam.created', entity: 'exam', entityId: row.id, after: exam });
      return { exam };
    });
  }

  async list(ctx: WorkspaceContext, q: ListExamsQuery): Promise<Page<Exam>> {
    const { rows, total } = await this.repo.listExams(ctx.schoolId, q.academicYear, q.page, q.pageSize);
    return { items: await this.withClassNames(ctx.schoolId, rows), total, page: q.page, pageSize: q.pageSize };
  }

  async get(ctx: WorkspaceContext, examId: string): Promise<ExamResult> {
    const [exam] = await this.withClassNames(ctx.schoolId, [await this.examOrThrow(ctx, examId)]);
    return { exam };
  }

  // ── assessment schemes ──────────────────────────────────────────────────
  /** The school's scheme of every band and term: its own where it changed the preset, else the preset; locked once this year has marks. */
  private async loadSchemes(repo: ExamsRepository, schoolId: string): Promise<AssessmentScheme[]> {
    const [own, year] = await Promise.all([repo.schemes(schoolId), repo.currentYear(schoolId)]);
    const marked = await repo.examsWithMarks(schoolId, year);
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
  async reportSettings(ctx: WorkspaceContext): Promise<ReportSettingsResult> {
    return { settings: await this.repo.reportSettings(ctx.schoolId) };
  }

  async putReportSettings(ctx: WorkspaceContext, input: PutReportSettingsInput): Promise<ReportSettingsResult> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.reportSettings(ctx.schoolId);
      await repo.saveShowRanks(ctx.schoolId, input.showRanks, tx.now);
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
      await repo.saveLogo(ctx.schoolId, type, bytes, tx.now);
      await tx.audit({ action: 'school_logo.set', entity: 'report_settings', entityId: ctx.schoolId, after: { contentType: type, bytes: bytes.length } });
      return { settings: await repo.reportSettings(ctx.schoolId) };
    });
  }

  /** GET …/logo: the stored image as uploaded, its type read from its bytes (as the upload checks them); 404 when there is none. */
  async logo(ctx: WorkspaceContext): Promise<{ contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }> {
    const bytes = await this.repo.logo(ctx.schoolId);
    const contentType = bytes ? logoType(bytes) : null;
    if (!bytes || !contentType) throw new DomainException('NOT_FOUND');
    return { contentType, bytes };
  }

  /** DELETE …/logo: audited; without a logo nothing changes (and nothing is written). */
  async removeLogo(ctx: WorkspaceContext): Promise<ReportSettingsResult> {
    const now = await this.repo.reportSettings(ctx.schoolId);
    if (!now.hasLogo) return { settings: now };
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.saveLogo(ctx.schoolId, null, null, tx.now);
      await tx.audit({ action: 'school_logo.removed', entity: 'report_settings', entityId: ctx.schoolId });
      return { settings: await repo.reportSettings(ctx.schoolId) };
    });
  }

  async schemes(ctx: WorkspaceContext): Promise<AssessmentSchemesResult> {
    return { schemes: await this.loadSchemes(this.repo, ctx.schoolId) };
  }

  /** PUT …/assessment-schemes/{band}/{term}: audited; refused (409 SCHEME_IN_USE) once this year's marks use it. */
  async putScheme(ctx: WorkspaceContext, p: AssessmentSchemeParams, input: PutAssessmentSchemeInput): Promise<AssessmentSchemeResult> {
    const band = p.band;
    if (p.term > ASSESSMENT_PRESETS[band].terms) {
      throw new DomainException('VALIDATION_FAILED', { details: { term: `Classes of this band have ${ASSESSMENT_PRESETS[band].terms} term(s) a year` } });
    }
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = (await this.loadSchemes(repo, ctx.schoolId)).find((x) => x.band === band && x.term === p.term)!;
      if (before.locked) throw new DomainException('SCHEME_IN_USE');
      const components = input.components.map((c) => ({ ...c, name: c.name.trim() }));
      await repo.saveScheme(ctx.schoolId, band, p.term, components, ctx.userId, tx.now);
      const scheme: AssessmentScheme = { band, term: p.term, components, custom: true, locked: false };
      await tx.audit({ action: 'assessment_scheme.updated', entity: 'assessment_scheme', entityId: ctx.schoolId, before: { band, term: p.term, components: before.components }, after: { band, term: p.term, components } });
      return { scheme };
    });
  }

  /** The year's classes with their sections, subjects and preset (the exam form's choices). */
  async examClasses(ctx: WorkspaceContext, academicYear: string | undefined): Promise<ExamClassesResult> {
    const year = academicYear ?? (await this.repo.currentYear(ctx.schoolId));
    if (!year) return { academicYear: null, classes: [] };
    const classes = sortByCatalogue(await this.repo.classesOfYear(ctx.schoolId, year), (c) => c.name);
    const ids = classes.map((c) => c.id);
    const [sections, subjects, own] = await Promise.all([this.repo.sectionsOfClasses(ctx.schoolId, ids), this.repo.allClassSubjects(ctx.schoolId, ids), this.repo.schemes(ctx.schoolId)]);
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
    const exam = await this.examOrThrow(ctx, examId);
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const sections = await this.repo.sectionsOfClasses(ctx.schoolId, exam.class_ids);
    let mine: Set<string> | null = null;
    let taught: Set<string> | null = null;
    if (ctx.role === 'teacher') {
      const me = await this.staff.staffOfUser(ctx.schoolId, ctx.userId);
      const list = me ? await this.staff.assignments(ctx, { staffId: me.id, academicYear: exam.academic_year, sectionId: undefined }) : null;
      mine = new Set((list?.items ?? []).map((a) => `${a.sectionId}:${a.subjectId}`));
      taught = new Set(await this.staff.sectionsTaughtBy(ctx.schoolId, ctx.userId));
    }
    const canEnter = ctx.role === 'admin' || ctx.role === 'teacher';
    const sheets: ExamSheetsResult['sheets'] = [];
    for (const section of sections) {
      if (taught && !taught.has(section.id)) continue;
      for (const subject of await this.examSubjects(this.repo, ctx.schoolId, exam, section.class_id)) {
        const entering = canEnter && (!mine || mine.has(`${section.id}:${subject.id}`));
        sheets.push({ sectionId: section.id, sectionName: section.name, classId: section.class_id, className: section.class_name, subjectId: subject.id, subjectName: subject.name, canEnter: entering });
      }
    }
    return { sheets };
  }

  // ── date sheet ──────────────────────────────────────────────────────────
  /** The exam's academic year as the school keeps it (its `academic_years` row), else April–March of the name. */
  private async yearOf(schoolId: string, exam: ExamRow): Promise<ExamYear | null> {
    return examYear(exam.academic_year, await this.years.byName(schoolId, exam.academic_year));
  }

  async dateSheet(ctx: WorkspaceContext, examId: string): Promise<DateSheetResult> {
    const exam = await this.examOrThrow(ctx, examId);
    const [rows, academicYear] = await Promise.all([this.repo.papers(ctx.schoolId, examId), this.yearOf(ctx.schoolId, exam)]);
    const papers = rows.map((r) => ({ classId: r.class_id, className: r.class_name, subjectId: r.subject_id, subjectName: r.subject_name, date: r.on_date, startsAt: r.starts_at, endsAt: r.ends_at }));
    return { dateSheet: { examId, papers, clashes: dateSheetClashes(papers), academicYear } };
  }

  /**
   * Replaces the whole date sheet. Refused (400, every problem at once, nothing written): a class
   * not in the exam, a subject the class does not take, a date outside the exam's academic year,
   * a day the calendar closes the school for that class (the rule attendance keeps).
   */
  async putDateSheet(ctx: WorkspaceContext, examId: string, input: PutDateSheetInput): Promise<DateSheetResult> {
    const exam = await this.examOrThrow(ctx, examId);
    const papers = input.papers.map((p) => ({ ...p, classId: p.classId.toLowerCase(), subjectId: p.subjectId.toLowerCase() }));
    const details: Record<string, string> = {};
    const subjectsByClass = new Map<string, Set<string>>();
    for (const classId of exam.class_ids) subjectsByClass.set(classId, new Set((await this.repo.classSubjects(ctx.schoolId, classId)).map((s) => s.id)));
    const [year, closed] = await Promise.all([this.yearOf(ctx.schoolId, exam), this.calendar.holidaysOn(ctx.schoolId, papers.map((p) => ({ date: p.date, classId: p.classId })))]);
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
      const before = await repo.papers(ctx.schoolId, examId);
      await repo.replacePapers(ctx.schoolId, examId, papers);
      await tx.audit({ action: 'exam.date_sheet_set', entity: 'exam', entityId: examId, before, after: papers });
    });
    return this.dateSheet(ctx, examId);
  }

  // ── marks ───────────────────────────────────────────────────────────────
  /** The section, the subject checked against the exam and the class, and a teacher's assignment. */
  private async marksScope(ctx: WorkspaceContext, exam: ExamRow, sectionId: string, subjectId: string): Promise<{ section: SectionRow; subjectName: string }> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = await this.repo.section(ctx.schoolId, sectionId);
    if (!section) throw new DomainException('NOT_FOUND');
    if (!exam.class_ids.includes(section.class_id)) throw new DomainException('VALIDATION_FAILED', { details: { sectionId: M.sectionNotInExam } });
    const subject = (await this.repo.classSubjects(ctx.schoolId, section.class_id)).find((s) => s.id === subjectId);
    if (!subject) throw new DomainException('VALIDATION_FAILED', { details: { subjectId: M.subjectNotInClass } });
    if (ctx.role === 'teacher') {
      const me = await this.staff.staffOfUser(ctx.schoolId, ctx.userId);
      const mine = me ? await this.staff.assignments(ctx, { sectionId, staffId: me.id, academicYear: section.academic_year }) : null;
      if (!mine?.items.some((a) => a.subjectId === subjectId)) throw new DomainException('FORBIDDEN', { message: 'Only the teacher assigned to this subject in this section can enter its marks.' });
    }
    return { section, subjectName: subject.name };
  }

  async marks(ctx: WorkspaceContext, examId: string, q: MarksQuery): Promise<MarksSheet> {
    const exam = await this.examOrThrow(ctx, examId);
    const subjectId = q.subjectId.toLowerCase();
    const { section, subjectName } = await this.marksScope(ctx, exam, q.sectionId.toLowerCase(), subjectId);
    return this.sheet(ctx.schoolId, exam, section, subjectId, subjectName);
  }

  private async sheet(schoolId: string, exam: ExamRow, section: SectionRow, subjectId: string, subjectName: string): Promise<MarksSheet> {
    const students = await this.repo.sectionStudents(schoolId, section.id);
    const marks = await this.repo.marks(schoolId, exam.id, students.map((s) => s.id), subjectId);
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
    const exam = await this.examOrThrow(ctx, examId);
    const subjectId = input.subjectId.toLowerCase();
    const { section, subjectName } = await this.marksScope(ctx, exam, input.sectionId.toLowerCase(), subjectId);
    // A closed year (a later one is current): its marks stay readable, never changed (409 YEAR_CLOSED).
    await this.years.ensureOpen(ctx.schoolId, exam.academic_year);
    if (exam.published_at) throw new DomainException('MARKS_LOCKED');
    const students = new Map((await this.repo.sectionStudents(ctx.schoolId, section.id)).map((s) => [s.id, s]));
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
      const locked = await repo.findExam(ctx.schoolId, examId, true);
      if (locked?.published_at) throw new DomainException('MARKS_LOCKED');
      const before = await repo.marks(ctx.schoolId, examId, [...new Set(entries.map((e) => e.studentId))], subjectId);
      const was = new Map(before.map((b) => [`${b.student_id}:${b.component}`, markOf(b)]));
      const changed = entries.filter((e) => (was.get(`${e.studentId}:${e.component}`) ?? null) !== e.marks);
      if (changed.length === 0) return tx.nothingChanged();
      await repo.saveMarks(ctx.schoolId, examId, section.id, subjectId, changed, ctx.userId, tx.now);
      await tx.audit({
        action: 'exam.marks_entered',
        entity: 'exam',
        entityId: examId,
        before: { sectionId: section.id, subjectId, marks: changed.map((e) => ({ studentId: e.studentId, component: e.component, marks: was.get(`${e.studentId}:${e.component}`) ?? null })) },
        after: { sectionId: section.id, subjectId, marks: changed },
      });
    });
    return this.sheet(ctx.schoolId, exam, section, subjectId, subjectName);
  }

  // ── co-scholastic grades and remarks ────────────────────────────────────
  async putNotes(ctx: WorkspaceContext, examId: string, input: PutReportNotesInput): Promise<{ saved: number }> {
    const exam = await this.examOrThrow(ctx, examId);
    const section = await this.sectionOfExam(ctx, exam, input.sectionId.toLowerCase());
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.schoolId, ctx.userId)).includes(section.id)) throw new DomainException('FORBIDDEN');
    await this.years.ensureOpen(ctx.schoolId, exam.academic_year);
    if (exam.published_at) throw new DomainException('MARKS_LOCKED');
    const students = new Set((await this.repo.sectionStudents(ctx.schoolId, section.id)).map((s) => s.id));
    const scale = presetForClass(section.class_name).coScholasticScale ?? 'A-E';
    const details: Record<string, string> = {};
    input.students.forEach((s, i) => {
      if (!students.has(s.studentId.toLowerCase())) details[`students.${i}.studentId`] = M.studentNotInSection;
      for (const [area, grade] of Object.entries(s.coScholastic ?? {})) if (!isCoScholasticGrade(scale, grade)) details[`students.${i}.coScholastic.${area}`] = `${M.gradeInvalid} (${scale})`;
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      for (const s of input.students) await repo.saveNote(ctx.schoolId, examId, s.studentId.toLowerCase(), s.coScholastic, s.remarks, tx.now);
      await tx.audit({ action: 'exam.report_notes_set', entity: 'exam', entityId: examId, after: { sectionId: section.id, students: input.students } });
    });
    return { saved: input.students.length };
  }

  private async sectionOfExam(ctx: WorkspaceContext, exam: ExamRow, sectionId: string): Promise<SectionRow> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = await this.repo.section(ctx.schoolId, sectionId);
    if (!section) throw new DomainException('NOT_FOUND');
    if (!exam.class_ids.includes(section.class_id)) throw new DomainException('VALIDATION_FAILED', { details: { sectionId: M.sectionNotInExam } });
    return section;
  }

  // ── results ─────────────────────────────────────────────────────────────
  /** The subjects an exam covers in a class: those on its date sheet, or all the class's subjects. */
  private async examSubjects(repo: ExamsRepository, schoolId: string, exam: ExamRow, classId: string): Promise<{ id: string; name: string }[]> {
    const all = await repo.classSubjects(schoolId, classId);
    const onSheet = new Set(await repo.paperSubjects(schoolId, exam.id, classId));
    return onSheet.size === 0 ? all : all.filter((s) => onSheet.has(s.id));
  }

  /** Every student's result in a section, ranks and the analysis. */
  private async computeSection(repo: ExamsRepository, schoolId: string, exam: ExamRow, section: SectionRow, ranks = true): Promise<{ results: SectionResults; students: StudentRow[] }> {
    const subjects = await this.examSubjects(repo, schoolId, exam, section.class_id);
    const students = await repo.sectionStudents(schoolId, section.id);
    const marks = await repo.marks(schoolId, exam.id, students.map((s) => s.id));
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
    const ranks = ranksAsked ?? (await this.repo.reportSettings(ctx.schoolId)).showRanks;
    const exam = await this.examOrThrow(ctx, examId);
    const section = await this.sectionOfExam(ctx, exam, sectionId.toLowerCase());
    // A guardian reads their own child's report card, never a section's results; a teacher their own sections'.
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.schoolId, ctx.userId)).includes(section.id)) throw new DomainException('FORBIDDEN');
    const { results } = await this.computeSection(this.repo, ctx.schoolId, exam, section, ranks);
    return { results };
  }

  // ── publication ─────────────────────────────────────────────────────────
  /** The report-card snapshot of each student of a section for an exam. */
  private async sectionSnapshots(repo: ExamsRepository, schoolId: string, exam: ExamRow, section: SectionRow): Promise<{ studentId: string; data: Snapshot }[]> {
    const { results, students } = await this.computeSection(repo, schoolId, exam, section);
    const notes = new Map((await repo.notes(schoolId, exam.id, students.map((s) => s.id))).map((n) => [n.student_id, n]));
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
  private async incompleteSheets(repo: ExamsRepository, schoolId: string, exam: ExamRow): Promise<IncompleteSheet[]> {
    const out: IncompleteSheet[] = [];
    for (const section of await repo.sectionsOfClasses(schoolId, exam.class_ids)) {
      const students = (await repo.sectionStudents(schoolId, section.id)).map((s) => s.id);
      if (students.length === 0) continue;
      const marks = await repo.marks(schoolId, exam.id, students);
      for (const subject of await this.examSubjects(repo, schoolId, exam, section.class_id)) {
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
    await this.examOrThrow(ctx, examId);
    if (input.allowIncomplete && ctx.role !== 'admin') throw new DomainException('FORBIDDEN', { message: 'Only an admin can publish results while marks are missing.' });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const exam = (await repo.findExam(ctx.schoolId, examId, true))!;
      if (exam.published_at) return tx.nothingChanged();
      const incomplete = await this.incompleteSheets(repo, ctx.schoolId, exam);
      if (incomplete.length > 0 && !input.allowIncomplete) {
        const details: MarksIncompleteDetails = { sheets: incomplete };
        throw new DomainException('MARKS_INCOMPLETE', { details: { ...details } });
      }
      const snapshots: { studentId: string; data: Snapshot }[] = [];
      for (const section of await repo.sectionsOfClasses(ctx.schoolId, exam.class_ids)) snapshots.push(...(await this.sectionSnapshots(repo, ctx.schoolId, exam, section)));
      await repo.saveSnapshots(ctx.schoolId, examId, snapshots, tx.now);
      await repo.setPublished(ctx.schoolId, examId, tx.now, ctx.userId);
      await tx.audit({
        action: 'exam.published',
        entity: 'exam',
        entityId: examId,
        before: { status: 'draft' },
        after: { status: 'published', reportCards: snapshots.length, ...(incomplete.length > 0 ? { incompleteSheets: incomplete } : {}) },
      });
      await this.messaging.queue(tx, { event: 'results', ref: examId, studentIds: snapshots.map((x) => x.studentId), values: { examName: exam.name.slice(0, 30) } });
    });
    return this.get(ctx, examId);
  }

  /** Unlocks the marks (admin only; audited). Guardians see no report card of this exam until it is published again. */
  async unpublish(ctx: WorkspaceContext, examId: string): Promise<ExamResult> {
    await this.examOrThrow(ctx, examId);
    if (ctx.role !== 'admin') throw new DomainException('FORBIDDEN');
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const exam = (await repo.findExam(ctx.schoolId, examId, true))!;
      if (!exam.published_at) return tx.nothingChanged();
      await repo.setPublished(ctx.schoolId, examId, null, null);
      await tx.audit({ action: 'exam.unpublished', entity: 'exam', entityId: examId, before: { status: 'published', publishedAt: exam.published_at }, after: { status: 'draft' } });
    });
    return this.get(ctx, examId);
  }

  // ── report cards ────────────────────────────────────────────────────────
  /**
   * A student's report card for a year: a published exam from its frozen snapshot; an unpublished
   * one live (marked provisional) for staff only. Null when a guardian has nothing published.
   */
  private async cardData(schoolId: string, studentId: string, academicYear: string, staffView: boolean, cache?: Map<string, Map<string, Snapshot>>): Promise<ReportCardData | null> {
    const enrolment = await this.repo.enrolment(schoolId, studentId, academicYear);
    if (!enrolment) return null;
    const section = (await this.repo.section(schoolId, enrolment.section_id))!;
    const exams = await this.repo.examsOfClass(schoolId, academicYear, section.class_id);
    const terms: ReportCardTerm[] = [];
    let frozenStudent: ReportCardData['student'] | null = null;
    for (const exam of exams) {
      if (exam.published_at) {
        const snap = (await this.repo.snapshot(schoolId, exam.id, studentId))?.data as Snapshot | undefined;
        if (snap) {
          terms.push(snap.term);
          frozenStudent = snap.student;
        }
      } else if (staffView) {
        let live = cache?.get(exam.id);
        if (!live) {
          live = new Map((await this.sectionSnapshots(this.repo, schoolId, exam, section)).map((s) => [s.studentId, s.data]));
          cache?.set(exam.id, live);
        }
        const snap = live.get(studentId);
        if (snap) terms.push({ ...snap.term, published: false });
      }
    }
    if (!staffView && terms.length === 0) return null;
    // The school's "show ranks" setting applies to every card, frozen ones included.
    if (!(await this.repo.reportSettings(schoolId)).showRanks) for (const term of terms) term.rank = null;
    const school = (await this.repo.school(schoolId))!;
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
      attendance: await this.attendance.yearSummary(schoolId, studentId, academicYear),
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
    const [rows, { showRanks }] = await Promise.all([this.repo.publishedSnapshots(ctx.schoolId, studentId.toLowerCase(), academicYear), this.repo.reportSettings(ctx.schoolId)]);
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
    const data = await this.cardData(ctx.schoolId, studentId.toLowerCase(), academicYear, ctx.role !== 'guardian');
    if (!data) {
      if (ctx.role === 'guardian') throw new DomainException('RESULTS_NOT_PUBLISHED');
      throw new DomainException('NOT_FOUND', { message: `This student has no enrolment in ${academicYear}.` });
    }
    return renderReportCards([data], lang, undefined, { logo: await drawableImage(await this.repo.logo(ctx.schoolId)) });
  }

  async startSectionCards(ctx: WorkspaceContext, sectionId: string, input: SectionReportCardsInput): Promise<ReportCardJobResult> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = (await this.repo.section(ctx.schoolId, sectionId.toLowerCase()))!;
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.schoolId, ctx.userId)).includes(section.id)) throw new DomainException('FORBIDDEN');
    const payload: ReportCardsJobPayload = { sectionId: section.id, academicYear: input.academicYear ?? section.academic_year, lang: input.lang };
    const id = await this.writes.run(ctx, (tx) => this.jobs.enqueue(tx, REPORT_CARDS_JOB, payload));
    return { job: { id, state: 'queued' } };
  }

  /** The background job: every student's card of the section in one PDF, progress per student. */
  private async runSectionJob(job: JobContext<ReportCardsJobPayload>): Promise<{ resultUrl: string }> {
    const { sectionId, academicYear, lang } = job.payload;
    const students = await this.repo.sectionStudents(job.schoolId, sectionId);
    const cache = new Map<string, Map<string, Snapshot>>();
    const cards: ReportCardData[] = [];
    for (const [i, s] of students.entries()) {
      if (job.signal.aborted) throw new Error('aborted');
      const card = await this.cardData(job.schoolId, s.id, academicYear, true, cache);
      if (card) cards.push(card);
      await job.progress(((i + 1) / Math.max(1, students.length)) * 80);
    }
    const pdf = await renderReportCards(cards, lang, undefined, { logo: await drawableImage(await this.repo.logo(job.schoolId)) });
    await this.writes.run({ schoolId: job.schoolId, userId: job.createdBy }, async (tx) => {
      await this.repo.in(tx.m).saveFile(job.schoolId, job.jobId, sectionId, pdf, tx.now);
      await tx.audit({ action: 'report_cards.generated', entity: 'section', entityId: sectionId, after: { jobId: job.jobId, academicYear, lang, cards: cards.length } });
    });
    return { resultUrl: `/api/v1/schools/${job.schoolId}/report-cards/files/${job.jobId}` };
  }

  /** A section's report cards made by a job, with the file name naming the section (issue 36). */
  async file(ctx: WorkspaceContext, fileId: string): Promise<{ bytes: Buffer; name: string }> {
    await this.access.require(ctx, 'reportCardFile', [fileId]);
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const file = await this.repo.file(ctx.schoolId, fileId.toLowerCase());
    if (!file) throw new DomainException('NOT_FOUND');
    if (ctx.role === 'teacher' && !(await this.staff.sectionsTaughtBy(ctx.schoolId, ctx.userId)).includes(file.section_id)) throw new DomainException('FORBIDDEN');
    return { bytes: file.bytes, name: reportCardsFileName(file.class_name, file.section_name, file.academic_year) };
  }
}
