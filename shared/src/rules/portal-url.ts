import { DEFAULT_APP_DOMAIN } from '../constants';

/**
 * A school's portal address: `https://{subdomain}.{APP_DOMAIN}`, or `http://` when the domain is
 * localhost (browsers resolve `*.localhost` to loopback). `appDomain` may carry a port.
 */
export function schoolPortalUrl(subdomain: string, appDomain: string = DEFAULT_APP_DOMAIN): string {
  const host = appDomain.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const local = hostname === 'localhost' || hostname.endsWith('.localhost');
  return `${local ? 'http' : 'https'}://${subdomain}.${host}`;
}
