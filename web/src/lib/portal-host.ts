import { schoolPortalUrl } from '@vidyalaya/shared';

/**
 * `{subdomain}.{APP_DOMAIN}` → subdomain; the product's own host (or anything else) → null.
 * Ports are compared too, so `demo.localhost:3000` is a portal of `localhost:3000`.
 */
export function portalSubdomainOf(host: string, appDomain: string): string | null {
  const h = host.toLowerCase();
  const suffix = `.${appDomain.toLowerCase()}`;
  if (!h.endsWith(suffix)) return null;
  const sub = h.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/.test(sub) && sub !== 'www' ? sub : null;
}

/** The address of a school's portal: http for localhost hosts, https otherwise (DECISIONS.md). */
export function portalUrl(subdomain: string, appDomain: string): string {
  return schoolPortalUrl(subdomain, appDomain);
}

/** The product's main site (for links from a portal back to it): http for localhost hosts. */
export function mainSiteUrl(appDomain: string, path = '/'): string {
  const host = appDomain.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const local = hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1';
  return `${local ? 'http' : 'https'}://${host}${path}`;
}
