import { FREE_TRIAL_DAYS, FREE_TRIAL_MAX_STUDENTS } from '@vidyalaya/shared';

/** Spec §1: what the free trial includes. */
export const FREE_TRIAL_INCLUDES = [
  `Free for ${FREE_TRIAL_DAYS} days`,
  `Up to ${FREE_TRIAL_MAX_STUDENTS} students`,
  'Full feature access',
  'Setup assistance',
  'Priority support',
] as const;
