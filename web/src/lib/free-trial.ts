import { FREE_TRIAL_DAYS, FREE_TRIAL_MAX_STUDENTS } from '@vidyalaya/shared';

/**
 * Spec §1: what the free trial includes. A module apart from the other plans (lib/plans.ts, which
 * re-exports it) so that the home page, which shows only this list, loads none of their messages.
 */
export const FREE_TRIAL_INCLUDES = [
  `Free for ${FREE_TRIAL_DAYS} days`,
  `Up to ${FREE_TRIAL_MAX_STUDENTS} students`,
  'Full feature access',
  'Setup assistance',
  'Priority support',
] as const;
