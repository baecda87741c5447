import { z } from 'zod';
/**
 * PATCH /school/{id}/plan. Any plan type is well formed; choosing one outside
 * AVAILABLE_PLAN_TYPES answers 422 PLAN_COMING_SOON ('This plan is coming soon').
 */
export declare const updatePlanSchema: z.ZodObject<{
    planType: z.ZodEnum<{
        free_trial: "free_trial";
        basic: "basic";
        standard: "standard";
        premium: "premium";
    }>;
}, z.core.$strip>;
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;
