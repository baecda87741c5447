import { randomUUID } from 'node:crypto';
import { formatDateIST, MESSAGES } from '@vidyalaya/shared';
import { createUserWithToken, startTestApp, uniq, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { createSchool } from '../schools/fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('DECISIONS staff approval: /api/v1/admin/schools (spec §4 School approval)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: { id: string; username: string; token: string };
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, APP_DOMAIN: 'vidyalaya.example.in' });
    staff = await createUserWithToken(t, 'staff');
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const newSchool = async (change: Record<string, unknown> = {}) => {
    const admin = await createUserWithToken(t, 'admin');
    return { admin, school: await createSchool(t, admin.token, change) };
  };
  const asStaff = (method: string, path: string, body?: unknown) => t.call(method, path, { token: staff.token, body });

  describe('403 to anyone who is not staff, whatever the id', () => {
    it('an administrator gets 403 FORBIDDEN on every staff endpoint, even for their own school; signed out gets 401', async () => {
      const { admin, school } = await newSchool();
      for (const [method, path, body] of [
        ['GET', '/admin/schools', undefined],
        ['GET', `/admin/schools/${school.id}`, undefined],
        ['GET', `/admin/schools/${randomUUID()}`, undefined],
        ['GET', '/admin/schools/not-an-id', undefined],
        ['POST', `/admin/schools/${school.id}/approve`, undefined],
        ['POST', `/admin/schools/${school.id}/reject`, { reason: 'Because I can' }],
      ] as const) {
        const res = await t.call(method, path, { token: admin.token, body });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: { success: false, message: 'You do not have permission to do this.', error: { code: 'FORBIDDEN', message: 'You do not have permission to do this.' } },
        });
        const anonymous = await t.call(method, path, { body });
        expect(anonymous.status).toBe(401);
      }
      const mine = await t.call('GET', '/auth/my-school', { token: admin.token });
      expect(mine.body.data.school).toMatchObject({ isActive: false, metaData: { approvalStatus: 'pending' } });
    });
  });

  describe('list: status filter, search and paging', () => {
    it('defaults to the pending queue, longest waiting first, with the administrator and total', async () => {
      const tag = uniq();
      const first = await newSchool({ name: `Queue ${tag} first` });
      t.clock.advance(1000);
      const second = await newSchool({ name: `Queue ${tag} second` });
      const res = await asStaff('GET', `/admin/schools?search=${tag}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(res.body.data.schools.map((s: { id: string }) => s.id)).toEqual([first.school.id, second.school.id]);
      expect(res.body.data.schools[0].owner).toEqual({ id: first.admin.id, username: first.admin.username, email: first.admin.email });
      expect(res.body.data.schools[0]).toMatchObject({ ...first.school, updatedAt: expect.any(String) });
    });

    it("filters by status ('all' for every status)", async () => {
      const tag = uniq();
      const pending = await newSchool({ name: `Filter ${tag} pending` });
      const approved = await newSchool({ name: `Filter ${tag} approved` });
      const rejected = await newSchool({ name: `Filter ${tag} rejected` });
      await asStaff('POST', `/admin/schools/${approved.school.id}/approve`);
      await asStaff('POST', `/admin/schools/${rejected.school.id}/reject`, { reason: 'Incomplete details' });
      const ids = async (status: string) =>
        (await asStaff('GET', `/admin/schools?status=${status}&search=${tag}`)).body.data.schools.map((s: { id: string }) => s.id).sort();
      expect(await ids('pending')).toEqual([pending.school.id]);
      expect(await ids('approved')).toEqual([approved.school.id]);
      expect(await ids('rejected')).toEqual([rejected.school.id]);
      expect(await ids('all')).toEqual([pending.school.id, approved.school.id, rejected.school.id].sort());
      const bad = await asStaff('GET', '/admin/schools?status=active');
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual({ status: MESSAGES.validation.statusFilterInvalid });
    });

    it('searches name, subdomain, city and the administrator username, ignoring case; LIKE wildcards match themselves', async () => {
      const tag = uniq();
      const byName = await newSchool({ name: `Gurukul ${tag}` });
      const bySubdomain = await newSchool({ subdomain: `sub-${tag}` });
      const byCity = await newSchool();
      await t.db.query(`UPDATE schools SET city = $1 WHERE id = $2`, [`Jhansi${tag}`, byCity.school.id]);
      const search = async (q: string) =>
        (await asStaff('GET', `/admin/schools?status=all&search=${encodeURIComponent(q)}`)).body.data.schools.map((s: { id: string }) => s.id);
      expect(await search(`GURUKUL ${tag}`)).toEqual([byName.school.id]);
      expect(await search(`SUB-${tag}`)).toEqual([bySubdomain.school.id]);
      expect(await search(`jhansi${tag}`)).toEqual([byCity.school.id]);
      expect(await search(byName.admin.username.toUpperCase())).toEqual([byName.school.id]);
      // A wildcard in place of one character of the tag would match if it were not escaped.
      expect(await search(`Gurukul ${tag.slice(0, 3)}_${tag.slice(4)}`)).toEqual([]);
      expect(await search(`${tag.slice(0, 3)}%${tag.slice(4)}`)).toEqual([]);
    });

    it('pages with page and pageSize; total counts every match', async () => {
      const tag = uniq();
      const made = [];
      for (let i = 0; i < 5; i += 1) {
        made.push((await newSchool({ name: `Paged ${tag} ${i}` })).school.id);
        t.clock.advance(1000);
      }
      const page = async (n: number) => (await asStaff('GET', `/admin/schools?search=Paged ${tag}&page=${n}&pageSize=2`)).body.data;
      const [p1, p2, p3, p4] = [await page(1), await page(2), await page(3), await page(4)];
      expect([p1.total, p2.total, p3.total, p4.total]).toEqual([5, 5, 5, 5]);
      expect([...p1.schools, ...p2.schools, ...p3.schools].map((s: { id: string }) => s.id)).toEqual(made);
      expect(p4).toMatchObject({ schools: [], page: 4, pageSize: 2 });
      const bad = await asStaff('GET', '/admin/schools?pageSize=101');
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual({ pageSize: MESSAGES.validation.pageSizeInvalid });
    });
  });

  describe('one school with its details and decision history', () => {
    it('answers {school, decisions}; a missing id 404, a malformed one 400', async () => {
      const { admin, school } = await newSchool();
      const res = await asStaff('GET', `/admin/schools/${school.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ school: { ...school, owner: { id: admin.id, username: admin.username, email: admin.email } }, decisions: [], classes: [] });
      const missing = await asStaff('GET', `/admin/schools/${randomUUID()}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('SCHOOL_NOT_FOUND');
      const malformed = await asStaff('GET', '/admin/schools/123');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.details).toEqual({ id: MESSAGES.validation.idInvalid });
    });
  });

  describe('approve', () => {
    it('activates the school, starts a 30-day trial for up to 100 students, records and e-mails the decision', async () => {
      const { admin, school } = await newSchool({ subdomain: `gyan-${uniq()}` });
      const before = t.clock.now().getTime();
      const res = await asStaff('POST', `/admin/schools/${school.id}/approve`);
      expect(res.status).toBe(200);
      const approved = res.body.data.school;
      expect(approved).toMatchObject({ isActive: true, maxStudents: 100, planType: 'free_trial', metaData: { approvalStatus: 'approved', rejectionReason: null } });
      const approvedAt = new Date(approved.approvedAt).getTime();
      expect(approvedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(approved.trialEndsAt).getTime() - approvedAt).toBe(30 * DAY_MS);
      expect(res.body.data.notified).toBe(true);
      expect(res.body.data.decisions).toEqual([
        { id: expect.any(String), decision: 'approved', reason: null, decidedBy: { id: staff.id, username: staff.username }, decidedAt: approved.approvedAt },
      ]);

      const mail = await sink.waitFor(admin.email);
      expect(mail.subject).toContain(`${school.name} is approved`);
      expect(mail.text).toContain(`https://${school.subdomain}.vidyalaya.example.in`);
      expect(mail.text).toContain(formatDateIST(approved.trialEndsAt));

      const mine = (await t.call('GET', '/auth/my-school', { token: admin.token })).body.data.school;
      expect(mine).toMatchObject({ isActive: true, metaData: { approvalStatus: 'approved' }, trialEndsAt: approved.trialEndsAt });
    });

    it('approving an approved school answers 422 ALREADY_DECIDED and records nothing', async () => {
      const { school } = await newSchool();
      await asStaff('POST', `/admin/schools/${school.id}/approve`);
      const again = await asStaff('POST', `/admin/schools/${school.id}/approve`);
      expect(again.status).toBe(422);
      expect(again.body.error.code).toBe('ALREADY_DECIDED');
      expect((await asStaff('GET', `/admin/schools/${school.id}`)).body.data.decisions).toHaveLength(1);
    });

    it('two staff approving at once: one decision, the other 422', async () => {
      const { school } = await newSchool();
      const other = await createUserWithToken(t, 'staff');
      const answers = await Promise.all([staff, other].map((s) => t.call('POST', `/admin/schools/${school.id}/approve`, { token: s.token })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect((await asStaff('GET', `/admin/schools/${school.id}`)).body.data.decisions).toHaveLength(1);
    });

    it('issue 20: one staff approving while another rejects: exactly one decision recorded and e-mailed, the other 422', async () => {
      const { admin, school } = await newSchool();
      const other = await createUserWithToken(t, 'staff');
      const before = sink.mails.filter((m) => m.to.includes(admin.email.toLowerCase())).length;
      const answers = await Promise.all([
        t.call('POST', `/admin/schools/${school.id}/approve`, { token: staff.token }),
        t.call('POST', `/admin/schools/${school.id}/reject`, { token: other.token, body: { reason: 'Incomplete address' } }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)!.body.error.code).toBe('ALREADY_DECIDED');
      const detail = (await asStaff('GET', `/admin/schools/${school.id}`)).body.data;
      expect(detail.decisions).toHaveLength(1);
      const winner = answers.find((a) => a.status === 200)!.body.data.school.metaData.approvalStatus;
      expect(detail.school.metaData.approvalStatus).toBe(winner);
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.mails.filter((m) => m.to.includes(admin.email.toLowerCase())).length - before).toBe(1);
    });

    it('a missing school answers 404', async () => {
      const res = await asStaff('POST', `/admin/schools/${randomUUID()}/approve`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('SCHOOL_NOT_FOUND');
    });
  });

  describe('reject with a required reason', () => {
    it.each([
      [{}, MESSAGES.validation.rejectionReasonRequired],
      [{ reason: '  ' }, MESSAGES.validation.rejectionReasonRequired],
      [{ reason: 'r'.repeat(1001) }, MESSAGES.validation.rejectionReasonMax],
    ])('%j → 400 %s, nothing changes', async (body, message) => {
      const { school } = await newSchool();
      const res = await asStaff('POST', `/admin/schools/${school.id}/reject`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual({ reason: message });
      expect((await asStaff('GET', `/admin/schools/${school.id}`)).body.data).toMatchObject({ school: { metaData: { approvalStatus: 'pending' } }, decisions: [] });
    });

    it('rejects, keeps the reason, records it and e-mails the reason and how to re-submit', async () => {
      const { admin, school } = await newSchool();
      const res = await asStaff('POST', `/admin/schools/${school.id}/reject`, { reason: '  Please give the full postal address  ' });
      expect(res.status).toBe(200);
      expect(res.body.data.school).toMatchObject({ isActive: false, metaData: { approvalStatus: 'rejected', rejectionReason: 'Please give the full postal address' } });
      expect(res.body.data.decisions[0]).toMatchObject({ decision: 'rejected', reason: 'Please give the full postal address', decidedBy: { id: staff.id } });
      const mail = await sink.waitFor(admin.email);
      expect(mail.subject).toContain('was not approved');
      expect(mail.text).toContain('Please give the full postal address');
      expect(mail.text).toContain('correct the school details and save them');
      const again = await asStaff('POST', `/admin/schools/${school.id}/reject`, { reason: 'Still incomplete' });
      expect(again.status).toBe(422);
      expect(again.body.error.code).toBe('ALREADY_DECIDED');
    });

    it('a rejected school can be approved later; the history keeps both decisions, newest first', async () => {
      const { school } = await newSchool();
      await asStaff('POST', `/admin/schools/${school.id}/reject`, { reason: 'Wrong board' });
      t.clock.advance(1000);
      const res = await asStaff('POST', `/admin/schools/${school.id}/approve`);
      expect(res.status).toBe(200);
      expect(res.body.data.school).toMatchObject({ isActive: true, metaData: { approvalStatus: 'approved', rejectionReason: null } });
      expect(res.body.data.decisions.map((d: { decision: string }) => d.decision)).toEqual(['approved', 'rejected']);
    });
  });

  describe('a mail outage', () => {
    it('the decision stands and is recorded; the answer says the e-mail was not sent', async () => {
      const { school } = await newSchool();
      sink.refuse = true;
      try {
        const res = await asStaff('POST', `/admin/schools/${school.id}/approve`);
        expect(res.status).toBe(200);
        expect(res.body.data.notified).toBe(false);
        expect(res.body.data.school.isActive).toBe(true);
        expect(res.body.data.decisions).toHaveLength(1);
      } finally {
        sink.refuse = false;
      }
    });
  });
});
