import { clientAt, fakeIp } from '../auth/auth-helpers';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import type { DomainException } from '../../src/common/domain.exception';
import { MembersService } from '../../src/modules/members/members.service';

const PASSWORD = 'Kanpur-Chalk-4217';

describe('invitations and members', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '1', APP_DOMAIN: 'vidyalaya.test' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  /** Invites `email` to school `s` as its admin and answers the invitation and the token read from the e-mail. */
  async function invite(s: SchoolWithMembers, body: Record<string, unknown>): Promise<{ invitation: any; token: string; link: string }> {
    const before = sink.mails.length;
    const res = await t.call('POST', `/schools/${s.schoolId}/invitations`, { token: s.members.admin.token, body });
    if (res.status !== 201) throw new Error(`invite answered ${res.status}: ${JSON.stringify(res.body)}`);
    const mail = await sink.waitFor(String(body.email), (m) => sink.mails.indexOf(m) >= before);
    const link = /(https?:\/\/\S+\/join\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1];
    return { invitation: res.body.data.invitation, token: decodeURIComponent(new URL(link).searchParams.get('token')!), link };
  }

  const email = () => `p${uniq()}@example.test`;

  it('an admin invites a teacher: the e-mail links to the school’s portal; accepting makes a verified account with the role', async () => {
    const address = email();
    const { invitation, token, link } = await invite(a, { email: address, role: 'teacher', name: 'Asha Verma' });
    expect(link.startsWith(`https://${a.subdomain}.vidyalaya.test/join?token=`)).toBe(true);
    // The HTML part draws the link as a button (issue 36), the address written under it as well.
    const html = sink.mails.filter((m) => m.to.includes(address)).at(-1)!.text;
    const button = /<a href="([^"]+)" data-action="button"[^>]*>Accept the invitation<\/a>/.exec(html);
    expect(button?.[1]).toBe(link);
    expect(html).toContain(`copy this address into your browser: <a href="${link}"`);
    expect(invitation).toMatchObject({ email: address, role: 'teacher', name: 'Asha Verma', status: 'pending' });
    expect(new Date(invitation.expiresAt).getTime() - t.clock.now().getTime()).toBeGreaterThan(6.9 * 86_400_000);
    // Only the hash is stored.
    const [stored] = await t.db.query(`SELECT encode(token_hash, 'hex') AS h FROM school_invitations WHERE id = $1`, [invitation.id]);
    expect(stored.h).not.toContain(token);
    expect(stored.h).toHaveLength(64);

    const call = clientAt(t);
    const preview = await call('GET', `/invitations/preview?token=${token}&subdomain=${a.subdomain}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data.invitation).toMatchObject({ subdomain: a.subdomain, role: 'teacher', name: 'Asha Verma', email: address });

    const username = `t${uniq()}`;
    const accepted = await call('POST', '/invitations/accept', { body: { token, username, password: PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ membership: { schoolId: a.schoolId, role: 'teacher' }, user: { id: expect.any(String), username } });

    const login = await call('POST', '/auth/login', { body: { username, password: PASSWORD } });
    expect(login.status).toBe(200);
    const schools = await t.call('GET', '/me/schools', { token: login.body.data.accessToken });
    expect(schools.body.data.schools).toEqual([expect.objectContaining({ id: a.schoolId, role: 'teacher' })]);
    const members = await t.call('GET', `/schools/${a.schoolId}/members?pageSize=200`, { token: a.members.office.token });
    expect(members.body.data.items).toContainEqual(expect.objectContaining({ username, name: 'Asha Verma', email: address, role: 'teacher' }));

    // Reused: the same answer as an unknown token.
    const again = await call('POST', '/invitations/accept', { body: { token, username: `t${uniq()}`, password: PASSWORD } });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('INVITATION_INVALID');
    expect((await call('GET', `/invitations/preview?token=${token}`)).status).toBe(404);

    const audit = await t.db.query(`SELECT action, actor_id FROM audit_log WHERE school_id = $1 AND entity_id IN ($2, $3) ORDER BY id`, [
      a.schoolId,
      invitation.id,
      accepted.body.data.user.id,
    ]);
    expect(audit).toEqual([
      { action: 'invitation.created', actor_id: a.members.admin.id },
      { action: 'invitation.accepted', actor_id: accepted.body.data.user.id },
    ]);
  });

  it('a too-common password or a taken username makes nothing and leaves the invitation usable', async () => {
    const address = email();
    const { token } = await invite(a, { email: address, role: 'office', name: 'Careful' });
    const call = clientAt(t);
    const common = await call('POST', '/invitations/accept', { body: { token, username: `c${uniq()}`, password: 'password123' } });
    expect(common.status).toBe(400);
    expect(common.body.error.code).toBe('PASSWORD_TOO_COMMON');
    const taken = await call('POST', '/invitations/accept', { body: { token, username: a.members.office.username.toUpperCase(), password: PASSWORD } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('USERNAME_TAKEN');
    expect(await t.db.query(`SELECT 1 FROM users WHERE email = $1`, [address])).toHaveLength(0);
    expect((await call('POST', '/invitations/accept', { body: { token, username: `c${uniq()}`, password: PASSWORD } })).status).toBe(200);
  });

  it('an expired invitation answers 404 INVITATION_INVALID and makes nothing', async () => {
    const address = email();
    const { token } = await invite(a, { email: address, role: 'office', name: 'Late Comer' });
    t.clock.advance(7 * 86_400_000 + 60_000);
    try {
      const call = clientAt(t);
      const res = await call('POST', '/invitations/accept', { body: { token, username: `x${uniq()}`, password: PASSWORD } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('INVITATION_INVALID');
      expect((await call('GET', `/invitations/preview?token=${token}`)).status).toBe(404);
      expect(await t.db.query(`SELECT 1 FROM users WHERE email = $1`, [address])).toHaveLength(0);
    } finally {
      t.clock.advance(-(7 * 86_400_000 + 60_000));
    }
  });

  it('another school’s token, another school’s portal and another school’s invitation id all answer 404', async () => {
    const { token, invitation } = await invite(a, { email: email(), role: 'teacher', name: 'Wrong School' });
    const call = clientAt(t);
    // The token's school part swapped for school B's: no such invitation there.
    const forged = b.schoolId.replace(/-/g, '') + token.slice(32);
    const forgedRes = await call('POST', '/invitations/accept', { body: { token: forged, username: `w${uniq()}`, password: PASSWORD } });
    expect(forgedRes.status).toBe(404);
    expect(forgedRes.body.error.code).toBe('INVITATION_INVALID');
    // Opened on school B's portal.
    const onB = await call('POST', '/invitations/accept', { body: { token, subdomain: b.subdomain, username: `w${uniq()}`, password: PASSWORD } });
    expect(onB.status).toBe(404);
    expect(onB.body.error.code).toBe('INVITATION_INVALID');
    expect((await call('GET', `/invitations/preview?token=${token}&subdomain=${b.subdomain}`)).status).toBe(404);
    // School B's admin cannot revoke school A's invitation.
    const revoke = await t.call('DELETE', `/schools/${b.schoolId}/invitations/${invitation.id}`, { token: b.members.admin.token });
    expect(revoke.status).toBe(404);
    // Still usable at school A.
    expect((await call('GET', `/invitations/preview?token=${token}`)).status).toBe(200);
  });

  it('a signed-in user accepts with the token alone and then belongs to two schools', async () => {
    const { token } = await invite(b, { email: a.members.teacher.email, role: 'guardian', name: 'Parent', studentIds: [] });
    const noSignIn = await clientAt(t)('POST', '/invitations/accept', { body: { token } });
    expect(noSignIn.status).toBe(401);
    const res = await t.call('POST', '/invitations/accept', { token: a.members.teacher.token, body: { token }, headers: { 'x-forwarded-for': fakeIp() } });
    expect(res.status).toBe(200);
    expect(res.body.data.membership).toEqual({ schoolId: b.schoolId, role: 'guardian' });
    const schools = await t.call('GET', '/me/schools', { token: a.members.teacher.token });
    const roles = Object.fromEntries(schools.body.data.schools.map((s: any) => [s.id, s.role]));
    expect(roles).toEqual({ [a.schoolId]: 'teacher', [b.schoolId]: 'guardian' });
  });

  it('guardian invitations keep their students; other roles may not name students; members cannot be invited twice', async () => {
    const [child] = await t.db.query(
      `INSERT INTO students (school_id, admission_number, first_name, date_of_birth, gender) VALUES ($1, $2, 'Child', '2016-05-01', 'female') RETURNING id`,
      [a.schoolId, `G${uniq()}`],
    );
    const studentIds = [child.id as string];
    const { invitation } = await invite(a, { email: email(), role: 'guardian', name: 'Mother', studentIds });
    expect(invitation.studentIds).toEqual(studentIds);
    // A student id the school does not have (another school's, or none) answers 404 and invites nobody.
    const foreign = await t.call('POST', `/schools/${b.schoolId}/invitations`, {
      token: b.members.admin.token,
      body: { email: email(), role: 'guardian', name: 'Not theirs', studentIds },
    });
    expect(foreign.status).toBe(404);
    const teacher = await t.call('POST', `/schools/${a.schoolId}/invitations`, {
      token: a.members.admin.token,
      body: { email: email(), role: 'teacher', name: 'T', studentIds },
    });
    expect(teacher.status).toBe(400);
    expect(teacher.body.error.details.studentIds).toBeDefined();
    const member = await t.call('POST', `/schools/${a.schoolId}/invitations`, {
      token: a.members.admin.token,
      body: { email: a.members.office.email.toUpperCase(), role: 'teacher', name: 'Office' },
    });
    expect(member.status).toBe(409);
    expect(member.body.error.code).toBe('ALREADY_MEMBER');
  });

  it('only admins invite; a revoked invitation cannot be used; lists show status', async () => {
    const office = await t.call('POST', `/schools/${a.schoolId}/invitations`, { token: a.members.office.token, body: { email: email(), role: 'teacher', name: 'X' } });
    expect(office.status).toBe(403);
    const { token, invitation } = await invite(a, { email: email(), role: 'accountant', name: 'Revoked' });
    const del = await t.call('DELETE', `/schools/${a.schoolId}/invitations/${invitation.id}`, { token: a.members.admin.token });
    expect(del.body.data).toEqual({ revoked: true });
    const res = await clientAt(t)('POST', '/invitations/accept', { body: { token, username: `r${uniq()}`, password: PASSWORD } });
    expect(res.status).toBe(404);
    const list = await t.call('GET', `/schools/${a.schoolId}/invitations?status=revoked&pageSize=200`, { token: a.members.admin.token });
    expect(list.body.data.items).toContainEqual(expect.objectContaining({ id: invitation.id, status: 'revoked' }));
    const pending = await t.call('GET', `/schools/${a.schoolId}/invitations?status=pending&pageSize=200`, { token: a.members.admin.token });
    expect(pending.body.data.items.every((i: any) => i.status === 'pending')).toBe(true);
  });

  it('inviting again supersedes the earlier link', async () => {
    const address = email();
    const first = await invite(a, { email: address, role: 'teacher', name: 'Twice' });
    await invite(a, { email: address, role: 'teacher', name: 'Twice' });
    const res = await clientAt(t)('GET', `/invitations/preview?token=${first.token}`);
    expect(res.status).toBe(404);
  });

  it('a mail outage answers 503 and leaves no pending invitation behind', async () => {
    const address = email();
    sink.refuse = true;
    try {
      const res = await t.call('POST', `/schools/${a.schoolId}/invitations`, { token: a.members.admin.token, body: { email: address, role: 'teacher', name: 'No Mail' } });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('MAIL_UNAVAILABLE');
    } finally {
      sink.refuse = false;
    }
    const rows = await t.db.query(`SELECT revoked_at IS NOT NULL AS revoked FROM school_invitations WHERE school_id = $1 AND email = $2`, [a.schoolId, address]);
    expect(rows).toEqual([{ revoked: true }]);
  });

  it('one address gets at most 5 invitations an hour (429 with Retry-After)', async () => {
    const address = email();
    for (let i = 0; i < 5; i++) await invite(b, { email: address, role: 'teacher', name: 'Often' });
    const res = await t.call('POST', `/schools/${b.schoolId}/invitations`, { token: b.members.admin.token, body: { email: address, role: 'teacher', name: 'Often' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('roles change and members leave, but never the last admin, even when two admins demote each other at once', async () => {
    const s = await createSchoolWithMembers(t);
    const { admin, office } = s.members;
    const path = (id: string) => `/schools/${s.schoolId}/members/${id}`;
    const last = await t.call('PATCH', path(admin.id), { token: admin.token, body: { role: 'teacher' } });
    expect(last.status).toBe(422);
    expect(last.body.error.code).toBe('LAST_ADMIN');
    expect((await t.call('DELETE', path(admin.id), { token: admin.token })).body.error.code).toBe('LAST_ADMIN');

    const promoted = await t.call('PATCH', path(office.id), { token: admin.token, body: { role: 'admin' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.member).toMatchObject({ userId: office.id, role: 'admin' });
    // Both demotions at once, straight into the service (past the guard, so neither waits for the
    // other's answer): the admin rows' locks put them one after the other; the second finds one admin left.
    const service = t.app.get(MembersService);
    const ctx = (userId: string) => ({ schoolId: s.schoolId, userId, role: 'admin' as const });
    const outcomes = await Promise.allSettled([service.changeRole(ctx(admin.id), office.id, 'teacher'), service.changeRole(ctx(office.id), admin.id, 'teacher')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    // Whichever runs second is refused: the last admin, or (if it ran first) the school's owner.
    const refused = ((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason as DomainException).code;
    expect(['LAST_ADMIN', 'SCHOOL_OWNER']).toContain(refused);
    const admins = await t.db.query(`SELECT user_id FROM school_members WHERE school_id = $1 AND role = 'admin'`, [s.schoolId]);
    expect(admins).toEqual([{ user_id: admin.id }]);
    const stillAdmin = admin;

    const removal = await t.call('DELETE', path(s.members.guardian.id), { token: stillAdmin.token });
    expect(removal.body.data).toEqual({ removed: true });
    expect((await t.call('GET', `/schools/${s.schoolId}/home`, { token: s.members.guardian.token })).status).toBe(404);
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 ORDER BY id`, [s.schoolId]);
    expect(audit.map((r: any) => r.action)).toEqual(['member.role_changed', 'member.role_changed', 'member.removed']);
  });

  it('the account that registered the school stays an admin, even when another admin tries to demote or remove it', async () => {
    const s = await createSchoolWithMembers(t);
    const { admin, office } = s.members;
    const path = (id: string) => `/schools/${s.schoolId}/members/${id}`;
    expect((await t.call('PATCH', path(office.id), { token: admin.token, body: { role: 'admin' } })).status).toBe(200);
    const demote = await t.call('PATCH', path(admin.id), { token: office.token, body: { role: 'teacher' } });
    expect(demote.status).toBe(422);
    expect(demote.body.error.code).toBe('SCHOOL_OWNER');
    expect((await t.call('DELETE', path(admin.id), { token: office.token })).body.error.code).toBe('SCHOOL_OWNER');
    const [row] = await t.db.query(`SELECT role FROM school_members WHERE school_id = $1 AND user_id = $2`, [s.schoolId, admin.id]);
    expect(row.role).toBe('admin');
  });

  it('a member of another school is 404 to change or remove', async () => {
    const res = await t.call('PATCH', `/schools/${a.schoolId}/members/${b.members.teacher.id}`, { token: a.members.admin.token, body: { role: 'office' } });
    expect(res.status).toBe(404);
    expect((await t.call('DELETE', `/schools/${a.schoolId}/members/${b.members.teacher.id}`, { token: a.members.admin.token })).status).toBe(404);
  });
});
