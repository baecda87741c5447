import { currentYearIST, MESSAGES, RESERVED_SUBDOMAINS } from '@vidyalaya/shared';
import { createUserWithToken, startTestApp, uniq, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { createSchool, schoolPayload } from './fixtures';

const V = MESSAGES.validation;

const withAddress = (change: Record<string, unknown>) => {
  const p = schoolPayload();
  return { ...p, address: { ...p.address, ...change } };
};

describe('spec §7 POST /school/create with spec §5 School form rules', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const schoolsOwnedBy = async (ownerId: string): Promise<number> =>
    Number((await t.db.query(`SELECT count(*)::int AS n FROM schools WHERE owner_id = $1`, [ownerId]))[0].n);

  describe('spec §5 School form: each rule answers 400 with its message on its field, and stores nothing', () => {
    const nextYear = currentYearIST() + 1;
    it.each([
      { case: 'name of one letter', body: () => schoolPayload({ name: 'D' }), path: 'name', message: V.schoolNameMin },
      { case: 'name of spaces around one letter', body: () => schoolPayload({ name: '  D  ' }), path: 'name', message: 'School name must be at least 2 characters' },
      { case: 'name missing', body: () => schoolPayload({ name: undefined }), path: 'name', message: 'School name must be at least 2 characters' },
      { case: 'name of 256', body: () => schoolPayload({ name: 'n'.repeat(256) }), path: 'name', message: 'School name must not exceed 255 characters' },
      { case: 'subdomain of 2', body: () => schoolPayload({ subdomain: 'ab' }), path: 'subdomain', message: 'Subdomain must be at least 3 characters' },
      { case: 'subdomain of 51', body: () => schoolPayload({ subdomain: 's'.repeat(51) }), path: 'subdomain', message: 'Subdomain must not exceed 50 characters' },
      { case: 'subdomain with capitals', body: () => schoolPayload({ subdomain: 'DPS-Kanpur' }), path: 'subdomain', message: 'Subdomain can only contain lowercase letters, numbers, and hyphens' },
      { case: 'subdomain with a dot', body: () => schoolPayload({ subdomain: 'dps.kanpur' }), path: 'subdomain', message: 'Subdomain can only contain lowercase letters, numbers, and hyphens' },
      { case: 'subdomain starting with a hyphen', body: () => schoolPayload({ subdomain: '-dps' }), path: 'subdomain', message: 'Subdomain must start with a letter or number' },
      { case: 'subdomain ending with a hyphen', body: () => schoolPayload({ subdomain: 'dps-' }), path: 'subdomain', message: 'Subdomain must end with a letter or number' },
      { case: 'subdomain with a double hyphen', body: () => schoolPayload({ subdomain: 'dps--kanpur' }), path: 'subdomain', message: 'Subdomain cannot contain consecutive hyphens' },
      { case: 'address1 empty', body: () => withAddress({ address1: '' }), path: 'address.address1', message: 'Address line 1 is required' },
      { case: 'address1 of 256', body: () => withAddress({ address1: 'a'.repeat(256) }), path: 'address.address1', message: 'Address line 1 too long' },
      { case: 'address2 of 256', body: () => withAddress({ address2: 'a'.repeat(256) }), path: 'address.address2', message: 'Address line 2 too long' },
      { case: 'locality blank', body: () => withAddress({ locality: '  ' }), path: 'address.locality', message: 'Locality is required' },
      { case: 'locality of 101', body: () => withAddress({ locality: 'l'.repeat(101) }), path: 'address.locality', message: 'Locality too long' },
      { case: 'city empty', body: () => withAddress({ city: '' }), path: 'address.city', message: 'City is required' },
      { case: 'city of 101', body: () => withAddress({ city: 'c'.repeat(101) }), path: 'address.city', message: 'City too long' },
      { case: 'state empty', body: () => withAddress({ state: '' }), path: 'address.state', message: 'State is required' },
      { case: 'state of 101', body: () => withAddress({ state: 's'.repeat(101) }), path: 'address.state', message: 'State too long' },
      { case: 'country blank', body: () => withAddress({ country: ' ' }), path: 'address.country', message: 'Country is required' },
      { case: 'country of 101', body: () => withAddress({ country: 'c'.repeat(101) }), path: 'address.country', message: 'Country too long' },
      { case: 'pin code of 3 digits', body: () => withAddress({ pinCode: '208' }), path: 'address.pinCode', message: 'Pin code must be 4-10 digits' },
      { case: 'pin code of 11 digits', body: () => withAddress({ pinCode: '20800120800' }), path: 'address.pinCode', message: 'Pin code must be 4-10 digits' },
      { case: 'pin code with a letter', body: () => withAddress({ pinCode: '2080A1' }), path: 'address.pinCode', message: 'Pin code must be 4-10 digits' },
      { case: 'landmark of 256', body: () => withAddress({ landmark: 'l'.repeat(256) }), path: 'address.landmark', message: 'Landmark too long' },
      { case: 'level missing', body: () => schoolPayload({ level: undefined }), path: 'level', message: 'Please select a school level' },
      { case: 'level unknown', body: () => schoolPayload({ level: 'college' }), path: 'level', message: 'Please select a school level' },
      { case: 'board of 256', body: () => schoolPayload({ board: 'b'.repeat(256) }), path: 'board', message: V.boardTooLong },
      { case: 'school code of 1', body: () => schoolPayload({ schoolCode: 'D' }), path: 'schoolCode', message: V.schoolCodeMin },
      { case: 'school code of 51', body: () => schoolPayload({ schoolCode: 'D'.repeat(51) }), path: 'schoolCode', message: V.schoolCodeMax },
      { case: 'school code in lowercase', body: () => schoolPayload({ schoolCode: 'dps-01' }), path: 'schoolCode', message: V.schoolCodeFormat },
      { case: 'no phone numbers', body: () => schoolPayload({ phoneNumbers: [] }), path: 'phoneNumbers', message: 'At least one phone number is required' },
      { case: 'only blank phone entries', body: () => schoolPayload({ phoneNumbers: ['', '   '] }), path: 'phoneNumbers', message: 'At least one phone number is required' },
      { case: 'six phone numbers', body: () => schoolPayload({ phoneNumbers: ['+911234567', '+912234567', '+913234567', '+914234567', '+915234567', '+916234567'] }), path: 'phoneNumbers', message: 'Maximum 5 phone numbers allowed' },
      { case: 'a phone with a leading zero', body: () => schoolPayload({ phoneNumbers: ['05122345678'] }), path: 'phoneNumbers.0', message: 'Invalid phone number format' },
      { case: 'a phone of 16 digits', body: () => schoolPayload({ phoneNumbers: ['9'.repeat(16)] }), path: 'phoneNumbers.0', message: 'Invalid phone number format' },
      { case: 'a repeated phone', body: () => schoolPayload({ phoneNumbers: ['+919876543210', '+919876543210'] }), path: 'phoneNumbers.1', message: 'Phone numbers must be unique' },
      { case: 'school email malformed', body: () => schoolPayload({ email: 'office@' }), path: 'email', message: 'Invalid email format' },
      { case: 'school email of 256', body: () => schoolPayload({ email: `${'e'.repeat(244)}@example.com` }), path: 'email', message: V.schoolEmailTooLong },
      { case: 'principal name of 1', body: () => schoolPayload({ principalName: 'R' }), path: 'principalName', message: V.principalNameMin },
      { case: 'principal name of 256', body: () => schoolPayload({ principalName: 'R'.repeat(256) }), path: 'principalName', message: V.principalNameMax },
      { case: 'principal name with a digit', body: () => schoolPayload({ principalName: 'Dr. R. Sharma 2' }), path: 'principalName', message: V.principalNameFormat },
      { case: 'established year before 1800', body: () => schoolPayload({ establishedYear: 1799 }), path: 'establishedYear', message: V.establishedYearMin },
      { case: 'established year in the future', body: () => schoolPayload({ establishedYear: nextYear }), path: 'establishedYear', message: V.establishedYearFuture },
      { case: 'established year with a fraction', body: () => schoolPayload({ establishedYear: 1990.5 }), path: 'establishedYear', message: V.establishedYearInteger },
      { case: 'language of 1', body: () => schoolPayload({ language: 'H' }), path: 'language', message: V.languageMin },
      { case: 'language of 51', body: () => schoolPayload({ language: 'H'.repeat(51) }), path: 'language', message: V.languageMax },
      { case: 'language with a comma', body: () => schoolPayload({ language: 'Hindi, English' }), path: 'language', message: V.languageFormat },
    ])('$case → $path: $message', async ({ body, path, message }) => {
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('POST', '/school/create', { token: admin.token, body: body() });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', message } });
      expect(res.body.error.details[path]).toBe(message);
      expect(await schoolsOwnedBy(admin.id)).toBe(0);
    });

    it('a body that is not an object, or is empty, reports every required field', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('POST', '/school/create', { token: admin.token, body: {} });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toMatchObject({
        name: V.schoolNameMin,
        subdomain: V.subdomainMin,
        'address.address1': V.address1Required,
        'address.city': V.cityRequired,
        level: V.levelRequired,
        phoneNumbers: V.phoneNumbersMin,
      });
    });
  });

  describe('spec §3 School create payload: empty optionals omitted, blank phones dropped', () => {
    it('creates a pending, inactive school on the free trial, trimmed, with empty optional values stored as absent', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const payload = schoolPayload({
        name: '  Delhi Public School  ',
        board: '',
        schoolCode: ' ',
        email: '',
        principalName: '',
        establishedYear: '',
        language: '',
        phoneNumbers: ['', ' +919876543210 ', '   ', '+915122345678'],
      });
      payload.address = { ...payload.address, address2: '', landmark: '  ', city: ' Kanpur ', country: undefined };
      const res = await t.call('POST', '/school/create', { token: admin.token, body: payload });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.message).toBe(MESSAGES.toast.schoolCreated.title);
      const school = res.body.data.school;
      expect(school).toMatchObject({
        name: 'Delhi Public School',
        subdomain: payload.subdomain,
        level: 'mixed',
        board: null,
        schoolCode: null,
        email: null,
        principalName: null,
        establishedYear: null,
        language: null,
        phoneNumbers: ['+919876543210', '+915122345678'],
        address: { address1: '12 Mall Road', address2: null, landmark: null, city: 'Kanpur', country: 'India', pinCode: '208001' },
        isActive: false,
        planType: 'free_trial',
        trialEndsAt: null,
        maxStudents: 100,
        metaData: { approvalStatus: 'pending', rejectionReason: null },
      });
      expect(school.id).toMatch(/^[0-9a-f-]{36}$/);
      const mine = await t.call('GET', '/auth/my-school', { token: admin.token });
      expect(mine.body.data.school).toEqual(school);
    });

    it('keeps every optional field that is given', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const code = `DPS_${uniq().toUpperCase()}`;
      const school = await createSchool(t, admin.token, {
        board: 'CBSE',
        schoolCode: code,
        email: 'office@dps.example.in',
        principalName: 'Dr. R. K. Sharma',
        establishedYear: 1975,
        language: 'हिन्दी',
        level: 'higher_secondary',
      });
      expect(school).toMatchObject({ board: 'CBSE', schoolCode: code, email: 'office@dps.example.in', principalName: 'Dr. R. K. Sharma', establishedYear: 1975, language: 'हिन्दी', level: 'higher_secondary' });
    });

    it('DECISIONS: unknown fields are dropped, never stored (no self-approval, no other owner)', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const other = await createUserWithToken(t, 'admin');
      const school = await createSchool(t, admin.token, { isActive: true, ownerId: other.id, approvalStatus: 'approved', metaData: { approvalStatus: 'approved' }, planType: 'premium', maxStudents: 5000 });
      expect(school).toMatchObject({ isActive: false, planType: 'free_trial', maxStudents: 100, metaData: { approvalStatus: 'pending' } });
      expect(await schoolsOwnedBy(admin.id)).toBe(1);
      expect(await schoolsOwnedBy(other.id)).toBe(0);
    });
  });

  describe('DECISIONS one school per administrator; a retried create never duplicates', () => {
    it('a second, different school answers 409 SCHOOL_ALREADY_EXISTS', async () => {
      const admin = await createUserWithToken(t, 'admin');
      await createSchool(t, admin.token);
      const res = await t.call('POST', '/school/create', { token: admin.token, body: schoolPayload() });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, error: { code: 'SCHOOL_ALREADY_EXISTS' } });
      expect(await schoolsOwnedBy(admin.id)).toBe(1);
    });

    it('the same create sent again answers the school made the first time', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const payload = schoolPayload();
      const first = await t.call('POST', '/school/create', { token: admin.token, body: payload });
      const again = await t.call('POST', '/school/create', { token: admin.token, body: payload });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body.data.school).toEqual(first.body.data.school);
      expect(await schoolsOwnedBy(admin.id)).toBe(1);
    });

    it('five identical creates at once make one school, and all five answer it', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const payload = schoolPayload();
      const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', '/school/create', { token: admin.token, body: payload })));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.data.school.id)).size).toBe(1);
      expect(await schoolsOwnedBy(admin.id)).toBe(1);
    });

    it('different creates at once by one administrator make one school; the rest answer 409', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const answers = await Promise.all(Array.from({ length: 4 }, () => t.call('POST', '/school/create', { token: admin.token, body: schoolPayload() })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
      expect(answers.filter((a) => a.status === 409).map((a) => a.body.error.code)).toEqual(['SCHOOL_ALREADY_EXISTS', 'SCHOOL_ALREADY_EXISTS', 'SCHOOL_ALREADY_EXISTS']);
      expect(await schoolsOwnedBy(admin.id)).toBe(1);
    });
  });

  describe('DECISIONS unique subdomain (reserved names refused) and school code', () => {
    it("another school's subdomain, in any case, answers 409 'Subdomain already taken'", async () => {
      const first = await createUserWithToken(t, 'admin');
      const second = await createUserWithToken(t, 'admin');
      const taken = await createSchool(t, first.token);
      const res = await t.call('POST', '/school/create', { token: second.token, body: schoolPayload({ subdomain: taken.subdomain }) });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: 'Subdomain already taken', error: { code: 'SUBDOMAIN_TAKEN', message: 'Subdomain already taken' } });
      expect(await schoolsOwnedBy(second.id)).toBe(0);
    });

    it('two administrators racing for one subdomain: one wins, the other gets 409', async () => {
      const a = await createUserWithToken(t, 'admin');
      const b = await createUserWithToken(t, 'admin');
      const subdomain = `race-${uniq()}`;
      const answers = await Promise.all([a, b].map((u) => t.call('POST', '/school/create', { token: u.token, body: schoolPayload({ subdomain }) })));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('SUBDOMAIN_TAKEN');
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM schools WHERE lower(subdomain) = $1`, [subdomain]);
      expect(n).toBe(1);
    });

    it.each(['www', 'api', 'admin', 'mail', 'staff', 'portal', 'app'])("reserved '%s' answers 409 'This subdomain is reserved'", async (subdomain) => {
      expect(RESERVED_SUBDOMAINS).toContain(subdomain);
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('POST', '/school/create', { token: admin.token, body: schoolPayload({ subdomain }) });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'SUBDOMAIN_RESERVED', message: 'This subdomain is reserved' });
      expect(await schoolsOwnedBy(admin.id)).toBe(0);
    });

    it('a school code in use answers 409 SCHOOL_CODE_TAKEN; schools without a code never clash', async () => {
      const a = await createUserWithToken(t, 'admin');
      const b = await createUserWithToken(t, 'admin');
      const c = await createUserWithToken(t, 'admin');
      const code = `KNP-${uniq().toUpperCase()}`;
      await createSchool(t, a.token, { schoolCode: code });
      const res = await t.call('POST', '/school/create', { token: b.token, body: schoolPayload({ schoolCode: code }) });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('SCHOOL_CODE_TAKEN');
      await createSchool(t, b.token);
      await createSchool(t, c.token);
    });

    it('school names need not be unique', async () => {
      const a = await createUserWithToken(t, 'admin');
      const b = await createUserWithToken(t, 'admin');
      const name = `Kendriya Vidyalaya ${uniq()}`;
      await createSchool(t, a.token, { name });
      await createSchool(t, b.token, { name });
    });
  });

  describe('issue 20: the affiliation number, apart from the UDISE+ school code; phones in one normal form', () => {
    it('stores an optional affiliation number and phone numbers written with spaces, dashes and +91 as one form', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('POST', '/school/create', {
        token: admin.token,
        body: schoolPayload({ affiliationNumber: ' 2130123 ', schoolCode: '09100100101', phoneNumbers: ['+91 98765 43210', '98390-12345'] }),
      });
      expect(res.status).toBe(201);
      expect(res.body.data.school).toMatchObject({ affiliationNumber: '2130123', schoolCode: '09100100101', phoneNumbers: ['+919876543210', '+919839012345'] });
      const mine = await t.call('GET', '/auth/my-school', { token: admin.token });
      expect(mine.body.data.school.affiliationNumber).toBe('2130123');
      const none = await t.call('POST', '/school/create', { token: (await createUserWithToken(t, 'admin')).token, body: schoolPayload() });
      expect(none.body.data.school.affiliationNumber).toBeNull();
    });

    it('refuses a malformed affiliation number with its message, and changes nothing', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('POST', '/school/create', { token: admin.token, body: schoolPayload({ affiliationNumber: '<script>' }) });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual({ affiliationNumber: 'Affiliation number can only contain letters, numbers, spaces, slashes, dots and hyphens' });
      expect((await t.call('GET', '/auth/my-school', { token: admin.token })).status).toBe(404);
    });
  });

  describe('DECISIONS GET /school/subdomain-availability', () => {
    it.each([
      ['ab', V.subdomainMin],
      ['Bad_Name', V.subdomainCharacters],
      ['-abc', V.subdomainStart],
      ['abc-', V.subdomainEnd],
      ['a--b', V.subdomainConsecutiveHyphens],
      ['www', 'This subdomain is reserved'],
      ['', V.subdomainMin],
    ])('%j → unavailable: %s', async (subdomain, reason) => {
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('GET', `/school/subdomain-availability?subdomain=${encodeURIComponent(subdomain)}`, { token: admin.token });
      expect(res.status).toBe(200);
      // A reserved name comes with free alternatives (issue 20); a malformed one with none.
      const suggestions = reason === 'This subdomain is reserved' ? { suggestions: ['www-school', 'www-2', 'www-3'] } : {};
      expect(res.body).toEqual({ success: true, data: { available: false, reason, ...suggestions } });
    });

    it("a taken subdomain is 'Subdomain already taken' to others and available to its own school", async () => {
      const owner = await createUserWithToken(t, 'admin');
      const other = await createUserWithToken(t, 'admin');
      const school = await createSchool(t, owner.token);
      const ask = (token: string) => t.call('GET', `/school/subdomain-availability?subdomain=${school.subdomain}`, { token });
      expect((await ask(other.token)).body.data).toEqual({ available: false, reason: 'Subdomain already taken', suggestions: [`${school.subdomain}-school`, `${school.subdomain}-2`, `${school.subdomain}-3`] });
      expect((await ask(owner.token)).body.data).toEqual({ available: true });
    });

    it('issue 20: a taken subdomain suggests free ones, the city first, leaving out those taken too', async () => {
      const owner = await createUserWithToken(t, 'admin');
      const other = await createUserWithToken(t, 'admin');
      const base = `gyan-${uniq()}`;
      await createSchool(t, owner.token, { subdomain: base });
      await createSchool(t, (await createUserWithToken(t, 'admin')).token, { subdomain: `${base}-kanpur` });
      const res = await t.call('GET', `/school/subdomain-availability?subdomain=${base}&city=${encodeURIComponent('Kanpur')}`, { token: other.token });
      expect(res.body.data).toEqual({ available: false, reason: 'Subdomain already taken', suggestions: [`${base}-school`, `${base}-2`, `${base}-3`] });
      const lucknow = await t.call('GET', `/school/subdomain-availability?subdomain=${base}&city=Lucknow`, { token: other.token });
      expect(lucknow.body.data.suggestions).toEqual([`${base}-lucknow`, `${base}-school`, `${base}-2`]);
    });

    it('a free subdomain is available; the parameter is required', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const free = await t.call('GET', `/school/subdomain-availability?subdomain=free-${uniq()}`, { token: admin.token });
      expect(free.body).toEqual({ success: true, data: { available: true } });
      const missing = await t.call('GET', '/school/subdomain-availability', { token: admin.token });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details).toEqual({ subdomain: 'Subdomain is required' });
    });
  });

  describe('spec §6 only a signed-in administrator', () => {
    it('answers 401 without a token and 403 to provider staff', async () => {
      const anonymous = await t.call('POST', '/school/create', { body: schoolPayload() });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
      const staff = await createUserWithToken(t, 'staff');
      const res = await t.call('POST', '/school/create', { token: staff.token, body: schoolPayload() });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect(await schoolsOwnedBy(staff.id)).toBe(0);
    });
  });
});
