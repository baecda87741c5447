import { addDays, istDate } from '@vidyalaya/shared';

/** Pure date helpers of the attendance rules (YYYY-MM-DD strings, school dates in IST). */
const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in India. */
export function todayIST(now: Date): string {
  return istDate(now);
}

/** The first and last day of a `YYYY-MM` month. */
export function monthRange(month: string): { from: string; to: string } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** The academic year (April–March) a date falls in: its name and first and last day. */
export function academicYearOf(date: string): { name: string; from: string; to: string } {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? y : y - 1;
  return { name: `${start}-${pad((start + 1) % 100)}`, from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** The first and last day of an academic year's name ('2026-27'). */
export function academicYearRange(name: string): { from: string; to: string } | null {
  const m = /^(\d{4})-\d{2}$/.exec(name);
  if (!m) return null;
  const start = Number(m[1]);
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** The months (YYYY-MM) from `from` to `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${pad(m)}`);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

export const minDate = (a: string, b: string): string => (a < b ? a : b);
export const maxDate = (a: string, b: string): string => (a > b ? a : b);
export { addDays };

/** DD/MM/YYYY, as people read dates in India. */
export const showDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
