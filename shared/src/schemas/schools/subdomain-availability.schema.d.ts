import { z } from 'zod';
/**
 * GET /school/subdomain-availability?subdomain=x (DECISIONS.md). Any text is accepted: a malformed
 * subdomain answers `{available: false, reason}` with the form's message rather than a 400.
 */
export declare const subdomainAvailabilityQuerySchema: z.ZodObject<{
    subdomain: z.ZodString;
}, z.core.$strip>;
export type SubdomainAvailabilityQuery = z.infer<typeof subdomainAvailabilityQuerySchema>;
/** `reason` is a user-facing message: a format message, 'Subdomain already taken' or 'This subdomain is reserved'. */
export type SubdomainAvailability = {
    available: boolean;
    reason?: string;
};
