import { z } from 'zod';
export declare const SCHOOL_STATUS_FILTERS: readonly ["pending", "approved", "rejected", "all"];
export type SchoolStatusFilter = (typeof SCHOOL_STATUS_FILTERS)[number];
/**
 * GET /admin/schools?status=&search=&page=&pageSize= (DECISIONS.md). Built for query strings:
 * numbers are coerced, and an empty parameter counts as absent. No status means every status.
 */
export declare const listSchoolsQuerySchema: z.ZodObject<{
    status: z.ZodPreprocess<z.ZodOptional<z.ZodEnum<{
        pending: "pending";
        approved: "approved";
        rejected: "rejected";
        all: "all";
    }>>, unknown>;
    search: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    page: z.ZodPreprocess<z.ZodDefault<z.ZodCoercedNumber<unknown>>, unknown>;
    pageSize: z.ZodPreprocess<z.ZodDefault<z.ZodCoercedNumber<unknown>>, unknown>;
}, z.core.$strip>;
export type ListSchoolsQuery = z.output<typeof listSchoolsQuerySchema>;
