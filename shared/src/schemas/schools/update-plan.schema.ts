import { z } from 'zod';
import { PLAN_TYPES } from '../../constants';
import { MESSAGES } from '../../messages';

/**
 * PATCH /school/{id}/plan. Any plan type is well formed; choosing one outside
 * AVAILABLE_PLAN_TYPES answers 422 PLAN_COMING_SOON ('This plan is coming soon').
 */
export const updatePlanSchema = z.object({
  planType: z.enum(PLAN_TYPES, { error: MESSAGES.validation.planTypeInvalid }),
});
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;
