import { MESSAGES } from '@vidyalaya/shared';
import { createUserWithToken, startTestApp, uniq, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { createSchool, schoolPayload } from './fixtures';

describe('PATCH /school/{id} (edit and re-submit) and spec §7 PATCH /school/{id}/plan', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: { token: string };
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    staff = await createUserWithToken(t, 'staff');
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  /** The school's create payload with some fields changed (PATCH takes the full payload). */
  const edited = (school: Record<string, any>, change: Record<string, unknown>): Record<string, any> => ({
    ...schoolPayload(),
    name: school.name,
    subdomain: school.subdomain,
    ...change,
  });

  const newSchool = async () => {
    const admin = await createUserWithToken(t, 'admin');
    return { admin, school: await createSchool(t, admin.token) };
  };

  describe('DECISIONS: a pending school can be edited and stays pending', () => {
    it('replaces the profile with the payload, empty optionals omitted', async () => {
      const { admin, school } = await newSchool();
      const res = await t.call('PATCH', `/school/${school.id}`, {
        token: admin.token,
        body: edited(school, { name: 'Renamed School', board: 'ICSE', phoneNumbers: ['', '+919999999999'], language: '' }),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.school).toMatchObject({
        id: school.id,
        name: 'Renamed School',
        board: 'ICSE',
        language: null,
        phoneNumbers: ['+919999999999'],
        isActive: false,
        metaData: { approvalStatus: 'pending' },
        createdAt: school.createdAt,
      });
      expect((await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school).toEqual(res.body.data.school);
    });

    it('checks the payload with the spec §5 rules and changes nothing when it fails', async () => {
      const { admin, school } = await newSchool();
      const body = edited(school, { name: 'X' });
      body.address = { ...body.address, pinCode: '12' };
      const res = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual({ name: MESSAGES.validation.schoolNameMin, 'address.pinCode': MESSAGES.validation.pinCode });
      expect((await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school).toEqual(school);
    });

    it('may move to a free subdomain, but not to a taken or reserved one, nor to a used school code', async () => {
      const { admin, school } = await newSchool();
      const other = await newSchool();
      const code = `C-${uniq().toUpperCase()}`;
      await t.call('PATCH', `/school/${other.school.id}`, { token: other.admin.token, body: edited(other.school, { schoolCode: code }) });
      const taken = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { subdomain: other.school.subdomain }) });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toEqual({ code: 'SUBDOMAIN_TAKEN', message: 'Subdomain already taken' });
      const reserved = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { subdomain: 'portal' }) });
      expect(reserved.status).toBe(409);
      expect(reserved.body.error.code).toBe('SUBDOMAIN_RESERVED');
      const clash = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { schoolCode: code }) });
      expect(clash.status).toBe(409);
      expect(clash.body.error.code).toBe('SCHOOL_CODE_TAKEN');
      const free = `moved-${uniq()}`;
      const moved = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { subdomain: free }) });
      expect(moved.status).toBe(200);
      expect(moved.body.data.school.subdomain).toBe(free);
    });

    it('a malformed id answers 400 with its message', async () => {
      const { admin, school } = await newSchool();
      const res = await t.call('PATCH', '/school/not-a-uuid', { token: admin.token, body: edited(school, {}) });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual({ id: MESSAGES.validation.idInvalid });
    });
  });

  describe('DECISIONS: a rejected school edited by its administrator becomes pending again', () => {
    it('re-submits: pending, reason cleared, back in the queue, with the rejection kept in the history', async () => {
      const { admin, school } = await newSchool();
      const reject = await t.call('POST', `/admin/schools/${school.id}/reject`, { token: staff.token, body: { reason: 'The address is incomplete' } });
      expect(reject.status).toBe(200);
      const rejected = (await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school;
      expect(rejected.metaData).toEqual({ approvalStatus: 'rejected', studentStrength: 0, rejectionReason: 'The address is incomplete' });

      t.clock.advanceMinutes(5);
      const res = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { name: 'Sunrise School, corrected' }) });
      expect(res.status).toBe(200);
      expect(res.body.data.school).toMatchObject({ name: 'Sunrise School, corrected', isActive: false, metaData: { approvalStatus: 'pending', rejectionReason: null } });
      expect(new Date(res.body.data.school.submittedAt).getTime()).toBeGreaterThan(new Date(school.submittedAt).getTime());

      const queue = await t.call('GET', `/admin/schools?status=pending&search=${school.subdomain}`, { token: staff.token });
      expect(queue.body.data.schools.map((s: { id: string }) => s.id)).toEqual([school.id]);
      const detail = await t.call('GET', `/admin/schools/${school.id}`, { token: staff.token });
      expect(detail.body.data.decisions).toMatchObject([{ decision: 'rejected', reason: 'The address is incomplete' }]);
    });
  });

  describe('an approved school: editable, stays approved, its subdomain is locked', () => {
    it('keeps the approval and the trial when edited; refuses a new subdomain with 422', async () => {
      const { admin, school } = await newSchool();
      expect((await t.call('POST', `/admin/schools/${school.id}/approve`, { token: staff.token })).status).toBe(200);
      const approved = (await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school;

      const res = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { principalName: 'Smt. Asha Verma' }) });
      expect(res.status).toBe(200);
      expect(res.body.data.school).toMatchObject({ principalName: 'Smt. Asha Verma', isActive: true, metaData: { approvalStatus: 'approved' }, trialEndsAt: approved.trialEndsAt });

      const moved = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { subdomain: `elsewhere-${uniq()}` }) });
      expect(moved.status).toBe(422);
      expect(moved.body.error).toEqual({ code: 'SCHOOL_NOT_EDITABLE', message: MESSAGES.errors.subdomainLocked });
      expect((await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school.subdomain).toBe(school.subdomain);
    });
  });

  describe('issue 20: renaming an approved school sends it back for review', () => {
    it('a new name: pending and inactive again, back in the staff queue; the trial is kept; a re-approval keeps its dates', async () => {
      const { admin, school } = await newSchool();
      expect((await t.call('POST', `/admin/schools/${school.id}/approve`, { token: staff.token })).status).toBe(200);
      const approved = (await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school;

      // Only the letter case or spacing: not a new name.
      const recased = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { name: `  ${school.name.toUpperCase()} ` }) });
      expect(recased.body.data.school.metaData.approvalStatus).toBe('approved');

      t.clock.advanceMinutes(5);
      const renamed = await t.call('PATCH', `/school/${school.id}`, { token: admin.token, body: edited(school, { name: 'Another Name Public School' }) });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.school).toMatchObject({ name: 'Another Name Public School', isActive: false, metaData: { approvalStatus: 'pending' }, trialEndsAt: approved.trialEndsAt });
      const queue = await t.call('GET', `/admin/schools?status=pending&search=${school.subdomain}`, { token: staff.token });
      expect(queue.body.data.schools.map((s: { id: string }) => s.id)).toEqual([school.id]);

      const again = await t.call('POST', `/admin/schools/${school.id}/approve`, { token: staff.token });
      expect(again.status).toBe(200);
      expect(again.body.data.school).toMatchObject({ isActive: true, trialEndsAt: approved.trialEndsAt, approvedAt: approved.approvedAt });
    });
  });

  describe('DECISIONS Plans: only free_trial can be chosen now', () => {
    it('free_trial is accepted and answers the school', async () => {
      const { admin, school } = await newSchool();
      const res = await t.call('PATCH', `/school/${school.id}/plan`, { token: admin.token, body: { planType: 'free_trial' } });
      expect(res.status).toBe(200);
      expect(res.body.data.school).toMatchObject({ id: school.id, planType: 'free_trial', maxStudents: 100 });
    });

    it.each(['basic', 'standard', 'premium'])("%s answers 422 'This plan is coming soon' and changes nothing", async (planType) => {
      const { admin, school } = await newSchool();
      const res = await t.call('PATCH', `/school/${school.id}/plan`, { token: admin.token, body: { planType } });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({ code: 'PLAN_COMING_SOON', message: 'This plan is coming soon' });
      expect((await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school.planType).toBe('free_trial');
    });

    it('an unknown plan answers 400 with its message', async () => {
      const { admin, school } = await newSchool();
      const res = await t.call('PATCH', `/school/${school.id}/plan`, { token: admin.token, body: { planType: 'gold' } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual({ planType: MESSAGES.validation.planTypeInvalid });
    });
  });
});
