import { MESSAGES } from '@vidyalaya/shared';
import { clientAt, codeSentBy, newAccount, startAuthHarness, type AuthHarness, type Client } from '../auth/auth-helpers';
import { schoolPayload, YEAR } from '../schools/fixtures';

/**
 * Issue 20 item 5: one test per call of spec §7, each asserting the exact answer the original
 * front end reads (envelope, field names, types), as DECISIONS fixes them. The calls run in the
 * order of the onboarding journey, each test using what the ones before it made.
 */
const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const JWT = expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/);
const OPAQUE = expect.stringMatching(/^[A-Za-z0-9_-]{43}$/);
const ref = { id: UUID, name: expect.any(String) };

describe('spec §7 calls: the exact answer of each', () => {
  let h: AuthHarness;
  let call: Client;
  const acc = newAccount();
  const newPassword = 'Fresh-Chalk-9051';
  let accessToken = '';
  let refreshToken = '';
  let resetToken = '';
  let user: Record<string, unknown>;
  let schoolId = '';
  const payload = schoolPayload();

  beforeAll(async () => {
    h = await startAuthHarness();
    call = clientAt(h.t);
  });
  afterAll(() => h.close());

  const userShape = () => ({ id: UUID, username: acc.username, email: acc.email, role: 'admin', isEmailVerified: true, createdAt: ISO });
  const schoolShape = (change: Record<string, unknown> = {}) => ({
    id: UUID,
    name: payload.name,
    subdomain: payload.subdomain,
    level: 'mixed',
    board: null,
    schoolCode: null,
    affiliationNumber: null,
    principalName: null,
    email: null,
    phoneNumbers: payload.phoneNumbers,
    establishedYear: null,
    language: null,
    address: { ...payload.address, address2: null, landmark: null },
    isActive: false,
    planType: 'free_trial',
    trialEndsAt: null,
    maxStudents: 100,
    metaData: { approvalStatus: 'pending', studentStrength: 0, rejectionReason: null },
    createdAt: ISO,
    updatedAt: ISO,
    submittedAt: ISO,
    approvedAt: null,
    ...change,
  });

  it('POST /auth/register → 201 {success, data:{username, email}, message}', async () => {
    const { res } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { username: acc.username, email: acc.email }, message: MESSAGES.toast.registrationSuccess });
  });

  let code = '';
  it('POST /auth/resend-otp → 200 {success, data:null, message}', async () => {
    h.t.clock.advance(61_000);
    const sent = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } }));
    code = sent.code;
    expect(sent.res.status).toBe(200);
    expect(sent.res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.otpSent });
  });

  it('POST /auth/verify-otp/registration → 200 {success, data:null, message}', async () => {
    const res = await call('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.emailVerified });
  });

  it('POST /auth/login → 200 {success, data:{accessToken, refreshToken, user}, message}', async () => {
    const res = await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { accessToken: JWT, refreshToken: OPAQUE, user: userShape() },
      message: MESSAGES.toast.loginSuccess,
    });
    ({ accessToken, refreshToken, user } = res.body.data);
  });

  it('GET /auth/me → 200 {success, user, data:{user}}: user also at the top level (DECISIONS, the original client)', async () => {
    const res = await call('GET', '/auth/me', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user, data: { user } });
    expect(user).toEqual(userShape());
  });

  it('GET /auth/my-school before a school exists → 404 with data.school null (tolerated by the client)', async () => {
    const res = await call('GET', '/auth/my-school', { token: accessToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'School not found.',
      error: { code: 'SCHOOL_NOT_FOUND', message: 'School not found.' },
      data: { school: null },
    });
  });

  it('GET /auth/my-school-detailed before a school exists → 404 envelope', async () => {
    const res = await call('GET', '/auth/my-school-detailed', { token: accessToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'School not found.', error: { code: 'SCHOOL_NOT_FOUND', message: 'School not found.' } });
  });

  it('POST /school/create → 201 {success, data:{school}, message}', async () => {
    const res = await call('POST', '/school/create', { token: accessToken, body: payload });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { school: schoolShape() }, message: MESSAGES.toast.schoolCreated.title });
    schoolId = res.body.data.school.id;
    expect(typeof res.body.data.school.metaData.studentStrength).toBe('number');
  });

  it('PATCH /school/{id}/plan → 200 {success, data:{school}}', async () => {
    const res = await call('PATCH', `/school/${schoolId}/plan`, { token: accessToken, body: { planType: 'free_trial' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { school: schoolShape({ id: schoolId }) } });
  });

  it('POST /school/classes → 201 {success, data:{classes:[{id, name, academicYear, sections, subjects}], created}}', async () => {
    const res = await call('POST', '/school/classes', { token: accessToken, body: { schoolId, classes: ['Class 1', 'Class 2'], academicYear: YEAR } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        classes: [
          { id: UUID, name: 'Class 1', academicYear: YEAR, sections: [], subjects: [] },
          { id: UUID, name: 'Class 2', academicYear: YEAR, sections: [], subjects: [] },
        ],
        created: 2,
      },
    });
  });

  it('POST /school/sections → 201 {success, data:{classes, created}}', async () => {
    const res = await call('POST', '/school/sections', {
      token: accessToken,
      body: { schoolId, academicYear: YEAR, sections: [{ className: 'Class 1', sectionNames: ['A', 'B'] }] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        classes: [
          { id: UUID, name: 'Class 1', academicYear: YEAR, sections: [{ id: UUID, name: 'A' }, { id: UUID, name: 'B' }], subjects: [] },
          { id: UUID, name: 'Class 2', academicYear: YEAR, sections: [], subjects: [] },
        ],
        created: 2,
      },
    });
  });

  it('GET /school/subjects/global → 200 {success, data:{subjects:[{id, name, code, description}]}}', async () => {
    const res = await call('GET', '/school/subjects/global', { token: accessToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['success', 'data']);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.data)).toEqual(['subjects']);
    expect(res.body.data.subjects.length).toBeGreaterThan(5);
    for (const s of res.body.data.subjects) expect(s).toEqual({ id: UUID, name: expect.any(String), code: expect.any(String), description: expect.any(String) });
  });

  it('POST /school/subjects → 201 {success, data:{classes, created}}', async () => {
    const res = await call('POST', '/school/subjects', {
      token: accessToken,
      body: {
        schoolId,
        academicYear: YEAR,
        classSubjects: [
          { className: 'Class 1', subjectNames: ['English', 'Mathematics'] },
          { className: 'Class 2', subjectNames: ['English'] },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        classes: [
          { id: UUID, name: 'Class 1', academicYear: YEAR, sections: [ref, ref], subjects: [{ id: UUID, name: 'English' }, { id: UUID, name: 'Mathematics' }] },
          { id: UUID, name: 'Class 2', academicYear: YEAR, sections: [], subjects: [{ id: UUID, name: 'English' }] },
        ],
        created: 3,
      },
    });
  });

  it('GET /school/classes-sections/{schoolId}?academicYear → 200 {success, data:{classes:[{id, name, academicYear, sections, subjects}]}}', async () => {
    const res = await call('GET', `/school/classes-sections/${schoolId}?academicYear=${YEAR}`, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        classes: [
          { id: UUID, name: 'Class 1', academicYear: YEAR, sections: [{ id: UUID, name: 'A' }, { id: UUID, name: 'B' }], subjects: [ref, ref] },
          { id: UUID, name: 'Class 2', academicYear: YEAR, sections: [], subjects: [ref] },
        ],
      },
    });
  });

  it('GET /school/subjects?schoolId → 200 {success, data:{subjects, classes}}', async () => {
    const res = await call('GET', `/school/subjects?schoolId=${schoolId}`, { token: accessToken });
    expect(res.status).toBe(200);
    const subject = (name: string) => ({ id: UUID, name, code: expect.any(String), description: expect.any(String) });
    expect(res.body).toEqual({
      success: true,
      data: {
        subjects: [subject('English'), subject('Mathematics')],
        classes: [
          { id: UUID, name: 'Class 1', academicYear: YEAR, subjects: [ref, ref] },
          { id: UUID, name: 'Class 2', academicYear: YEAR, subjects: [ref] },
        ],
      },
    });
  });

  it('GET /auth/my-school → 200 {success, data:{school}}', async () => {
    const res = await call('GET', '/auth/my-school', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { school: schoolShape({ id: schoolId }) } });
  });

  it('GET /auth/my-school-detailed → 200 {success, data: the school summary}; totalSubjects counts class-subject links, studentStrength a number', async () => {
    const res = await call('GET', '/auth/my-school-detailed', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        school: schoolShape({ id: schoolId }),
        classes: [
          { id: UUID, name: 'Class 1', academicYear: YEAR, sections: [ref, ref], subjects: [ref, ref] },
          { id: UUID, name: 'Class 2', academicYear: YEAR, sections: [], subjects: [ref] },
        ],
        totalSections: 2,
        totalSubjects: 3, // Class 1: English, Mathematics; Class 2: English (DECISIONS: links, not distinct subjects)
        setupProgress: { schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: true, paymentCompleted: false },
        academicYear: YEAR,
      },
    });
    expect(res.body.data.school.metaData.studentStrength).toBe(0);
  });

  it('POST /auth/refresh-token → 200 {success, data:{accessToken, refreshToken}}', async () => {
    const res = await call('POST', '/auth/refresh-token', { body: { refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { accessToken: JWT, refreshToken: OPAQUE } });
    ({ accessToken, refreshToken } = res.body.data);
  });

  it('POST /auth/logout → 200 {success, data:null, message}', async () => {
    const res = await call('POST', '/auth/logout', { body: { refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.loggedOut });
  });

  it('POST /auth/forgot-password → 200 {success, data:null, message}', async () => {
    h.t.clock.advance(61_000);
    const sent = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/forgot-password', { body: { username: acc.username } }));
    code = sent.code;
    expect(sent.res.status).toBe(200);
    expect(sent.res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.resetCodeSent });
  });

  it('POST /auth/verify-otp/password-reset → 200 {success, data:{resetToken}, message}', async () => {
    const res = await call('POST', '/auth/verify-otp/password-reset', { body: { username: acc.username, otp: code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { resetToken: OPAQUE }, message: MESSAGES.toast.otpVerified });
    resetToken = res.body.data.resetToken;
  });

  it('POST /auth/reset-password → 200 {success, data:null, message}', async () => {
    const res = await call('POST', '/auth/reset-password', { body: { resetToken, newPassword } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.passwordResetSuccess });
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: newPassword } })).status).toBe(200);
  });
});
