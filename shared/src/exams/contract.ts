import { z } from 'zod';
import { optionalField, requiredText, uniqueEntries } from '../schemas/common';
import type { ReportCardTerm, SectionResults, StudentExamResult } from './answers';
import { CLASS_BANDS, CO_SCHOLASTIC_GRADE_VALUES, competitionRanks, SCHOLASTIC_GRADE_NAMES, type IncompleteSheet, type ScholasticGrade } from './grading';
import { EXAM_MESSAGES } from './messages';

/** Exams' wire contract: the bodies and queries of the exams, marks, results and report-card calls (their answers: answers.ts). */
// ── wire contract ─────────────────────────────────────────────────────────
const M = EXAM_MESSAGES;

const idField = z.uuid({ error: M.idInvalid });
const academicYearField = z.string({ error: M.yearInvalid }).trim().regex(/^\d{4}-\d{2}$/, M.yearInvalid);

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

/** What a report card (PDF) is made of: the school, the student, and each exam (term) of the year. */
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

// ── assessment schemes (the school's presets) ────────────────────────────────
export const assessmentSchemeParamSchema = z.object({
  schoolId: z.uuid({ error: M.idInvalid }),
  band: z.enum(CLASS_BANDS, { error: 'Choose a class band: primary, middle, secondary or senior' }),
  term: z.coerce.number({ error: M.termInvalid }).int(M.termInvalid).min(1, M.termInvalid).max(4, M.termInvalid),
});
export type AssessmentSchemeParams = z.output<typeof assessmentSchemeParamSchema>;
/** PUT …/assessment-schemes/{band}/{term} `{components:[{name, maxMarks, bestOf?, passPercent?}]}`. */
export const putAssessmentSchemeSchema = z.object({ components: createExamSchema.shape.components });
export type PutAssessmentSchemeInput = z.output<typeof putAssessmentSchemeSchema>;

// ── report-card settings: the school's logo and whether ranks are shown ─────
export const SCHOOL_LOGO_MAX_BYTES = 256 * 1024;
export const SCHOOL_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
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
