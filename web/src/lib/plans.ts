import { type PlanType, UI_MESSAGES } from '@vidyalaya/shared';

/**
 * The plans as the product describes them (spec §1; DECISIONS "Plans"): the pricing page, the home
 * page and the dashboard's plan card all read them from here.
 */

export { FREE_TRIAL_INCLUDES } from './free-trial';

/** Spec §1: Basic, Standard and Premium are announced as coming soon. Prices: not shown. */
export const UPCOMING_PLANS = [
  { type: 'basic', name: 'Basic', text: 'The essentials for small schools: students, attendance and fees.' },
  { type: 'standard', name: 'Standard', text: 'Everything in Basic plus exams, report cards, timetables and the calendar.' },
  { type: 'premium', name: 'Premium', text: 'The complete platform with the parent portal, analytics and priority support.' },
] as const satisfies readonly { type: Exclude<PlanType, 'free_trial'>; name: string; text: string }[];

/** Every plan's name, by its planType (DECISIONS: free_trial, basic, standard, premium). */
export const PLAN_NAMES: Record<PlanType, string> = {
  free_trial: UI_MESSAGES.pricing.freeTrial,
  ...(Object.fromEntries(UPCOMING_PLANS.map((p) => [p.type, p.name])) as Record<Exclude<PlanType, 'free_trial'>, string>),
};
