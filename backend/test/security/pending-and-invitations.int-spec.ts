import { fakeIp } from '../auth/auth-helpers';
import { signAccessToken } from '../../src/common/auth/access-tokens';
import { JobRegistry } from '../../src/modules/jobs/job-registry';
import { JobRunner } from '../../src/modules/jobs/job-runner';
import { createSchoolWithMembers, createUserWithToken, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';

const PASSWORD = 'Kanpur-Chalk-4217';

/** Issue 33 rows 3 and 2: a school awaiting approval cannot act; an invitation is bound to its address. */
describe('hardening: pending schools kept out, invitations bound to their address', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let approved: SchoolWithMembers;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '1', APP_DOMAIN: 'vidyalaya.test', JOBS_WORKER: 'off' });
    approved = await createSchoolWithMembers(t);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const call = (method: string, path: string, opts: { token?: string; body?: unknown } = {}) =>
    t.call(method, path, { ...opts, headers: { 'x-forwarded-for': fakeIp() } });

  async function invite(s: SchoolWithMembers, email: string, role = 'teacher'): Promise<string> {
    const before = sink.mails.length;
    const res = await call('POST', `/schools/${s.schoolId}/invitations`, { token: s.members.admin.token, body: { email, role, name: 'Invited Person' } });
    if (res.status !== 201) throw new Error(`invite answered ${res.status}: ${JSON.stringify(res.body)}`);
    const mail = await sink.waitFor(email, (m) => sink.mails.indexOf(m) >= before);
    const link = /(https?:\/\/\S+\/join\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1];
    return decodeURIComponent(new URL(link).searchParams.get('token')!);
  }

  it('row 3: a pending school reads its home but every write, invitation and e-mail answers 403 SCHOOL_NOT_APPROVED until approval', async () => {
    const s = await createSchoolWithMembers(t, { approved: false });
    const home = await call('GET', `/schools/${s.schoolId}/home`, { token: s.members.admin.token });
    expect(home.status).toBe(200);
    expect(home.body.data.school).toMatchObject({ approvalStatus: 'pending', isActive: false });

    const address = `pend${uniq()}@example.test`;
    const mailsBefore = sink.mails.length;
    const invited = await call('POST', `/schools/${s.schoolId}/invitations`, { token: s.members.admin.token, body: { email: address, role: 'teacher', name: 'Nobody Vetted' } });
    expect(invited.status).toBe(403);
    expect(invited.body.error.code).toBe('SCHOOL_NOT_APPROVED');
    const student = await call('POST', `/schools/${s.schoolId}/students`, {
      token: s.members.admin.token,
      body: { firstName: 'Asha', dateOfBirth: '2016-05-01', gender: 'female' },
    });
    expect(student.status).toBe(403);
    expect(student.body.error.code).toBe('SCHOOL_NOT_APPROVED');
    expect(await t.db.query(`SELECT 1 FROM school_invitations WHERE school_id = $1`, [s.schoolId])).toHaveLength(0);
    expect(await t.db.query(`SELECT 1 FROM students WHERE school_id = $1`, [s.schoolId])).toHaveLength(0);
    expect(sink.mails.slice(mailsBefore).filter((m) => JSON.stringify(m).includes(address))).toHaveLength(0);

    // A rejected school is no better; once approved, the same call works.
    await t.db.query(`UPDATE schools SET approval_status = 'rejected' WHERE id = $1`, [s.schoolId]);
    expect((await call('POST', `/schools/${s.schoolId}/invitations`, { token: s.members.admin.token, body: { email: address, role: 'teacher', name: 'X' } })).status).toBe(403);
    await t.db.query(`UPDATE schools SET approval_status = 'approved', is_active = true WHERE id = $1`, [s.schoolId]);
    await invite(s, address);
  });

  it('row 3: an invitation issued before the school went back to pending cannot be accepted, and its queued jobs do not run', async () => {
    const s = await createSchoolWithMembers(t);
    const address = `back${uniq()}@example.test`;
    const token = await invite(s, address);
    let ran = 0;
    t.app.get(JobRegistry).register('test.pending-mail', async () => {
      ran += 1;
    });
    const [job] = await t.db.query(
      `INSERT INTO jobs (school_id, name, payload, max_attempts, created_by, created_at, run_after) VALUES ($1, 'test.pending-mail', '{}'::jsonb, 1, $2, now(), now()) RETURNING id`,
      [s.schoolId, s.members.admin.id],
    );
    await t.db.query(`UPDATE schools SET approval_status = 'pending', is_active = false WHERE id = $1`, [s.schoolId]);

    const accepted = await call('POST', '/invitations/accept', { body: { token, username: `p${uniq()}`, password: PASSWORD } });
    expect(accepted.status).toBe(403);
    expect(accepted.body.error.code).toBe('SCHOOL_NOT_APPROVED');
    expect(await t.db.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [address])).toHaveLength(0);

    while (await t.app.get(JobRunner).tick()) {
      // every due job of every school, until none is left
    }
    expect(ran).toBe(0);
    const [row] = await t.db.query(`SELECT state, error FROM jobs WHERE school_id = $1 AND id = $2`, [s.schoolId, job.id]);
    expect(row.state).toBe('failed');
    expect(row.error).toMatch(/waiting for approval/);
  });

  it('row 2: a signed-in account whose verified e-mail is not the invited address is refused (403), and the link still makes a new account', async () => {
    const address = `Inv${uniq()}@Example.test`;
    const token = await invite(approved, address.toLowerCase(), 'office');
    // Another family's parent, another school's member, a fresh account: none takes the link.
    for (const other of [approved.members.guardian, approved.outsider, await createUserWithToken(t)]) {
      const res = await call('POST', '/invitations/accept', { token: other.token, body: { token } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INVITATION_EMAIL_MISMATCH');
    }
    expect(await t.db.query(`SELECT 1 FROM school_invitations WHERE school_id = $1 AND accepted_at IS NOT NULL AND lower(email) = lower($2)`, [approved.schoolId, address])).toHaveLength(0);

    // An account at the invited address but not verified is refused too.
    const [unverified] = await t.db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ($1, $2, 'x', 'admin', false) RETURNING id`, [
      `nv${uniq()}`,
      `nv${uniq()}@example.test`,
    ]);
    const unverifiedToken = signAccessToken({ id: unverified.id, username: 'nv', role: 'admin' }, t.config.jwtSecret, t.clock.now());
    await t.db.query(`UPDATE users SET email = $2 WHERE id = $1`, [unverified.id, address]);
    expect((await call('POST', '/invitations/accept', { token: unverifiedToken, body: { token } })).body.error?.code).toBe('INVITATION_EMAIL_MISMATCH');
    await t.db.query(`DELETE FROM users WHERE id = $1`, [unverified.id]);

    // The link makes a new account at the invited address.
    const username = `n${uniq()}`;
    const made = await call('POST', '/invitations/accept', { body: { token, username, password: PASSWORD } });
    expect(made.status).toBe(200);
    expect(made.body.data.membership).toEqual({ schoolId: approved.schoolId, role: 'office' });
  });

  it('row 2: the invited address signed in (any case) accepts with the token alone', async () => {
    const person = await createUserWithToken(t);
    const token = await invite(approved, person.email, 'teacher');
    await t.db.query(`UPDATE users SET email = upper(email) WHERE id = $1`, [person.id]);
    const res = await call('POST', '/invitations/accept', { token: person.token, body: { token } });
    expect(res.status).toBe(200);
    expect(res.body.data.membership).toEqual({ schoolId: approved.schoolId, role: 'teacher' });
  });
});
