import { z } from 'zod';
import { RESERVED_SUBDOMAINS, SUBDOMAIN_MAX, SUBDOMAIN_MIN } from '../constants';
import { ERROR_MESSAGES } from '../messages';
import { VALIDATION_MESSAGES } from '../messages-validation';

const V = VALIDATION_MESSAGES;

/**
 * The subdomain a school name suggests (spec §2 /setup/school): lowercased, non-alphanumerics
 * removed (spaces and hyphens are kept for the next step), spaces turned into hyphens, repeated
 * hyphens collapsed, edge hyphens trimmed. Accents are folded first ('Sainik Vidyālaya' →
 * 'sainik-vidyalaya'), and the result is capped at 50 characters without a trailing hyphen.
 * A name with no Latin letters or digits gives ''.
 */
export function slugifySchoolName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, SUBDOMAIN_MAX).replace(/-+$/, '');
}

const RESERVED = new Set(RESERVED_SUBDOMAINS);

/** True for a subdomain no school may take (DECISIONS.md), whatever its case. */
export function isReservedSubdomain(subdomain: string): boolean {
  return RESERVED.has(subdomain.trim().toLowerCase());
}

/**
 * Spec §5 subdomain rule. Checks run, and so their messages take precedence, in the spec's order:
 * length, allowed characters, first character, last character, consecutive hyphens. Whether the
 * name is reserved or taken is a conflict the server answers (409), not a format error.
 */
export const subdomainSchema = z
  .string({ error: V.subdomainMin })
  .trim()
  .min(SUBDOMAIN_MIN, V.subdomainMin)
  .max(SUBDOMAIN_MAX, V.subdomainMax)
  .regex(/^[a-z0-9-]*$/, V.subdomainCharacters)
  .regex(/^[a-z0-9]/, V.subdomainStart)
  .regex(/[a-z0-9]$/, V.subdomainEnd)
  .regex(/^(?!.*--)/, V.subdomainConsecutiveHyphens);

/**
 * What stops a subdomain before the server is asked about it: the first format message, or the
 * reserved message, or null when it may be available.
 */
export function subdomainProblem(subdomain: string): string | null {
  const result = subdomainSchema.safeParse(subdomain);
  if (!result.success) return result.error.issues[0]?.message ?? V.subdomainMin;
  return isReservedSubdomain(result.data) ? ERROR_MESSAGES.subdomainReserved : null;
}

// In a module of its own, free of zod, so code the app loads at start can use it cheaply.
export { schoolPortalUrl } from './portal-url';
