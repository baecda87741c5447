import { z } from 'zod';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, ADMIN_SEARCH_MAX, APPROVAL_STATUSES, REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../constants';
import { VALIDATION_MESSAGES } from '../messages-validation';
import { blankToUndefined, optionalField } from '../schemas/common';

const V = VALIDATION_MESSAGES;

/** What provider staff decide about a school, each recorded: approve, reject, or change its student limit. */
export const SCHOOL_DECISIONS = ['approved', 'rejected', 'student_limit'] as const;
export type SchoolDecisionKind = (typeof SCHOOL_DECISIONS)[number];

export const SCHOOL_STATUS_FILTERS = [...APPROVAL_STATUSES, 'all'] as const;
export type SchoolStatusFilter = (typeof SCHOOL_STATUS_FILTERS)[number];

/**
 * GET /admin/schools?status=&search=&page=&pageSize= (DECISIONS.md). Built for query strings:
 * numbers are coerced, and an empty parameter counts as absent. No status means `pending` (the
 * queue staff work through); `all` lists every status.
 */
export const listSchoolsQuerySchema = z.object({
  status: optionalField(z.enum(SCHOOL_STATUS_FILTERS, { error: V.statusFilterInvalid })),
  search: optionalField(z.string().trim().max(ADMIN_SEARCH_MAX, V.searchMax)),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: V.pageInvalid }).int(V.pageInvalid).min(1, V.pageInvalid).default(1),
  ),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: V.pageSizeInvalid })
      .int(V.pageSizeInvalid)
      .min(1, V.pageSizeInvalid)
      .max(ADMIN_PAGE_SIZE_MAX, V.pageSizeInvalid)
      .default(ADMIN_PAGE_SIZE_DEFAULT),
  ),
});
export type ListSchoolsQuery = z.output<typeof listSchoolsQuerySchema>;

/** POST /admin/schools/{id}/reject: a reason is required (DECISIONS.md) and kept with the decision. */
export const rejectSchoolSchema = z.object({
  reason: z
    .string({ error: V.rejectionReasonRequired })
    .trim()
    .min(REJECTION_REASON_MIN, V.rejectionReasonRequired)
    .max(REJECTION_REASON_MAX, V.rejectionReasonMax),
});
export type RejectSchoolInput = z.infer<typeof rejectSchoolSchema>;
