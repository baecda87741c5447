import { z } from 'zod';
import { optionalField, requiredText, uniqueEntries } from '../schemas/common';
import { formatDateIST } from '../rules/format';
import { defaultYearDates } from './academic-years';
import type { HolidayAnswer } from './calendar';
import { isoDateSchema } from './common';

/**
 * Exams, marks, results and report cards (DECISIONS "Exams and report cards"; DOMAIN "Assessment
 * (CBSE)"). The rules here are pure: the server computes results with them and the renderer checks
 * marks with them as they are typed.
 */

// ── grade scales ──────────────────────────────────────────────────────────
/** CBSE's scholastic grades, best first, each with the lowest whole percentage it takes. */
export const SCHOLASTIC_GRADES = [
  { grade: 'A1', min: 91, max: 100 },
  { grade: 'A2', min: 81, max: 90 },
  { grade: 'B1', min: 71, max: 80 },
  { grade: 'B2', min: 61, max: 70 },
  { grade: 'C1', min: 51, max: 60 },
  { grade: 'C2', min: 41, max: 50 },
  { grade: 'D', min: 33, max: 40 },
  { grade: 'E', min: 0, max: 32 },
] as const;
export type ScholasticGrade = (typeof SCHOLASTIC_GRADES)[number]['grade'];
export const SCHOLASTIC_GRADE_NAMES = SCHOLASTIC_GRADES.map((g) => g.grade) as ScholasticGrade[];

/** The pass mark: 33 % (of a subject, and of each component that has its own pass rule). */
export const PASS_PERCENT = 33;

/**
 * The grade of a percentage (0–100). The scale is in whole numbers, so a fraction is rounded half
 * up first: 90.5 % is 91 % and A1; 32.4 % is 32 % and E.
 */
export function scholasticGrade(percent: number): ScholasticGrade {
  const whole = Math.round(Math.max(0, Math.min(100, percent)) + 1e-9);
  return SCHOLASTIC_GRADES.find((g) => whole >= g.min)!.grade;
}

/** Co-scholastic areas: A–C in classes 6–8, A–E in 9–10 (a three- and a five-point scale). */
export const CO_SCHOLASTIC_SCALES = { 'A-C': ['A', 'B', 'C'], 'A-E': ['A', 'B', 'C', 'D', 'E'] } as const;
export type CoScholasticScale = keyof typeof CO_SCHOLASTIC_SCALES;
export const CO_SCHOLASTIC_GRADE_VALUES = ['A', 'B', 'C', 'D', 'E'] as const;
export type CoScholasticGrade = (typeof CO_SCHOLASTIC_GRADE_VALUES)[number];

export function isCoScholasticGrade(scale: CoScholasticScale, grade: string): grade is CoScholasticGrade {
  return (CO_SCHOLASTIC_SCALES[scale] as readonly string[]).includes(grade);
}

// ── class bands and presets ───────────────────────────────────────────────
export const CLASS_BANDS = ['primary', 'middle', 'secondary', 'senior'] as const;
export type ClassBand = (typeof CLASS_BANDS)[number];

/** The band of a catalogue class name ('Class 7' → middle); pre-primary and unknown names count as primary. */
export function classBand(className: string): ClassBand {
  const n = Number(/^Class (\d{1,2})$/.exec(className.trim())?.[1] ?? 0);
  if (n >= 11) return 'senior';
  if (n >= 9) return 'secondary';
  if (n >= 6) return 'middle';
  return 'primary';
}

/** One part of a subject's marks in an exam, e.g. "Periodic test" of 10. */
export interface ExamComponent {
  name: string;
  maxMarks: number;
  /**
   * Periodic tests whose best two count (classes 9–10: "average of the best two of three"): all
   * components so marked collapse into one of the same maximum.
   */
  bestOf?: boolean;
  /** A pass rule of its own (classes 11–12: theory and practical are passed separately), in percent. */
  passPercent?: number;
}

export interface AssessmentPreset {
  band: ClassBand;
  /** How many terms the year has (an exam per term). */
  terms: number;
  /** Each term's components (the school may edit names and maximum marks). */
  components: (term: number) => ExamComponent[];
  coScholasticScale: CoScholasticScale | null;
  coScholasticAreas: string[];
}

export const ASSESSMENT_PRESETS: Readonly<Record<ClassBand, AssessmentPreset>> = {
  primary: {
    band: 'primary',
    terms: 2,
    components: () => [{ name: 'Term exam', maxMarks: 100 }],
    coScholasticScale: 'A-C',
    coScholasticAreas: ['Art education', 'Health and physical education', 'Discipline'],
  },
  middle: {
    band: 'middle',
    terms: 2,
    components: (term) => [
      { name: 'Periodic test', maxMarks: 10 },
      { name: 'Notebook', maxMarks: 5 },
      { name: 'Subject enrichment', maxMarks: 5 },
      { name: term === 1 ? 'Half-yearly exam' : 'Yearly exam', maxMarks: 80 },
    ],
    coScholasticScale: 'A-C',
    coScholasticAreas: ['Work education', 'Art education', 'Health and physical education', 'Discipline'],
  },
  secondary: {
    band: 'secondary',
    terms: 1,
    components: () => [
      { name: 'Periodic test 1', maxMarks: 10, bestOf: true },
      { name: 'Periodic test 2', maxMarks: 10, bestOf: true },
      { name: 'Periodic test 3', maxMarks: 10, bestOf: true },
      { name: 'Notebook', maxMarks: 5 },
      { name: 'Subject enrichment', maxMarks: 5 },
      { name: 'Board exam', maxMarks: 80 },
    ],
    coScholasticScale: 'A-E',
    coScholasticAreas: ['Work education', 'Art education', 'Health and physical education', 'Discipline'],
  },
  senior: {
    band: 'senior',
    terms: 1,
    components: () => [
      { name: 'Theory', maxMarks: 70, passPercent: PASS_PERCENT },
      { name: 'Practical', maxMarks: 30, passPercent: PASS_PERCENT },
    ],
    coScholasticScale: 'A-E',
    coScholasticAreas: ['Work education', 'Health and physical education', 'Discipline'],
  },
};

export function presetForClass(className: string): AssessmentPreset {
  return ASSESSMENT_PRESETS[classBand(className)];
}

// ── arithmetic ────────────────────────────────────────────────────────────
/** A mark as entered: a number, 'AB' (absent) or nothing yet. */
export type MarkValue = number | 'AB' | null;

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The average of the best two of the given marks (an absence counts 0), to two decimals. */
export function bestTwoAverage(marks: readonly MarkValue[]): number {
  const values = marks.map((m) => (typeof m === 'number' ? m : 0)).sort((a, b) => b - a);
  const top = values.slice(0, 2);
  return top.length === 0 ? 0 : round2(top.reduce((s, v) => s + v, 0) / top.length);
}

/** Whether a mark has been entered: a number or 'AB' (an absence is entered, and counts zero). */
export const markEntered = (m: MarkValue | undefined): m is number | 'AB' => m !== null && m !== undefined;

/**
 * A subject's score (DECISIONS "Marks not entered are not zero"). Nothing entered: `total`,
 * `percentage`, `grade` and `pass` are null (shown `—`). Some components entered: `total` is the sum
 * of those entered, the rest null until every component is. 'AB' is entered and counts zero.
 */
export interface SubjectScore {
  /** Marks obtained so far (best-of components collapsed), two decimals; null when none is entered. */
  total: number | null;
  max: number;
  /** Null until every component is entered. */
  percentage: number | null;
  grade: ScholasticGrade | null;
  pass: boolean | null;
  /** Components failed on their own pass rule (only those entered). */
  failedComponents: string[];
  /** True when every component has a mark (or AB). */
  complete: boolean;
  /** Components not entered. */
  missing: number;
  /** Every component entered as AB. */
  absentAll: boolean;
}

/** A subject's score from its components' marks: missing marks are not zero (see SubjectScore). */
export function subjectScore(components: readonly ExamComponent[], marks: Readonly<Record<string, MarkValue | undefined>> | null): SubjectScore {
  const of = (c: ExamComponent) => marks?.[c.name];
  const best = components.filter((c) => c.bestOf);
  const plain = components.filter((c) => !c.bestOf);
  let total = 0;
  let max = 0;
  const failedComponents: string[] = [];
  for (const c of plain) {
    const m = of(c);
    max += c.maxMarks;
    if (!markEntered(m)) continue;
    const got = m === 'AB' ? 0 : m;
    total += got;
    if (c.passPercent !== undefined && (got / c.maxMarks) * 100 < c.passPercent) failedComponents.push(c.name);
  }
  if (best.length > 0) {
    // Best two of the periodic tests entered, each scaled to the first one's maximum.
    const scale = best[0].maxMarks;
    const entered = best.filter((c) => markEntered(of(c)));
    if (entered.length > 0) total += bestTwoAverage(entered.map((c) => { const m = of(c); return typeof m === 'number' ? (m / c.maxMarks) * scale : 'AB'; }));
    max += scale;
  }
  const values = components.map(of);
  const missing = values.filter((v) => !markEntered(v)).length;
  const complete = missing === 0;
  const any = missing < values.length;
  const percentage = complete ? (max === 0 ? 0 : round2((round2(total) / max) * 100)) : null;
  return {
    total: any ? round2(total) : null,
    max,
    percentage,
    grade: percentage === null ? null : scholasticGrade(percentage),
    pass: percentage === null ? null : percentage >= PASS_PERCENT && failedComponents.length === 0,
    failedComponents,
    complete,
    missing,
    absentAll: values.length > 0 && values.every((v) => v === 'AB'),
  };
}

/**
 * How a subject's marks read on a screen or a report card: `—` when nothing is entered, `AB` when
 * the child was absent for every component, else `total/max`.
 */
export function subjectMarksText(r: { total: number | null; max: number; marks?: Record<string, MarkValue> | null; absent?: boolean }): string {
  if (r.total === null || r.total === undefined) return '—';
  const values = r.marks ? Object.values(r.marks) : [];
  if (r.absent ?? (values.length > 0 && values.every((v) => v === 'AB'))) return 'AB';
  return `${r.total}/${r.max}`;
}

/** How one component's mark reads: `—` when not entered, else the number or `AB`. */
export const markText = (m: MarkValue | undefined): string => (markEntered(m) ? String(m) : '—');

export interface OverallScore {
  /** The sum of the subjects entered; null when nothing is. */
  total: number | null;
  max: number;
  /** Null while any subject is incomplete (no percentage, grade, result or rank before the marks exist). */
  percentage: number | null;
  grade: ScholasticGrade | null;
  result: 'pass' | 'fail' | null;
  failedSubjects: string[];
  complete: boolean;
}

/** A student's overall: the sum of subjects, the percentage and grade (only when every subject is complete), pass only if every subject is passed. */
export function overallScore(subjects: readonly { subjectId: string; score: SubjectScore }[]): OverallScore {
  const entered = subjects.filter((x) => x.score.total !== null);
  const total = entered.length === 0 ? null : round2(entered.reduce((s, x) => s + (x.score.total ?? 0), 0));
  const max = subjects.reduce((s, x) => s + x.score.max, 0);
  const complete = subjects.length > 0 && subjects.every((x) => x.score.complete);
  const percentage = complete ? (max === 0 ? 0 : round2(((total ?? 0) / max) * 100)) : null;
  const failedSubjects = subjects.filter((x) => x.score.pass === false).map((x) => x.subjectId);
  return {
    total,
    max,
    percentage,
    grade: percentage === null ? null : scholasticGrade(percentage),
    result: percentage === null ? null : failedSubjects.length === 0 ? 'pass' : 'fail',
    failedSubjects,
    complete,
  };
}

/** Competition ranks by percentage, highest first: 1, 2, 2, 4; no rank (null) for a percentage not yet known. */
export function competitionRanks(percentages: readonly (number | null)[]): (number | null)[] {
  const known = percentages.filter((q): q is number => q !== null);
  return percentages.map((p) => (p === null ? null : 1 + known.filter((q) => q > p).length));
}

/** One marks sheet (section × subject) of an exam and how many student × component marks it lacks. */
export interface IncompleteSheet {
  sectionId: string;
  subjectId: string;
  missing: number;
}

/** How many of a sheet's student × component marks are not entered ('AB' is entered). */
export function missingMarks(components: readonly ExamComponent[], students: readonly string[], entered: ReadonlySet<string>): number {
  let missing = 0;
  for (const s of students) for (const c of components) if (!entered.has(`${s}:${c.name}`)) missing += 1;
  return missing;
}

/**
 * What a typed mark means against its maximum: a number within 0…max (halves allowed), 'AB'
 * (any case), blank for none, or an error message.
 */
export function parseMark(input: string, maxMarks: number): { value: MarkValue } | { error: string } {
  const text = input.trim();
  if (text === '') return { value: null };
  if (text.toUpperCase() === 'AB') return { value: 'AB' };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return { error: EXAM_MESSAGES.markInvalid };
  const n = Number(text);
  if (n > maxMarks) return { error: markAboveMax(maxMarks) };
  return { value: n };
}

export const markAboveMax = (max: number) => `Marks must not exceed ${max}`;

// ── wire contract ─────────────────────────────────────────────────────────
export const EXAM_MESSAGES = {
  nameRequired: 'Exam name is required',
  nameTooLong: 'Exam name must not exceed 100 characters',
  yearInvalid: 'Academic year must look like 2026-27',
  classesRequired: 'Choose at least one class',
  idInvalid: 'Must be a valid ID',
  componentsRequired: 'Add at least one component',
  componentNameRequired: 'Component name is required',
  componentNameTooLong: 'Component name must not exceed 60 characters',
  componentTwice: 'This component name is used twice',
  maxMarksInvalid: 'Maximum marks must be a whole number from 1 to 1000',
  passPercentInvalid: 'Pass percentage must be from 0 to 100',
  markInvalid: 'Enter marks as a number, or AB for absent',
  componentUnknown: 'This exam has no such component',
  studentTwice: 'This student and component are given twice',
  studentNotInSection: 'This student is not in this section',
  subjectNotInClass: 'This subject is not taught in this section’s class',
  sectionNotInExam: 'This exam is not held for this section’s class',
  timeInvalid: 'Enter a time as HH:MM (24-hour)',
  endsBeforeStart: 'It must end after it starts',
  paperTwice: 'This class and subject has two papers',
  classNotInExam: 'This exam is not held for this class',
  gradeInvalid: 'Grade must be one of the scale’s letters',
  remarkTooLong: 'Remarks must not exceed 300 characters',
  termInvalid: 'Term must be 1 to 4',
} as const;
const M = EXAM_MESSAGES;

const idField = z.uuid({ error: M.idInvalid });
const academicYearField = z.string({ error: M.yearInvalid }).trim().regex(/^\d{4}-\d{2}$/, M.yearInvalid);
const timeField = z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid);

export const examComponentSchema = z.object({
  name: requiredText(60, M.componentNameRequired, M.componentNameTooLong),
  maxMarks: z.number({ error: M.maxMarksInvalid }).int(M.maxMarksInvalid).min(1, M.maxMarksInvalid).max(1000, M.maxMarksInvalid),
  bestOf: z.boolean().optional(),
  passPercent: z.number({ error: M.passPercentInvalid }).min(0, M.passPercentInvalid).max(100, M.passPercentInvalid).optional(),
});

export const createExamSchema = z.object({
  name: requiredText(100, M.nameRequired, M.nameTooLong),
  academicYear: academicYearField,
  classIds: z
    .array(idField, { error: M.classesRequired })
    .min(1, M.classesRequired)
    .max(20)
    .overwrite((ids) => [...new Set(ids.map((i) => i.toLowerCase()))]),
  components: z
    .array(examComponentSchema, { error: M.componentsRequired })
    .min(1, M.componentsRequired)
    .max(12)
    .superRefine(uniqueEntries(M.componentTwice, (c) => c.name.trim().toLowerCase(), ['name'])),
  /** Which term of the year (1 = the first); orders the columns of the report card. */
  term: z.number({ error: M.termInvalid }).int(M.termInvalid).min(1, M.termInvalid).max(4, M.termInvalid).default(1),
});
export type CreateExamInput = z.output<typeof createExamSchema>;

export const listExamsQuerySchema = z.object({
  academicYear: optionalField(academicYearField),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListExamsQuery = z.output<typeof listExamsQuerySchema>;

export interface Exam {
  id: string;
  name: string;
  academicYear: string;
  term: number;
  classIds: string[];
  classes: { id: string; name: string }[];
  components: ExamComponent[];
  status: 'draft' | 'published';
  publishedAt: string | null;
  createdAt: string;
}
export interface ExamResult {
  exam: Exam;
}

/** One mark of a PUT …/marks: a number or 'AB'. */
export const markEntrySchema = z.object({
  studentId: idField,
  component: z.string({ error: M.componentUnknown }).trim().min(1, M.componentUnknown).max(60, M.componentUnknown),
  marks: z.union([z.number().min(0, M.markInvalid).max(100000, M.markInvalid), z.literal('AB')], { error: M.markInvalid }).nullable(),
});
export const putMarksSchema = z.object({
  sectionId: idField,
  subjectId: idField,
  marks: z
    .array(markEntrySchema)
    .max(2000)
    .superRefine(uniqueEntries(M.studentTwice, (m) => `${m.studentId.toLowerCase()}:${m.component.trim().toLowerCase()}`)),
});
export type PutMarksInput = z.output<typeof putMarksSchema>;

export const marksQuerySchema = z.object({ sectionId: idField, subjectId: idField });
export type MarksQuery = z.output<typeof marksQuerySchema>;

export interface MarksSheet {
  examId: string;
  sectionId: string;
  subjectId: string;
  subjectName: string;
  components: ExamComponent[];
  locked: boolean;
  students: { studentId: string; name: string; rollNumber: number | null; admissionNumber: string; marks: Record<string, MarkValue> }[];
}

// ── the date sheet ────────────────────────────────────────────────────────
export const examPaperSchema = z
  .object({ classId: idField, subjectId: idField, date: isoDateSchema, startsAt: timeField, endsAt: timeField })
  .superRefine((p, ctx) => {
    if (p.endsAt <= p.startsAt) ctx.addIssue({ code: 'custom', message: M.endsBeforeStart, path: ['endsAt'] });
  });
export const putDateSheetSchema = z.object({
  papers: z
    .array(examPaperSchema)
    .max(500)
    .superRefine(uniqueEntries(M.paperTwice, (p) => `${p.classId.toLowerCase()}:${p.subjectId.toLowerCase()}`)),
});
export type PutDateSheetInput = z.output<typeof putDateSheetSchema>;
export type ExamPaperInput = z.output<typeof examPaperSchema>;

export interface ExamPaper extends ExamPaperInput {
  className: string;
  subjectName: string;
}
/** Two papers of one class at once: their indexes in `papers`. */
export interface PaperClash {
  classId: string;
  date: string;
  papers: [number, number];
}
/** The days an exam's papers may fall on: the exam's academic year (an exam has no dates of its own). */
export interface ExamYear {
  name: string;
  startsOn: string;
  endsOn: string;
}
export interface DateSheetResult {
  /** `academicYear`: the span every paper's date must fall in (null only for a malformed year name). */
  dateSheet: { examId: string; papers: ExamPaper[]; clashes: PaperClash[]; academicYear: ExamYear | null };
}

/**
 * An exam's academic year: the school's record of it (`academic_years`, which may start in June)
 * when there is one, else April 1 – March 31 of its name; null for a name that is no year.
 */
export function examYear(name: string, record?: { startsOn: string; endsOn: string } | null): ExamYear | null {
  const dates = record ?? defaultYearDates(name);
  return dates ? { name, startsOn: dates.startsOn, endsOn: dates.endsOn } : null;
}

/** Whether a `YYYY-MM-DD` date falls outside the exam's academic year (the server's check and the editor's). */
export const outsideExamYear = (date: string, year: ExamYear): boolean => date < year.startsOn || date > year.endsOn;

/** 'This date is outside the academic year 2026-27 (01/04/2026 – 31/03/2027)'. */
export const paperOutsideYear = (year: ExamYear) =>
  `This date is outside the academic year ${year.name} (${formatDateIST(year.startsOn)} – ${formatDateIST(year.endsOn)})`;
/** 'This date is a holiday: Diwali' (or 'Sunday', 'Second Saturday': the calendar's reason). */
export const paperOnHoliday = (holiday: string) => `This date is a holiday: ${holiday}`;

/**
 * Why a paper cannot be held on `date`, or null: a date outside the exam's academic year, or a day
 * the school is closed for the paper's class. `closed` is the calendar's answer for that date and
 * class (`holidayOn`, the rule attendance refuses a day by: holidays, vacations, Sundays when the
 * school keeps them, its Saturdays off).
 */
export function paperDateProblem(date: string, year: ExamYear | null, closed: HolidayAnswer): string | null {
  if (year && outsideExamYear(date, year)) return paperOutsideYear(year);
  if (closed.holiday) return paperOnHoliday(closed.name ?? 'holiday');
  return null;
}

/** Pairs of papers of the same class on the same date whose times overlap. */
export function dateSheetClashes(papers: readonly Pick<ExamPaperInput, 'classId' | 'date' | 'startsAt' | 'endsAt'>[]): PaperClash[] {
  const out: PaperClash[] = [];
  for (let i = 0; i < papers.length; i += 1) {
    for (let j = i + 1; j < papers.length; j += 1) {
      const a = papers[i];
      const b = papers[j];
      if (a.classId.toLowerCase() === b.classId.toLowerCase() && a.date === b.date && a.startsAt < b.endsAt && b.startsAt < a.endsAt) {
        out.push({ classId: a.classId, date: a.date, papers: [i, j] });
      }
    }
  }
  return out;
}

// ── co-scholastic grades and remarks ──────────────────────────────────────
export const putReportNotesSchema = z.object({
  sectionId: idField,
  students: z
    .array(
      z.object({
        studentId: idField,
        coScholastic: z.record(z.string().trim().min(1).max(60), z.enum(CO_SCHOLASTIC_GRADE_VALUES, { error: M.gradeInvalid })).optional(),
        remarks: z.string().trim().max(300, M.remarkTooLong).nullable().optional(),
      }),
    )
    .max(200)
    .superRefine(uniqueEntries(M.studentTwice, (s) => s.studentId.toLowerCase())),
});
export type PutReportNotesInput = z.output<typeof putReportNotesSchema>;

// ── results ───────────────────────────────────────────────────────────────
export const resultsQuerySchema = z.object({ sectionId: idField, ranks: optionalField(z.enum(['true', 'false'])) });
export type ResultsQuery = z.output<typeof resultsQuerySchema>;

/**
 * One subject of a student's result. Nothing entered: `marks`, `total`, `grade` (and `percentage`,
 * `pass`) null, shown `—`; some components entered: those marks and their `total`, `grade` null
 * until all are (DECISIONS "Marks not entered are not zero").
 */
export interface StudentSubjectResult {
  subjectId: string;
  subjectName: string;
  marks: Record<string, MarkValue> | null;
  total: number | null;
  max: number;
  percentage: number | null;
  grade: ScholasticGrade | null;
  pass: boolean | null;
  failedComponents: string[];
  /** Every component entered (AB counts as entered). */
  complete?: boolean;
  /** Absent (AB) in every component: shown `AB`. */
  absent?: boolean;
}
export interface StudentExamResult {
  studentId: string;
  name: string;
  admissionNumber: string;
  rollNumber: number | null;
  subjects: StudentSubjectResult[];
  /** Null when nothing is entered. */
  total: number | null;
  max: number;
  /** Null (and no grade, result or rank) while any subject is incomplete. */
  percentage: number | null;
  grade: ScholasticGrade | null;
  result: 'pass' | 'fail' | null;
  rank: number | null;
}
export interface SectionResults {
  examId: string;
  sectionId: string;
  published: boolean;
  subjects: { id: string; name: string }[];
  students: StudentExamResult[];
  analysis: {
    gradeDistribution: { subjectId: string; subjectName: string; counts: Record<ScholasticGrade, number> }[];
    toppers: { studentId: string; name: string; percentage: number; rank: number }[];
    needingSupport: { studentId: string; name: string; percentage: number | null; failedSubjects: string[] }[];
  };
}
export interface SectionResultsResult {
  results: SectionResults;
}

/** Results of a section from its students' subject scores: ranks, grade distribution, toppers, those needing support. */
export function sectionAnalysis(
  students: readonly Omit<StudentExamResult, 'rank'>[],
  subjects: readonly { id: string; name: string }[],
  opts: { ranks: boolean; toppers?: number },
): { students: StudentExamResult[]; analysis: SectionResults['analysis'] } {
  // Only a child whose every mark exists has a percentage, so a rank; nobody is a topper before that.
  const ranks = competitionRanks(students.map((s) => s.percentage));
  const ranked: StudentExamResult[] = students.map((s, i) => ({ ...s, rank: opts.ranks ? ranks[i] : null }));
  const gradeDistribution = subjects.map((sub) => {
    const counts = Object.fromEntries(SCHOLASTIC_GRADE_NAMES.map((g) => [g, 0])) as Record<ScholasticGrade, number>;
    for (const s of students) {
      const r = s.subjects.find((x) => x.subjectId === sub.id);
      if (r?.grade) counts[r.grade] += 1;
    }
    return { subjectId: sub.id, subjectName: sub.name, counts };
  });
  const order = students
    .map((s, i) => ({ s, rank: ranks[i], percentage: s.percentage }))
    .filter((o): o is { s: (typeof students)[number]; rank: number; percentage: number } => o.rank !== null && o.percentage !== null)
    .sort((a, b) => a.rank - b.rank || a.s.name.localeCompare(b.s.name));
  const toppers = order.filter((o) => o.rank <= (opts.toppers ?? 3) && o.s.max > 0).map((o) => ({ studentId: o.s.studentId, name: o.s.name, percentage: o.percentage, rank: o.rank }));
  const needingSupport = students
    .filter((s) => s.result === 'fail' || s.subjects.some((x) => x.pass === false))
    .map((s) => ({ studentId: s.studentId, name: s.name, percentage: s.percentage, failedSubjects: s.subjects.filter((x) => x.pass === false).map((x) => x.subjectName) }));
  return { students: ranked, analysis: { gradeDistribution, toppers, needingSupport } };
}

// ── publication ───────────────────────────────────────────────────────────
/** POST …/publish `{allowIncomplete?}`: an admin may publish knowingly while sheets are incomplete. */
export const publishExamSchema = z.object({ allowIncomplete: z.boolean({ error: 'allowIncomplete must be true or false' }).optional() });
export type PublishExamInput = z.output<typeof publishExamSchema>;
/** The `details` of a 409 MARKS_INCOMPLETE: every sheet still lacking marks. */
export interface MarksIncompleteDetails {
  sheets: IncompleteSheet[];
}

// ── report cards ──────────────────────────────────────────────────────────
export const REPORT_CARD_LANGUAGES = ['en', 'hi'] as const;
export type ReportCardLanguage = (typeof REPORT_CARD_LANGUAGES)[number];
export const reportCardQuerySchema = z.object({
  academicYear: academicYearField,
  lang: z.enum(REPORT_CARD_LANGUAGES, { error: 'Language must be en or hi' }).default('en'),
});
export type ReportCardQuery = z.output<typeof reportCardQuerySchema>;
export const sectionReportCardsSchema = z.object({
  academicYear: optionalField(academicYearField),
  lang: z.enum(REPORT_CARD_LANGUAGES, { error: 'Language must be en or hi' }).default('en'),
});
export type SectionReportCardsInput = z.output<typeof sectionReportCardsSchema>;
export interface ReportCardJobResult {
  job: { id: string; state: 'queued' };
}

/** What a report card shows for one exam (term), frozen at publication. */
export interface ReportCardTerm {
  examId: string;
  examName: string;
  term: number;
  published: boolean;
  components: ExamComponent[];
  subjects: StudentSubjectResult[];
  total: number | null;
  max: number;
  percentage: number | null;
  grade: ScholasticGrade | null;
  result: 'pass' | 'fail' | null;
  rank: number | null;
  coScholastic: Record<string, string>;
  remarks: string | null;
}
export interface ReportCardData {
  school: { name: string; affiliationNumber: string | null; schoolCode: string | null; address: string; principalName: string | null };
  student: {
    id: string;
    name: string;
    admissionNumber: string;
    rollNumber: number | null;
    className: string;
    sectionName: string;
    dateOfBirth: string;
    guardianName: string | null;
  };
  academicYear: string;
  terms: ReportCardTerm[];
  coScholasticAreas: string[];
  attendance: { workingDays: number; present: number; percentage: number } | null;
}

// ── what the screens need to choose from ──────────────────────────────────
export const examClassesQuerySchema = z.object({ academicYear: optionalField(academicYearField) });
export interface ExamClass {
  id: string;
  name: string;
  band: ClassBand;
  /** The band's preset components for term 1 and its co-scholastic scale (a starting point the school edits). */
  presetComponents: ExamComponent[];
  coScholasticScale: CoScholasticScale | null;
  sections: { id: string; name: string }[];
  subjects: { id: string; name: string }[];
}
export interface ExamClassesResult {
  academicYear: string | null;
  classes: ExamClass[];
}
/** A section × subject marks sheet of an exam the caller can open (a teacher: their assigned subjects). */
export interface ExamSheet {
  sectionId: string;
  sectionName: string;
  classId: string;
  className: string;
  subjectId: string;
  subjectName: string;
  canEnter: boolean;
}
export interface ExamSheetsResult {
  sheets: ExamSheet[];
}

// ── assessment schemes (the school's presets) ────────────────────────────────
/**
 * A school's assessment scheme for a class band and term: the components and maximum marks a new
 * exam of those classes starts from. `custom`: the school changed the CBSE preset. `locked`: marks
 * have been entered this academic year in an exam of that band and term, so it can no longer change.
 */
export interface AssessmentScheme {
  band: ClassBand;
  term: number;
  components: ExamComponent[];
  custom: boolean;
  locked: boolean;
}
export interface AssessmentSchemesResult {
  schemes: AssessmentScheme[];
}
export interface AssessmentSchemeResult {
  scheme: AssessmentScheme;
}
export const assessmentSchemeParamSchema = z.object({
  schoolId: z.uuid({ error: M.idInvalid }),
  band: z.enum(CLASS_BANDS, { error: 'Choose a class band: primary, middle, secondary or senior' }),
  term: z.coerce.number({ error: M.termInvalid }).int(M.termInvalid).min(1, M.termInvalid).max(4, M.termInvalid),
});
export type AssessmentSchemeParams = z.output<typeof assessmentSchemeParamSchema>;
/** PUT …/assessment-schemes/{band}/{term} `{components:[{name, maxMarks, bestOf?, passPercent?}]}`. */
export const putAssessmentSchemeSchema = z.object({ components: createExamSchema.shape.components });
export type PutAssessmentSchemeInput = z.output<typeof putAssessmentSchemeSchema>;

// ── a student's published results (the Marks tab of the student's profile) ─────
/** One published exam of a student, from the report card frozen when the results were published. */
export interface StudentPublishedResult {
  examId: string;
  examName: string;
  academicYear: string;
  term: number;
  className: string;
  sectionName: string;
  subjects: StudentSubjectResult[];
  total: number | null;
  max: number;
  percentage: number | null;
  grade: ScholasticGrade | null;
  result: 'pass' | 'fail' | null;
  rank: number | null;
}
/** GET …/students/{studentId}/results: newest year first, then by term. */
export interface StudentResultsResult {
  results: StudentPublishedResult[];
}

// ── report-card settings: the school's logo and whether ranks are shown ─────
export const SCHOOL_LOGO_MAX_BYTES = 256 * 1024;
export const SCHOOL_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export interface ReportSettings {
  /** Ranks in a section's results and on report cards (true unless the school turns them off). */
  showRanks: boolean;
  /** The school has a logo (printed at the top of its report cards). */
  hasLogo: boolean;
}
export interface ReportSettingsResult {
  settings: ReportSettings;
}
/** PUT …/report-settings `{showRanks}`. */
export const putReportSettingsSchema = z.object({ showRanks: z.boolean({ error: 'showRanks must be true or false' }) });
export type PutReportSettingsInput = z.output<typeof putReportSettingsSchema>;

/**
 * The file name of a section's report cards, naming the section and the year (issue 36):
 * 'report-cards-Class-7-A-2026-27.pdf'. Only letters, digits and dashes, so every system keeps it.
 */
export function reportCardsFileName(className: string | null | undefined, sectionName: string | null | undefined, academicYear: string | null | undefined): string {
  const part = (s: string | null | undefined) =>
    (s ?? '')
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const name = [part(className), part(sectionName), part(academicYear)].filter(Boolean).join('-');
  return name ? `report-cards-${name}.pdf` : 'report-cards.pdf';
}
