import { FREE_TRIAL_DAYS } from '../constants';
import type { DateInput } from './ist';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the free trial ends: 30 days after approval (DECISIONS.md). */
export function trialEndsAt(approvedAt: DateInput): Date {
  return new Date(new Date(approvedAt).getTime() + FREE_TRIAL_DAYS * DAY_MS);
}

/** Whole days of trial left, rounded up (any part of a day counts); 0 once it has ended. */
export function trialDaysLeft(trialEnd: DateInput, now: DateInput = new Date()): number {
  const left = new Date(trialEnd).getTime() - new Date(now).getTime();
  if (!Number.isFinite(left) || left <= 0) return 0;
  return Math.ceil(left / DAY_MS);
}
