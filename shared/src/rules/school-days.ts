/**
 * Day arithmetic on school dates written YYYY-MM-DD (pure, UTC arithmetic, no schema library: the
 * workspace home uses it while the page starts, docs/performance.md). The calendar's rules
 * (calendar/schemas.ts) build on these.
 */
const DAY_MS = 86_400_000;
const toMs = (iso: string): number => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const fromMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `iso` plus `n` days. */
export function addDays(iso: string, n: number): string {
  return fromMs(toMs(iso) + n * DAY_MS);
}
/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(iso: string): number {
  return new Date(toMs(iso)).getUTCDay();
}
/** Days from `from` to `to`, both counted (0 when `to` is before `from`). */
export function daysBetweenInclusive(from: string, to: string): number {
  return Math.max(0, Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1);
}
/** The timetable's day (1 = Monday … 6 = Saturday) of a date, or null on a Sunday. */
export function timetableDayOf(iso: string): number | null {
  const d = weekdayOf(iso);
  return d === 0 ? null : d;
}
