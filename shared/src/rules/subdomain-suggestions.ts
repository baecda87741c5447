import { SUBDOMAIN_MAX } from '../constants';
import { slugifySchoolName, subdomainProblem } from './subdomain';

/**
 * Subdomains to offer when the one asked for is taken or reserved (issue 20): with the city first
 * ('sunrise-kanpur'), then with 'school', then numbered. Each is a valid, unreserved subdomain;
 * whether it is free is for the server to say.
 */
export function subdomainCandidates(subdomain: string, city?: string | null): string[] {
  const base = slugifySchoolName(subdomain);
  if (base === '') return [];
  const citySlug = city ? slugifySchoolName(city) : '';
  const fit = (a: string, b: string) => `${a.slice(0, SUBDOMAIN_MAX - b.length - 1).replace(/-+$/, '')}-${b}`;
  const raw = [
    citySlug && !base.endsWith(citySlug) ? fit(base, citySlug) : '',
    base.endsWith('school') ? '' : fit(base, 'school'),
    ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => fit(base, String(n))),
    citySlug ? fit(fit(base, citySlug), '2') : '',
  ];
  return [...new Set(raw.filter((s) => s !== '' && s !== base && subdomainProblem(s) === null))];
}
