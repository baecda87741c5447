import type { z } from 'zod';
import { zodIssuesToDetails } from '../api/validation-details';
import { createSchoolSchema, emptySchoolFormValues, normalisePhoneNumber, schoolFormSchema, type SchoolFormValues, subdomainAvailabilityQuerySchema, toCreateSchoolPayload, updatePlanSchema } from './schemas';

const detailsOf = (schema: z.ZodType, input: unknown) =>
  zodIssuesToDetails(schema.safeParse(input).error?.issues ?? []);

const validAddress = {
  address1: '12 Mall Road',
  locality: 'Civil Lines',
  city: 'Kanpur',
  state: 'Uttar Pradesh',
  country: 'India',
  pinCode: '208001',
};

const validSchool = {
  name: 'Delhi Public School',
  subdomain: 'dps-kanpur',
  address: validAddress,
  level: 'mixed',
  phoneNumbers: ['+919876543210'],
};

const withAddress = (change: Record<string, unknown>) => ({
  ...validSchool,
  address: { ...validAddress, ...change },
});

// Both the server schema and the form schema must give each message on the same field.
const schemas = [
  ['createSchoolSchema', createSchoolSchema],
  ['schoolFormSchema', schoolFormSchema],
] as const;

describe.each(schemas)('spec §5 School form (%s)', (_name, schema) => {
  beforeAll(() => {
    jest.useFakeTimers({ now: new Date('2025-06-15T06:00:00Z') });
  });
  afterAll(() => {
    jest.useRealTimers();
  });

  it.each([
    { case: 'name of one letter', input: { ...validSchool, name: 'D' }, path: 'name', message: 'School name must be at least 2 characters' },
    { case: 'name of spaces around one letter', input: { ...validSchool, name: '  D  ' }, path: 'name', message: 'School name must be at least 2 characters' },
    { case: 'name missing', input: { ...validSchool, name: undefined }, path: 'name', message: 'School name must be at least 2 characters' },
    { case: 'name of 256', input: { ...validSchool, name: 'n'.repeat(256) }, path: 'name', message: 'School name must not exceed 255 characters' },
    { case: 'subdomain of 2', input: { ...validSchool, subdomain: 'dp' }, path: 'subdomain', message: 'Subdomain must be at least 3 characters' },
    { case: 'subdomain of 51', input: { ...validSchool, subdomain: 's'.repeat(51) }, path: 'subdomain', message: 'Subdomain must not exceed 50 characters' },
    { case: 'subdomain with capitals', input: { ...validSchool, subdomain: 'DPS-Kanpur' }, path: 'subdomain', message: 'Subdomain can only contain lowercase letters, numbers, and hyphens' },
    { case: 'subdomain starting with a hyphen', input: { ...validSchool, subdomain: '-dps' }, path: 'subdomain', message: 'Subdomain must start with a letter or number' },
    { case: 'subdomain ending with a hyphen', input: { ...validSchool, subdomain: 'dps-' }, path: 'subdomain', message: 'Subdomain must end with a letter or number' },
    { case: 'subdomain with a double hyphen', input: { ...validSchool, subdomain: 'dps--kanpur' }, path: 'subdomain', message: 'Subdomain cannot contain consecutive hyphens' },
    { case: 'address1 empty', input: withAddress({ address1: '' }), path: 'address.address1', message: 'Address line 1 is required' },
    { case: 'address1 of 256', input: withAddress({ address1: 'a'.repeat(256) }), path: 'address.address1', message: 'Address line 1 too long' },
    { case: 'address2 of 256', input: withAddress({ address2: 'a'.repeat(256) }), path: 'address.address2', message: 'Address line 2 too long' },
    { case: 'locality empty', input: withAddress({ locality: '  ' }), path: 'address.locality', message: 'Locality is required' },
    { case: 'locality of 101', input: withAddress({ locality: 'l'.repeat(101) }), path: 'address.locality', message: 'Locality too long' },
    { case: 'city empty', input: withAddress({ city: '' }), path: 'address.city', message: 'City is required' },
    { case: 'city of 101', input: withAddress({ city: 'c'.repeat(101) }), path: 'address.city', message: 'City too long' },
    { case: 'state empty', input: withAddress({ state: '' }), path: 'address.state', message: 'State is required' },
    { case: 'state of 101', input: withAddress({ state: 's'.repeat(101) }), path: 'address.state', message: 'State too long' },
    { case: 'country empty', input: withAddress({ country: '' }), path: 'address.country', message: 'Country is required' },
    { case: 'country of 101', input: withAddress({ country: 'c'.repeat(101) }), path: 'address.country', message: 'Country too long' },
    { case: 'pin code of 3 digits', input: withAddress({ pinCode: '208' }), path: 'address.pinCode', message: 'Pin code must be 4-10 digits' },
    { case: 'pin code of 11 digits', input: withAddress({ pinCode: '20800120800' }), path: 'address.pinCode', message: 'Pin code must be 4-10 digits' },
    { case: 'pin code with a letter', input: withAddress({ pinCode: '2080A1' }), path: 'address.pinCode', message: 'Pin code must be 4-10 digits' },
    { case: 'pin code missing', input: withAddress({ pinCode: undefined }), path: 'address.pinCode', message: 'Pin code must be 4-10 digits' },
    { case: 'landmark of 256', input: withAddress({ landmark: 'l'.repeat(256) }), path: 'address.landmark', message: 'Landmark too long' },
    { case: 'level missing', input: { ...validSchool, level: undefined }, path: 'level', message: 'Please select a school level' },
    { case: 'level empty', input: { ...validSchool, level: '' }, path: 'level', message: 'Please select a school level' },
    { case: 'level unknown', input: { ...validSchool, level: 'college' }, path: 'level', message: 'Please select a school level' },
    { case: 'board of 256', input: { ...validSchool, board: 'b'.repeat(256) }, path: 'board', message: 'Board must not exceed 255 characters' },
    { case: 'school code of 1', input: { ...validSchool, schoolCode: 'D' }, path: 'schoolCode', message: 'School code must be at least 2 characters' },
    { case: 'school code of 51', input: { ...validSchool, schoolCode: 'D'.repeat(51) }, path: 'schoolCode', message: 'School code must not exceed 50 characters' },
    { case: 'school code in lowercase', input: { ...validSchool, schoolCode: 'dps-01' }, path: 'schoolCode', message: 'School code can only contain uppercase letters, numbers, hyphens and underscores' },
    { case: 'phone with a leading zero', input: { ...validSchool, phoneNumbers: ['05122345678'] }, path: 'phoneNumbers.0', message: 'Invalid phone number format' },
    { case: 'phone with a letter inside (spaces and dashes are fine)', input: { ...validSchool, phoneNumbers: ['98765 4321O'] }, path: 'phoneNumbers.0', message: 'Invalid phone number format' },
    { case: 'phone of one digit', input: { ...validSchool, phoneNumbers: ['9'] }, path: 'phoneNumbers.0', message: 'Invalid phone number format' },
    { case: 'phone of 16 digits', input: { ...validSchool, phoneNumbers: ['9'.repeat(16)] }, path: 'phoneNumbers.0', message: 'Invalid phone number format' },
    { case: 'school email malformed', input: { ...validSchool, email: 'office@' }, path: 'email', message: 'Invalid email format' },
    { case: 'school email of 256', input: { ...validSchool, email: `${'e'.repeat(244)}@example.com` }, path: 'email', message: 'Email must not exceed 255 characters' },
    { case: 'principal name of 1', input: { ...validSchool, principalName: 'R' }, path: 'principalName', message: 'Principal name must be at least 2 characters' },
    { case: 'principal name of 256', input: { ...validSchool, principalName: 'R'.repeat(256) }, path: 'principalName', message: 'Principal name must not exceed 255 characters' },
    { case: 'principal name with a digit', input: { ...validSchool, principalName: 'Dr. R. Sharma 2' }, path: 'principalName', message: 'Principal name can only contain letters, spaces and dots' },
    { case: 'established year before 1800', input: { ...validSchool, establishedYear: 1799 }, path: 'establishedYear', message: 'Established year cannot be before 1800' },
    { case: 'established year in the future', input: { ...validSchool, establishedYear: 2026 }, path: 'establishedYear', message: 'Established year cannot be in the future' },
    { case: 'established year with a fraction', input: { ...validSchool, establishedYear: 1990.5 }, path: 'establishedYear', message: 'Established year must be a whole number' },
    { case: 'established year as words', input: { ...validSchool, establishedYear: 'nineteen' }, path: 'establishedYear', message: 'Established year must be a whole number' },
    { case: 'language of 1', input: { ...validSchool, language: 'H' }, path: 'language', message: 'Language must be at least 2 characters' },
    { case: 'language of 51', input: { ...validSchool, language: 'H'.repeat(51) }, path: 'language', message: 'Language must not exceed 50 characters' },
    { case: 'language with a comma', input: { ...validSchool, language: 'Hindi, English' }, path: 'language', message: 'Language can only contain letters and spaces' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    const details = detailsOf(schema, input);
    expect(details[path]).toBe(message);
    expect(Object.keys(details)).toEqual([path]);
  });

  it.each([
    { case: 'every optional field filled', change: { board: 'CBSE', schoolCode: 'DPS_KNP-01', email: 'office@dps.in', principalName: 'Dr. R. K. Sharma', establishedYear: 1975, language: 'Hindi' } },
    { case: 'established year this year', change: { establishedYear: 2025 } },
    { case: 'established year 1800', change: { establishedYear: 1800 } },
    { case: 'established year null', change: { establishedYear: null } },
    { case: 'five phone numbers', change: { phoneNumbers: ['+911', '+912', '+913', '+914', '+915'].map((p) => `${p}234567`) } },
    { case: 'a Devanagari principal name', change: { principalName: 'श्री राम शर्मा' } },
    { case: 'a language in its own script', change: { language: 'हिन्दी' } },
    { case: 'a 255-character name', change: { name: 'n'.repeat(255) } },
  ])('accepts $case', ({ change }) => {
    expect(detailsOf(schema, { ...validSchool, ...change })).toEqual({});
  });
});

describe('spec §5 School form: createSchoolSchema, the server side', () => {
  it.each([
    { case: 'no phone numbers', phoneNumbers: [], path: 'phoneNumbers', message: 'At least one phone number is required' },
    { case: 'only blank phone entries', phoneNumbers: ['', '  '], path: 'phoneNumbers', message: 'At least one phone number is required' },
    { case: 'phone numbers missing', phoneNumbers: undefined, path: 'phoneNumbers', message: 'At least one phone number is required' },
    { case: 'six phone numbers', phoneNumbers: ['911', '912', '913', '914', '915', '916'].map((p) => `+${p}234567`), path: 'phoneNumbers', message: 'Maximum 5 phone numbers allowed' },
    { case: 'a repeated phone number', phoneNumbers: ['+919876543210', '+919811111111', '+919876543210'], path: 'phoneNumbers.2', message: 'Phone numbers must be unique' },
  ])('$case → $path: $message', ({ phoneNumbers, path, message }) => {
    expect(detailsOf(createSchoolSchema, { ...validSchool, phoneNumbers })[path]).toBe(message);
  });

  it('drops empty optional values and blank phone entries, and trims what it keeps', () => {
    const parsed = createSchoolSchema.parse({
      ...validSchool,
      name: '  Delhi Public School ',
      address: { ...validAddress, address2: '', landmark: '   ', city: ' Kanpur ' },
      board: '',
      schoolCode: ' ',
      email: '',
      principalName: '',
      establishedYear: '',
      language: '',
      phoneNumbers: ['', ' +919876543210 ', '  '],
      ownerId: 'injected',
    });
    expect(parsed).toStrictEqual({
      name: 'Delhi Public School',
      subdomain: 'dps-kanpur',
      address: { ...validAddress, address2: undefined, landmark: undefined, city: 'Kanpur' },
      level: 'mixed',
      board: undefined,
      schoolCode: undefined,
      phoneNumbers: ['+919876543210'],
      email: undefined,
      principalName: undefined,
      establishedYear: undefined,
      language: undefined,
    });
  });

  it('fills in India when the country is omitted (spec §5 default)', () => {
    const { country: _omitted, ...address } = validAddress;
    expect(createSchoolSchema.parse({ ...validSchool, address }).address.country).toBe('India');
  });

  it('reads an established year sent as text', () => {
    expect(createSchoolSchema.parse({ ...validSchool, establishedYear: ' 1975 ' }).establishedYear).toBe(1975);
  });

  it('reports each address field when the address is missing', () => {
    expect(detailsOf(createSchoolSchema, { ...validSchool, address: undefined })).toEqual({
      'address.address1': 'Address line 1 is required',
      'address.locality': 'Locality is required',
      'address.city': 'City is required',
      'address.state': 'State is required',
      'address.pinCode': 'Pin code must be 4-10 digits',
    });
  });
});

describe('spec §5 School form: schoolFormSchema puts phone messages on the inputs', () => {
  it.each([
    { case: 'one empty input', phoneNumbers: [''], path: 'phoneNumbers.0', message: 'At least one phone number is required' },
    { case: 'no inputs', phoneNumbers: undefined, path: 'phoneNumbers.0', message: 'At least one phone number is required' },
    { case: 'a bad number after a blank', phoneNumbers: ['', '98-76x'], path: 'phoneNumbers.1', message: 'Invalid phone number format' },
    { case: 'a repeat after a blank', phoneNumbers: ['+919876543210', '', '+919876543210'], path: 'phoneNumbers.2', message: 'Phone numbers must be unique' },
    { case: 'six filled inputs', phoneNumbers: ['911', '912', '913', '914', '915', '916'].map((p) => `+${p}234567`), path: 'phoneNumbers.5', message: 'Maximum 5 phone numbers allowed' },
  ])('$case → $path: $message', ({ phoneNumbers, path, message }) => {
    const details = detailsOf(schoolFormSchema, { ...validSchool, phoneNumbers });
    expect(details).toEqual({ [path]: message });
  });

  it('requires the country the form starts with', () => {
    const { country: _omitted, ...address } = validAddress;
    expect(detailsOf(schoolFormSchema, { ...validSchool, address })).toEqual({
      'address.country': 'Country is required',
    });
  });

  it('starts with India and one phone input', () => {
    expect(emptySchoolFormValues()).toEqual({ address: { country: 'India' }, phoneNumbers: [''] });
  });
});

describe('spec §3 School create payload: toCreateSchoolPayload', () => {
  const formValues: SchoolFormValues = {
    name: ' Delhi Public School ',
    subdomain: 'dps-kanpur',
    address: {
      address1: ' 12 Mall Road ',
      address2: '',
      locality: 'Civil Lines',
      city: 'Kanpur',
      state: 'Uttar Pradesh',
      country: 'India',
      pinCode: '208001',
      landmark: '  ',
    },
    level: 'secondary',
    board: 'CBSE',
    schoolCode: '',
    phoneNumbers: ['+919876543210', '', '  ', '+915122345678', null],
    email: '',
    principalName: undefined,
    establishedYear: '1975',
    language: ' ',
  };

  it('omits empty optional values and drops blank phone entries', () => {
    expect(toCreateSchoolPayload(formValues)).toStrictEqual({
      name: 'Delhi Public School',
      subdomain: 'dps-kanpur',
      address: {
        address1: '12 Mall Road',
        locality: 'Civil Lines',
        city: 'Kanpur',
        state: 'Uttar Pradesh',
        country: 'India',
        pinCode: '208001',
      },
      level: 'secondary',
      board: 'CBSE',
      phoneNumbers: ['+919876543210', '+915122345678'],
      establishedYear: 1975,
    });
  });

  it.each([
    { case: 'empty text', establishedYear: '' },
    { case: 'null', establishedYear: null },
    { case: 'undefined', establishedYear: undefined },
  ])('omits an established year given as $case', ({ establishedYear }) => {
    expect('establishedYear' in toCreateSchoolPayload({ ...formValues, establishedYear })).toBe(false);
  });

  it('produces a payload the server schema accepts unchanged', () => {
    const payload = toCreateSchoolPayload(formValues);
    expect(createSchoolSchema.parse(payload)).toEqual(payload);
  });
});

describe('spec §7 school calls', () => {
  it.each([['free_trial'], ['basic'], ['standard'], ['premium']])('plan %s is well formed', (planType) => {
    expect(updatePlanSchema.parse({ planType })).toEqual({ planType });
  });

  it('an unknown plan is refused', () => {
    expect(detailsOf(updatePlanSchema, { planType: 'gold' }).planType).toBe(
      'Plan must be one of free_trial, basic, standard or premium',
    );
  });

  it('subdomain availability takes any text, but needs the parameter', () => {
    expect(subdomainAvailabilityQuerySchema.parse({ subdomain: ' Ab ' })).toEqual({ subdomain: 'Ab' });
    expect(detailsOf(subdomainAvailabilityQuerySchema, {}).subdomain).toBe('Subdomain is required');
  });
});

describe('issue 20: phone numbers take spaces, dashes and +91, and are kept in one normal form', () => {
  it.each([
    ['+91 98765 43210', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['9876543210', '+919876543210'],
    ['91 98765 43210', '+919876543210'],
    ['+91-512-2345678', '+915122345678'],
    ['(0512) 234 5678', '05122345678'],
    [' +1 (415) 555-0100 ', '+14155550100'],
  ])('%j → %j', (input, normal) => {
    expect(normalisePhoneNumber(input)).toBe(normal);
  });

  it('the server stores the normal form, and two spellings of one number are duplicates', () => {
    const parsed = createSchoolSchema.parse({ ...validSchool, phoneNumbers: ['+91 98765 43210', '0512-2345678'.replace(/^0/, '+91 ')] });
    expect(parsed.phoneNumbers).toEqual(['+919876543210', '+915122345678']);
    const twice = createSchoolSchema.safeParse({ ...validSchool, phoneNumbers: ['98765 43210', '+919876543210'] });
    expect(twice.success).toBe(false);
    expect(zodIssuesToDetails(twice.error!.issues)).toEqual({ 'phoneNumbers.1': 'Phone numbers must be unique' });
  });
});
