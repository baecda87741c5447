import { z } from 'zod';
import { MESSAGES } from '../../messages';

/**
 * GET /school/subdomain-availability?subdomain=x (DECISIONS.md). Any text is accepted: a malformed
 * subdomain answers `{available: false, reason}` with the form's message rather than a 400.
 */
export const subdomainAvailabilityQuerySchema = z.object({
  subdomain: z.string({ error: MESSAGES.validation.subdomainRequired }).trim(),
  /** The school's city, when known: a taken subdomain's suggestions use it ('sunrise-kanpur'). */
  city: z.string().trim().max(100).optional(),
});
export type SubdomainAvailabilityQuery = z.infer<typeof subdomainAvailabilityQuerySchema>;

/** `reason` is a user-facing message: a format message, 'Subdomain already taken' or 'This subdomain is reserved'. */
export type SubdomainAvailability = {
  available: boolean;
  reason?: string;
  /** When not available: up to three free subdomains like it (issue 20; additive). */
  suggestions?: string[];
};
