import { z } from 'zod';
import { SCHOLASTIC_GRADE_NAMES, type ScholasticGrade } from '../exams/grading';
import { PAYMENT_MODES } from '../fees/schemas';
import { AGEING_BANDS } from './schemas';

/**
 * The answers of the insights calls (schemas.ts holds the queries and the ageing bands): one schema
 * each, the types inferred from them. Percentages are 0–100 with one decimal; money is integer
 * paise. The back end's OpenAPI document wraps these in the success envelope
 * (insights.responses.ts); the renderer imports only the types, so no schema here enters its bundles.
 */
export const attendanceInsightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  classId: z.uuid().nullable(),
  days: z.array(z.object({ date: z.string(), percent: z.number() })),
  classes: z.array(z.object({ classId: z.uuid(), name: z.string(), percent: z.number() })),
  /** Per marked day: how many students' running percentage from the year's start is under 75 (attendance/schemas.ts's ATTENDANCE_THRESHOLD). */
  belowThreshold: z.array(z.object({ date: z.string(), count: z.int() })),
});
export type AttendanceInsights = z.output<typeof attendanceInsightsSchema>;

export const feesInsightsSchema = z.object({
  academicYear: z.string(),
  asOf: z.string(),
  months: z.array(z.object({ month: z.string(), duePaise: z.int(), collectedPaise: z.int() })),
  byMode: z.array(z.object({ mode: z.enum(PAYMENT_MODES), paise: z.int() })),
  ageing: z.array(z.object({ band: z.enum(AGEING_BANDS), paise: z.int(), students: z.int() })),
});
export type FeesInsights = z.output<typeof feesInsightsSchema>;

/** How many students got each CBSE grade: every grade a key. */
const gradeCountsSchema = z.object(Object.fromEntries(SCHOLASTIC_GRADE_NAMES.map((g) => [g, z.int()])) as Record<ScholasticGrade, z.ZodInt>);
export const resultsInsightsSchema = z.object({
  exam: z.object({ id: z.uuid(), name: z.string(), academicYear: z.string(), published: z.boolean() }).nullable(),
  subjects: z.array(z.object({ subjectId: z.uuid(), name: z.string(), mean: z.number(), grades: gradeCountsSchema })),
  sections: z.array(z.object({ sectionId: z.uuid(), name: z.string(), mean: z.number() })),
});
export type ResultsInsights = z.output<typeof resultsInsightsSchema>;

export const strengthInsightsSchema = z.object({
  academicYear: z.string(),
  classes: z.array(z.object({ classId: z.uuid(), name: z.string(), boys: z.int(), girls: z.int(), other: z.int(), rte: z.int(), cwsn: z.int() })),
});
export type StrengthInsights = z.output<typeof strengthInsightsSchema>;
