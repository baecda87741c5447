import { z } from 'zod';
import { optionalField } from '../schemas/common';

/**
 * The principal's insights (DECISIONS "Insights"; issue 38): four small read-only answers computed
 * on the server with SQL aggregates. Percentages are 0–100 with one decimal; money is integer paise.
 */

/** The default window of the attendance insight: the last 30 school days. */
export const INSIGHTS_DEFAULT_SCHOOL_DAYS = 30;
export const AGEING_BANDS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBand = (typeof AGEING_BANDS)[number];

export const INSIGHTS_MESSAGES = {
  from: 'Enter the first day as YYYY-MM-DD',
  to: 'Enter the last day as YYYY-MM-DD',
  range: 'Choose a period of at most 366 days, from on or before to',
  classId: 'Class must be a valid ID',
  examId: 'Exam must be a valid ID',
  academicYear: 'Academic year must look like 2026-27',
} as const;
const M = INSIGHTS_MESSAGES;

export const attendanceInsightsQuerySchema = z.object({
  from: optionalField(z.iso.date({ error: M.from })),
  to: optionalField(z.iso.date({ error: M.to })),
  classId: optionalField(z.uuid({ error: M.classId })),
});
export type AttendanceInsightsQuery = z.output<typeof attendanceInsightsQuerySchema>;

export const feesInsightsQuerySchema = z.object({
  academicYear: optionalField(z.string({ error: M.academicYear }).trim().regex(/^\d{4}-\d{2}$/, M.academicYear)),
});
export type FeesInsightsQuery = z.output<typeof feesInsightsQuerySchema>;

export const resultsInsightsQuerySchema = z.object({
  examId: optionalField(z.uuid({ error: M.examId })),
});
export type ResultsInsightsQuery = z.output<typeof resultsInsightsQuerySchema>;

/** The ageing band of an amount `days` days past its due date (0 = due today). */
export function ageingBand(days: number): AgeingBand {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}
