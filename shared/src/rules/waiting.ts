/** Spec §1: approval is stated to take 24-48 hours. */
export const APPROVAL_PROMISE_HOURS = { from: 24, to: 48 } as const;

export type Waiting = { hours: number; text: string; state: 'within' | 'due' | 'overdue' };

/**
 * How long a school has waited for a decision, against the 24-48 hour promise, for the staff
 * screens: under a day 'within', 24 to 48 hours 'due', past 48 hours 'overdue'.
 * 5 h → '5 hours (promise: 24-48 hours)'; 50 h → '2 days 2 hours, past the 48-hour promise'.
 */
export function waitingSince(submittedAt: string | Date, now: Date = new Date()): Waiting {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / 3_600_000));
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const span = hours < 1 ? 'under an hour' : days === 0 ? plural(hours, 'hour') : rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${plural(rest, 'hour')}`;
  const { from, to } = APPROVAL_PROMISE_HOURS;
  if (hours >= to) return { hours, state: 'overdue', text: `${span}, past the ${to}-hour promise` };
  return { hours, state: hours >= from ? 'due' : 'within', text: `${span} (promise: ${from}-${to} hours)` };
}
