import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages-validation';
import { istParts } from './ist';

const FORMAT = /^(\d{4})-(\d{2})$/;

/** 2025 → '2025-26'; 1999 → '1999-00'. */
export function academicYearFor(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** April: the month an Indian school year starts (April to March). */
export const ACADEMIC_YEAR_START_MONTH = 4;

/**
 * The first calendar year of the Indian school year that contains `date` (IST): from April the
 * calendar year, in January to March the year before (the running year, DECISIONS).
 */
export function academicYearStart(date: Date = new Date()): number {
  const { year, month } = istParts(date);
  return month >= ACADEMIC_YEAR_START_MONTH ? year : year - 1;
}

/**
 * The default academic year: the Indian school year (April to March) that contains today, in IST,
 * so in January to March the running year, not the spec's calendar-year rule (DECISIONS wins).
 */
export function defaultAcademicYear(date: Date = new Date()): string {
  return academicYearFor(academicYearStart(date));
}

/** The previous, current and next academic years, for the year picker on each setup step. */
export function academicYearOptions(date: Date = new Date()): [string, string, string] {
  const year = academicYearStart(date);
  return [academicYearFor(year - 1), academicYearFor(year), academicYearFor(year + 1)];
}

function isConsecutive(value: string): boolean {
  const match = FORMAT.exec(value);
  if (!match) return true; // the format check reports it
  return (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** The first and last first halves an academic year may have (issue 20: years 2000 to 2100). */
export const ACADEMIC_YEAR_FIRST = 2000;
export const ACADEMIC_YEAR_LAST = 2099;

function isInRange(value: string): boolean {
  const match = FORMAT.exec(value);
  if (!match) return true; // the format check reports it
  const start = Number(match[1]);
  return start >= ACADEMIC_YEAR_FIRST && start <= ACADEMIC_YEAR_LAST;
}

/**
 * YYYY-YY where the second part is the year after the first ('2024-25', '2099-00'), from 2000-01
 * to 2099-00: a year outside 2000–2100 is a typing mistake, never a school year.
 */
export const academicYearSchema = z
  .string({ error: VALIDATION_MESSAGES.academicYearFormat })
  .trim()
  .regex(FORMAT, VALIDATION_MESSAGES.academicYearFormat)
  .refine(isConsecutive, VALIDATION_MESSAGES.academicYearFormat)
  .refine(isInRange, VALIDATION_MESSAGES.academicYearRange);

export type AcademicYear = z.infer<typeof academicYearSchema>;
