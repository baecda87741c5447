import fc from 'fast-check';
import { zodIssuesToDetails } from '../api/validation-details';
import {
  isReservedSubdomain,
  schoolPortalUrl,
  slugifySchoolName,
  subdomainProblem,
  subdomainSchema,
} from './subdomain';

describe('spec §2 /setup/school: the subdomain slug of a school name', () => {
  it.each([
    ['Delhi Public School', 'delhi-public-school'],
    ["St. Mary's Convent School", 'st-marys-convent-school'],
    ['  Kendriya   Vidyalaya  ', 'kendriya-vidyalaya'],
    ['Sunrise -- Academy', 'sunrise-academy'],
    ['Sunrise - Academy', 'sunrise-academy'],
    ['-Edge- School-', 'edge-school'],
    ['ABC@123 School!', 'abc123-school'],
    ['Green_Valley School', 'greenvalley-school'],
    ['DAV Public School, Kanpur (U.P.)', 'dav-public-school-kanpur-up'],
    ['A & B Academy', 'a-b-academy'],
    ['Tab\tand\nnewline', 'tab-and-newline'],
    ['123 Main Street', '123-main-street'],
    ['Sainik Vidyālaya', 'sainik-vidyalaya'],
    ['École Française', 'ecole-francaise'],
    ['विद्यालय', ''],
    ['!!!', ''],
    ['', ''],
    ['x'.repeat(60), 'x'.repeat(50)],
    [`${'a'.repeat(49)} b`, 'a'.repeat(49)],
    [`${'a'.repeat(48)} bc`, `${'a'.repeat(48)}-b`],
  ])('%j → %j', (name, slug) => {
    expect(slugifySchoolName(name)).toBe(slug);
  });

  it('always gives a valid subdomain once it is 3 characters long, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        const slug = slugifySchoolName(name);
        expect(slug).toMatch(/^[a-z0-9-]*$/);
        expect(slug).not.toMatch(/--|^-|-$/);
        expect(slug.length).toBeLessThanOrEqual(50);
        expect(slugifySchoolName(slug)).toBe(slug);
        if (slug.length >= 3) expect(subdomainSchema.safeParse(slug).success).toBe(true);
      }),
    );
  });
});

describe('spec §5 School form: subdomain messages and their precedence', () => {
  const messageOf = (value: unknown) =>
    zodIssuesToDetails(subdomainSchema.safeParse(value).error?.issues ?? [])[''];

  it.each([
    ['ab', 'Subdomain must be at least 3 characters'],
    ['', 'Subdomain must be at least 3 characters'],
    [undefined, 'Subdomain must be at least 3 characters'],
    ['A-', 'Subdomain must be at least 3 characters'],
    ['s'.repeat(51), 'Subdomain must not exceed 50 characters'],
    ['my_school', 'Subdomain can only contain lowercase letters, numbers, and hyphens'],
    ['my school', 'Subdomain can only contain lowercase letters, numbers, and hyphens'],
    ['MySchool', 'Subdomain can only contain lowercase letters, numbers, and hyphens'],
    ['-school', 'Subdomain must start with a letter or number'],
    ['--school', 'Subdomain must start with a letter or number'],
    ['school-', 'Subdomain must end with a letter or number'],
    ['my--school', 'Subdomain cannot contain consecutive hyphens'],
  ])('%j → %s', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });

  it.each([['abc'], ['dps-kanpur'], ['123'], ['a1-b2-c3'], ['s'.repeat(50)]])('accepts %j', (value) => {
    expect(subdomainSchema.parse(value)).toBe(value);
  });

  it('trims surrounding spaces', () => {
    expect(subdomainSchema.parse(' dps ')).toBe('dps');
  });
});

describe('DECISIONS reserved subdomains', () => {
  it.each([['www'], ['api'], ['app'], ['admin'], ['mail'], ['staff'], ['portal'], ['WWW'], [' api ']])(
    '%j is reserved',
    (value) => {
      expect(isReservedSubdomain(value)).toBe(true);
    },
  );

  it.each([['demo'], ['dps-kanpur'], ['wwww']])('%j is not reserved', (value) => {
    expect(isReservedSubdomain(value)).toBe(false);
  });

  it.each([
    ['ab', 'Subdomain must be at least 3 characters'],
    ['www', 'This subdomain is reserved'],
    ['dps-kanpur', null],
  ])('subdomainProblem(%j) → %j', (value, problem) => {
    expect(subdomainProblem(value)).toBe(problem);
  });
});

describe('DECISIONS school portal address', () => {
  it.each([
    ['dps', 'localhost:3000', 'http://dps.localhost:3000'],
    ['dps', 'vidyalaya.in', 'https://dps.vidyalaya.in'],
    ['dps', 'https://vidyalaya.in/', 'https://dps.vidyalaya.in'],
    ['dps', 'app.localhost', 'http://dps.app.localhost'],
  ])('%s under %s → %s', (subdomain, domain, url) => {
    expect(schoolPortalUrl(subdomain, domain)).toBe(url);
  });
});
