import { z } from 'zod';
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../constants';
import { MESSAGES } from '../../messages';

const V = MESSAGES.validation;

/** POST /admin/schools/{id}/reject: a reason is required (DECISIONS.md) and kept with the decision. */
export const rejectSchoolSchema = z.object({
  reason: z
    .string({ error: V.rejectionReasonRequired })
    .trim()
    .min(REJECTION_REASON_MIN, V.rejectionReasonRequired)
    .max(REJECTION_REASON_MAX, V.rejectionReasonMax),
});
export type RejectSchoolInput = z.infer<typeof rejectSchoolSchema>;
