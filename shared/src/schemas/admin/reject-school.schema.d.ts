import { z } from 'zod';
/** POST /admin/schools/{id}/reject: a reason is required (DECISIONS.md) and kept with the decision. */
export declare const rejectSchoolSchema: z.ZodObject<{
    reason: z.ZodString;
}, z.core.$strip>;
export type RejectSchoolInput = z.infer<typeof rejectSchoolSchema>;
