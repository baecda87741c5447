/**
 * India Standard Time without Intl: IST is UTC+05:30 all year (no daylight saving), so shifting by
 * the fixed offset and reading UTC fields gives the wall-clock time in India on any machine.
 */
export const IST_OFFSET_MINUTES = 330;
export const IST_TIME_ZONE = 'Asia/Kolkata';

export type DateInput = Date | string | number;

/** A Date for `value`, or null when it is missing or not a valid instant. */
export function toValidDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type IstParts = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
};

/** The calendar date and clock time in India at the instant `date`. */
export function istParts(date: Date): IstParts {
  const shifted = new Date(date.getTime() + IST_OFFSET_MINUTES * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The school date in India at the instant `date`, as YYYY-MM-DD. */
export function istDate(date: Date): string {
  const p = istParts(date);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The current calendar year in India. */
export function currentYearIST(now: Date = new Date()): number {
  return istParts(now).year;
}
