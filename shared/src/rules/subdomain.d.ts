import { z } from 'zod';
/**
 * The subdomain a school name suggests (spec §2 /setup/school): lowercased, non-alphanumerics
 * removed (spaces and hyphens are kept for the next step), spaces turned into hyphens, repeated
 * hyphens collapsed, edge hyphens trimmed. Accents are folded first ('Sainik Vidyālaya' →
 * 'sainik-vidyalaya'), and the result is capped at 50 characters without a trailing hyphen.
 * A name with no Latin letters or digits gives ''.
 */
export declare function slugifySchoolName(name: string): string;
/** True for a subdomain no school may take (DECISIONS.md), whatever its case. */
export declare function isReservedSubdomain(subdomain: string): boolean;
/**
 * Spec §5 subdomain rule. Checks run, and so their messages take precedence, in the spec's order:
 * length, allowed characters, first character, last character, consecutive hyphens. Whether the
 * name is reserved or taken is a conflict the server answers (409), not a format error.
 */
export declare const subdomainSchema: z.ZodString;
/**
 * What stops a subdomain before the server is asked about it: the first format message, or the
 * reserved message, or null when it may be available.
 */
export declare function subdomainProblem(subdomain: string): string | null;
/**
 * A school's portal address: `https://{subdomain}.{APP_DOMAIN}`, or `http://` when the domain is
 * localhost (browsers resolve `*.localhost` to loopback). `appDomain` may carry a port.
 */
export declare function schoolPortalUrl(subdomain: string, appDomain?: string): string;
