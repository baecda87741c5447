import { z } from 'zod';
import { calendarExamPaperSchema } from '../calendar/schemas';
import { pageSchema } from '../workspace/common';
import { CLASS_BANDS, CO_SCHOLASTIC_SCALES, SCHOLASTIC_GRADE_NAMES, type CoScholasticScale } from './grading';

/**
 * Exams' answers: the data of the exams, marks, results, report-card and date-sheet calls, as
 * schemas with their types inferred from them (the back end wraps them in the envelope). In a file
 * of their own, which the renderer imports only types from, so no answer schema enters its bundle.
 */

// ── marks and components ──────────────────────────────────────────────────
/** A mark as entered: a number, 'AB' (absent) or nothing yet. */
export const markValueSchema = z.union([z.number(), z.literal('AB'), z.null()]);
export type MarkValue = z.output<typeof markValueSchema>;

/** One part of a subject's marks in an exam, e.g. "Periodic test" of 10. */
export const examComponentAnswerSchema = z.object({
  name: z.string(),
  maxMarks: z.number(),
  /**
   * Periodic tests whose best two count (classes 9–10: "average of the best two of three"): all
   * components so marked collapse into one of the same maximum.
   */
  bestOf: z.boolean().optional(),
  /** A pass rule of its own (classes 11–12: theory and practical are passed separately), in percent. */
  passPercent: z.number().optional(),
});
export type ExamComponent = z.output<typeof examComponentAnswerSchema>;

/** CBSE's scholastic grades (SCHOLASTIC_GRADES), as an answer carries them. */
export const scholasticGradeSchema = z.enum(SCHOLASTIC_GRADE_NAMES);
const passFail = z.enum(['pass', 'fail']);
const idName = z.object({ id: z.uuid(), name: z.string() });

// ── exams ─────────────────────────────────────────────────────────────────
export const examSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  academicYear: z.string(),
  term: z.int(),
  classIds: z.array(z.uuid()),
  classes: z.array(idName),
  components: z.array(examComponentAnswerSchema),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Exam = z.output<typeof examSchema>;
export const examListSchema = pageSchema(examSchema);
export type ExamList = z.output<typeof examListSchema>;
export const examResultSchema = z.object({ exam: examSchema });
export type ExamResult = z.output<typeof examResultSchema>;

// ── marks sheet ───────────────────────────────────────────────────────────
export const marksSheetSchema = z.object({
  examId: z.uuid(),
  sectionId: z.uuid(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  components: z.array(examComponentAnswerSchema),
  locked: z.boolean(),
  students: z.array(z.object({ studentId: z.uuid(), name: z.string(), rollNumber: z.int().nullable(), admissionNumber: z.string(), marks: z.record(z.string(), markValueSchema) })),
});
export type MarksSheet = z.output<typeof marksSheetSchema>;

// ── results ───────────────────────────────────────────────────────────────
/**
 * One subject of a student's result (a result list, a report card, a guardian's published
 * results). Nothing entered: `marks`, `total`, `grade` (and `percentage`, `pass`) null, shown `—`;
 * some components entered: those marks and their `total`, `grade` null until all are (DECISIONS
 * "Marks not entered are not zero").
 */
export const studentSubjectResultSchema = z.object({
  subjectId: z.uuid(),
  subjectName: z.string(),
  marks: z.record(z.string(), markValueSchema).nullable(),
  total: z.number().nullable(),
  max: z.number(),
  percentage: z.number().nullable(),
  grade: scholasticGradeSchema.nullable(),
  pass: z.boolean().nullable(),
  failedComponents: z.array(z.string()),
  /** Every component entered (AB counts as entered). */
  complete: z.boolean().optional(),
  /** Absent (AB) in every component: shown `AB`. */
  absent: z.boolean().optional(),
});
export type StudentSubjectResult = z.output<typeof studentSubjectResultSchema>;

/** A student's overall in an exam, as a result list, a report card and the published results give it. */
const overallShape = {
  subjects: z.array(studentSubjectResultSchema),
  /** Null when nothing is entered. */
  total: z.number().nullable(),
  max: z.number(),
  /** Null (and no grade, result or rank) while any subject is incomplete. */
  percentage: z.number().nullable(),
  grade: scholasticGradeSchema.nullable(),
  result: passFail.nullable(),
  rank: z.int().nullable(),
};

export const studentExamResultSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  rollNumber: z.int().nullable(),
  ...overallShape,
});
export type StudentExamResult = z.output<typeof studentExamResultSchema>;
export const sectionResultsSchema = z.object({
  examId: z.uuid(),
  sectionId: z.uuid(),
  published: z.boolean(),
  subjects: z.array(idName),
  students: z.array(studentExamResultSchema),
  analysis: z.object({
    gradeDistribution: z.array(z.object({ subjectId: z.uuid(), subjectName: z.string(), counts: z.record(scholasticGradeSchema, z.int()) })),
    toppers: z.array(z.object({ studentId: z.uuid(), name: z.string(), percentage: z.number(), rank: z.int() })),
    needingSupport: z.array(z.object({ studentId: z.uuid(), name: z.string(), percentage: z.number().nullable(), failedSubjects: z.array(z.string()) })),
  }),
});
export type SectionResults = z.output<typeof sectionResultsSchema>;
export const sectionResultsResultSchema = z.object({ results: sectionResultsSchema });
export type SectionResultsResult = z.output<typeof sectionResultsResultSchema>;

// ── report cards ──────────────────────────────────────────────────────────
export const reportCardJobResultSchema = z.object({ job: z.object({ id: z.uuid(), state: z.literal('queued') }) });
export type ReportCardJobResult = z.output<typeof reportCardJobResultSchema>;

/** What a report card shows for one exam (term), frozen at publication (a guardian's published results answer these). */
export const reportCardTermSchema = z.object({
  examId: z.uuid(),
  examName: z.string(),
  term: z.int(),
  published: z.boolean(),
  components: z.array(examComponentAnswerSchema),
  ...overallShape,
  coScholastic: z.record(z.string(), z.string()),
  remarks: z.string().nullable(),
});
export type ReportCardTerm = z.output<typeof reportCardTermSchema>;

// ── what the screens need to choose from ──────────────────────────────────
export const examClassSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  band: z.enum(CLASS_BANDS),
  /** The band's preset components for term 1 and its co-scholastic scale (a starting point the school edits). */
  presetComponents: z.array(examComponentAnswerSchema),
  coScholasticScale: z.enum(Object.keys(CO_SCHOLASTIC_SCALES) as CoScholasticScale[]).nullable(),
  sections: z.array(idName),
  subjects: z.array(idName),
});
export type ExamClass = z.output<typeof examClassSchema>;
export const examClassesResultSchema = z.object({ academicYear: z.string().nullable(), classes: z.array(examClassSchema) });
export type ExamClassesResult = z.output<typeof examClassesResultSchema>;

/** A section × subject marks sheet of an exam the caller can open (a teacher: their assigned subjects). */
export const examSheetSchema = z.object({
  sectionId: z.uuid(),
  sectionName: z.string(),
  classId: z.uuid(),
  className: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  canEnter: z.boolean(),
});
export type ExamSheet = z.output<typeof examSheetSchema>;
export const examSheetsResultSchema = z.object({ sheets: z.array(examSheetSchema) });
export type ExamSheetsResult = z.output<typeof examSheetsResultSchema>;

// ── assessment schemes (the school's presets) ─────────────────────────────
/**
 * A school's assessment scheme for a class band and term: the components and maximum marks a new
 * exam of those classes starts from. `custom`: the school changed the CBSE preset. `locked`: marks
 * have been entered this academic year in an exam of that band and term, so it can no longer change.
 */
export const assessmentSchemeSchema = z.object({
  band: z.enum(CLASS_BANDS),
  term: z.int(),
  components: z.array(examComponentAnswerSchema),
  custom: z.boolean(),
  locked: z.boolean(),
});
export type AssessmentScheme = z.output<typeof assessmentSchemeSchema>;
export const assessmentSchemesResultSchema = z.object({ schemes: z.array(assessmentSchemeSchema) });
export type AssessmentSchemesResult = z.output<typeof assessmentSchemesResultSchema>;
export const assessmentSchemeResultSchema = z.object({ scheme: assessmentSchemeSchema });
export type AssessmentSchemeResult = z.output<typeof assessmentSchemeResultSchema>;

// ── a student's published results (the Marks tab of the student's profile) ─────
/** One published exam of a student, from the report card frozen when the results were published. */
export const studentPublishedResultSchema = z.object({
  examId: z.uuid(),
  examName: z.string(),
  academicYear: z.string(),
  term: z.int(),
  className: z.string(),
  sectionName: z.string(),
  ...overallShape,
});
export type StudentPublishedResult = z.output<typeof studentPublishedResultSchema>;
/** GET …/students/{studentId}/results: newest year first, then by term. */
export const studentResultsResultSchema = z.object({ results: z.array(studentPublishedResultSchema) });
export type StudentResultsResult = z.output<typeof studentResultsResultSchema>;

// ── report-card settings: the school's logo and whether ranks are shown ─────
export const reportSettingsSchema = z.object({
  /** Ranks in a section's results and on report cards (true unless the school turns them off). */
  showRanks: z.boolean(),
  /** The school has a logo (printed at the top of its report cards). */
  hasLogo: z.boolean(),
});
export type ReportSettings = z.output<typeof reportSettingsSchema>;
export const reportSettingsResultSchema = z.object({ settings: reportSettingsSchema });
export type ReportSettingsResult = z.output<typeof reportSettingsResultSchema>;

// ── the date sheet ────────────────────────────────────────────────────────
/** A paper of the date sheet: the calendar's exam paper without the exam, which the date sheet is of. */
export const examPaperAnswerSchema = calendarExamPaperSchema.omit({ examId: true, examName: true });
export type ExamPaper = z.output<typeof examPaperAnswerSchema>;
/** Two papers of one class at once: their indexes in `papers`. */
export const paperClashSchema = z.object({ classId: z.uuid(), date: z.string(), papers: z.tuple([z.int(), z.int()]) });
export type PaperClash = z.output<typeof paperClashSchema>;
/** The days an exam's papers may fall on: the exam's academic year (an exam has no dates of its own). */
export const examYearSchema = z.object({ name: z.string(), startsOn: z.string(), endsOn: z.string() });
export type ExamYear = z.output<typeof examYearSchema>;
export const dateSheetResultSchema = z.object({
  /** `academicYear`: the span every paper's date must fall in (null only for a malformed year name). */
  dateSheet: z.object({ examId: z.uuid(), papers: z.array(examPaperAnswerSchema), clashes: z.array(paperClashSchema), academicYear: examYearSchema.nullable() }),
});
export type DateSheetResult = z.output<typeof dateSheetResultSchema>;
