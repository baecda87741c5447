import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { code } from './fixtures';

/**
 * Issue 36 point 7, "one add-a-teacher flow": the school makes the staff record and the invitation
 * in one form, before the teacher has an account; when the teacher accepts, the record with the
 * invited e-mail signs in with the new account. A staff record never signs in with a guardian's account.
 */
describe('adding a teacher: the staff record meets the invited account', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let a: SchoolWithMembers;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '1', APP_DOMAIN: 'vidyalaya.test' });
    a = await createSchoolWithMembers(t);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const url = (path: string) => `/schools/${a.schoolId}${path}`;
  const admin = () => a.members.admin.token;

  async function inviteAndAccept(email: string, role = 'teacher'): Promise<string> {
    const before = sink.mails.length;
    const invited = await t.call('POST', url('/invitations'), { token: admin(), body: { email, role, name: 'Kavita Singh' } });
    expect(invited.status).toBe(201);
    const mail = await sink.waitFor(email, (m) => sink.mails.indexOf(m) >= before);
    const token = decodeURIComponent(/\/join\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const accepted = await t.call('POST', '/invitations/accept', { body: { token, username: `k${uniq()}`, password: 'Kanpur-Chalk-4217' }, headers: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
    expect(accepted.status).toBe(200);
    return accepted.body.data.user.id as string;
  }

  it('the staff record made with the invitation is linked to the account that accepts it', async () => {
    const email = `Kavita.${uniq()}@Example.test`;
    const created = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'Kavita Singh', email } });
    expect(created.status).toBe(201);
    expect(created.body.data.staff.userId).toBeNull();
    const userId = await inviteAndAccept(email.toLowerCase());
    const after = await t.call('GET', url(`/staff/${created.body.data.staff.id}`), { token: admin() });
    expect(after.body.data.staff.userId).toBe(userId);
    const [audit] = await t.db.query(`SELECT action, actor_id FROM audit_log WHERE school_id = $1 AND entity_id = $2 AND action = 'staff.linked'`, [a.schoolId, created.body.data.staff.id]);
    expect(audit).toEqual({ action: 'staff.linked', actor_id: userId });
  });

  it('two unlinked records with the e-mail, or a guardian invitation: nothing is linked', async () => {
    const email = `twin.${uniq()}@example.test`;
    const one = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'Twin One', email } });
    const two = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'Twin Two', email } });
    await inviteAndAccept(email);
    for (const r of [one, two]) expect((await t.call('GET', url(`/staff/${r.body.data.staff.id}`), { token: admin() })).body.data.staff.userId).toBeNull();

    // A guardian invitation links no staff record, even one with the address.
    const parent = `parent.${uniq()}@example.test`;
    const record = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'Not staff', email: parent } });
    await inviteAndAccept(parent, 'guardian');
    expect((await t.call('GET', url(`/staff/${record.body.data.staff.id}`), { token: admin() })).body.data.staff.userId).toBeNull();
  });

  it('a guardian’s account cannot be a staff record’s sign-in (400 naming userId); a staff member’s can', async () => {
    const refused = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'A parent', userId: a.members.guardian.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual({ userId: 'A guardian’s account cannot be linked to a staff record' });
    const record = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name: 'Office clerk' } });
    const patched = await t.call('PATCH', url(`/staff/${record.body.data.staff.id}`), { token: admin(), body: { userId: a.members.guardian.id } });
    expect(patched.status).toBe(400);
    const office = await t.call('PATCH', url(`/staff/${record.body.data.staff.id}`), { token: admin(), body: { userId: a.members.office.id } });
    expect(office.status).toBe(200);
    expect(office.body.data.staff.userId).toBe(a.members.office.id);
  });
});
