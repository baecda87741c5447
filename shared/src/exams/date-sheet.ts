import { z } from 'zod';
import { uniqueEntries } from '../schemas/common';
import { formatDateIST } from '../rules/format';
import { defaultYearDates } from '../academic-years/schemas';
import type { HolidayAnswer } from '../calendar/schemas';
import { isoDateSchema } from '../workspace/common';
import type { ExamYear, PaperClash } from './answers';
import { EXAM_MESSAGES } from './messages';

/** An exam's date sheet: its papers, the days they may fall on, the clashes between them. */
const M = EXAM_MESSAGES;
const idField = z.uuid({ error: M.idInvalid });
const timeField = z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid);

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
