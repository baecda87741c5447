import { z } from 'zod';
import { MESSAGES } from '../messages';
import { currentYearIST } from './ist';

const FORMAT = /^(\d{4})-(\d{2})$/;

/** 2025 → '2025-26'; 1999 → '1999-00'. */
export function academicYearFor(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * Spec §9: the current year followed by the next two-digit year ('2026-27' during 2026). The year
 * is India's calendar year (IST), so the answer does not depend on the machine's time zone.
 */
export function defaultAcademicYear(date: Date = new Date()): string {
  return academicYearFor(currentYearIST(date));
}

/** The previous, current and next academic years, for the year picker on each setup step. */
export function academicYearOptions(date: Date = new Date()): [string, string, string] {
  const year = currentYearIST(date);
  return [academicYearFor(year - 1), academicYearFor(year), academicYearFor(year + 1)];
}

function isConsecutive(value: string): boolean {
  const match = FORMAT.exec(value);
  if (!match) return true; // the format check reports it
  return (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** YYYY-YY where the second part is the year after the first ('2024-25', '1999-00'). */
export const academicYearSchema = z
  .string({ error: MESSAGES.validation.academicYearFormat })
  .trim()
  .regex(FORMAT, MESSAGES.validation.academicYearFormat)
  .refine(isConsecutive, MESSAGES.validation.academicYearFormat);

export type AcademicYear = z.infer<typeof academicYearSchema>;
