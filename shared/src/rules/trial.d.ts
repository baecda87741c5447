import type { DateInput } from './ist';
/** When the free trial ends: 30 days after approval (DECISIONS.md). */
export declare function trialEndsAt(approvedAt: DateInput): Date;
/** Whole days of trial left, rounded up (any part of a day counts); 0 once it has ended. */
export declare function trialDaysLeft(trialEnd: DateInput, now?: DateInput): number;
