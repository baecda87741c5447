import { addSections, type Sections } from '../students/students-support';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { addStudent, invitationToken, PASSWORD } from './guardians-support';

/**
 * Guardians (DECISIONS "Guardians", issue 19): one account for all of a guardian's children, even
 * in two schools; invited from the record, in bulk, or linked at once when already a guardian.
 */
describe('guardians: invitations, links, one account', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let sa: Sections;
  let sb: Sections;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    sa = await addSections(t, a);
    sb = await addSections(t, b);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('a guardian of two children in two schools: one account, each school shows only its own child', async () => {
    const parent = `parent-${uniq()}@example.test`;
    const first = await addStudent(t, a, sa.a, 'Meera', parent);
    const sibling = await addStudent(t, a, sa.b, 'Kabir', parent);
    const other = await addStudent(t, a, sa.a, 'Other', `other-${uniq()}@example.test`);
    const noEmail = await addStudent(t, a, sa.b, 'Noemail', null);

    // From the student's record: the guardian's e-mail on it.
    const one = await t.call('POST', `/schools/${a.schoolId}/students/${first.id}/guardian-invitations`, { token: a.members.office.token, body: {} });
    expect(one.status).toBe(201);
    expect(one.body.data.invitations).toEqual([expect.objectContaining({ email: parent, role: 'guardian', status: 'pending', studentIds: [first.id] })]);
    // In bulk for section B: the sibling's invitation supersedes the first and carries both children; no e-mail, no invitation.
    const bulk = await t.call('POST', `/schools/${a.schoolId}/sections/${sa.b}/guardian-invitations`, { token: a.members.office.token, body: {} });
    expect(bulk.status).toBe(201);
    expect(bulk.body.data.invitations).toHaveLength(1);
    expect(bulk.body.data.invitations[0].studentIds.sort()).toEqual([first.id, sibling.id].sort());
    expect(bulk.body.data.skipped).toEqual([{ studentId: noEmail.id, email: null, reason: 'no_email' }]);
    // A teacher may not invite; a student of another school answers 404.
    expect((await t.call('POST', `/schools/${a.schoolId}/students/${first.id}/guardian-invitations`, { token: a.members.teacher.token, body: {} })).status).toBe(403);
    const foreign = await addStudent(t, b, sb.a, 'Foreign', null);
    expect((await t.call('POST', `/schools/${a.schoolId}/students/${foreign.id}/guardian-invitations`, { token: a.members.office.token, body: {} })).status).toBe(404);
    // An e-mail not on the record: 422.
    const wrong = await t.call('POST', `/schools/${a.schoolId}/students/${first.id}/guardian-invitations`, { token: a.members.office.token, body: { email: 'nobody@example.test' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('NO_GUARDIAN_EMAIL');

    // The guardian accepts from the e-mail with a new account.
    const username = `parent${uniq()}`;
    const accepted = await t.call('POST', '/invitations/accept', { body: { token: await invitationToken(sink, parent), username, password: PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.membership).toEqual({ schoolId: a.schoolId, role: 'guardian' });
    const token = (await t.call('POST', '/auth/login', { body: { username, password: PASSWORD } })).body.data.accessToken as string;

    const list = await t.call('GET', `/schools/${a.schoolId}/students`, { token });
    expect(list.body.data.items.map((s: { id: string }) => s.id).sort()).toEqual([first.id, sibling.id].sort());
    expect((await t.call('GET', `/schools/${a.schoolId}/students/${first.id}`, { token })).status).toBe(200);
    expect((await t.call('GET', `/schools/${a.schoolId}/students/${other.id}`, { token })).status).toBe(404);
    // Timetables: the children's sections only.
    expect((await t.call('GET', `/schools/${a.schoolId}/sections/${sa.a}/timetable`, { token })).status).toBe(200);
    expect((await t.call('GET', `/schools/${a.schoolId}/sections/${sa.c}/timetable`, { token })).status).toBe(404);

    // The same guardian in school B: invited there, accepted while signed in (one account).
    const inB = await addStudent(t, b, sb.a, 'Tara', parent);
    const invB = await t.call('POST', `/schools/${b.schoolId}/invitations`, { token: b.members.admin.token, body: { email: parent, role: 'guardian', name: 'Sunita Verma', studentIds: [inB.id] } });
    expect(invB.status).toBe(201);
    const acceptB = await t.call('POST', '/invitations/accept', { token, body: { token: await invitationToken(sink, parent) } });
    expect(acceptB.status).toBe(200);
    const children = await t.call('GET', '/me/children', { token });
    expect(children.body.data.children.map((c: { studentId: string; schoolId: string }) => [c.schoolId, c.studentId]).sort()).toEqual(
      [
        [a.schoolId, first.id],
        [a.schoolId, sibling.id],
        [b.schoolId, inB.id],
      ].sort(),
    );
    expect((await t.call('GET', `/schools/${b.schoolId}/students`, { token })).body.data.items.map((s: { id: string }) => s.id)).toEqual([inB.id]);
    // A child of school A named in school B's path is not found there.
    expect((await t.call('GET', `/schools/${b.schoolId}/students/${first.id}`, { token })).status).toBe(404);

    // Already this school's guardian: a third child is linked at once, and the guardian is told.
    const third = await addStudent(t, a, sa.c, 'Ishaan', parent);
    const linked = await t.call('POST', `/schools/${a.schoolId}/students/${third.id}/guardian-invitations`, { token: a.members.office.token, body: {} });
    expect(linked.body.data.invitations).toEqual([expect.objectContaining({ status: 'accepted', studentIds: [third.id] })]);
    await sink.waitFor(parent, (m) => /added a child/.test(m.subject));
    expect((await t.call('GET', `/schools/${a.schoolId}/students`, { token })).body.data.items).toHaveLength(3);
    // Inviting again reports the link instead of sending anything.
    const again = await t.call('POST', `/schools/${a.schoolId}/students/${third.id}/guardian-invitations`, { token: a.members.office.token, body: {} });
    expect(again.body.data).toEqual({ invitations: [], skipped: [{ studentId: third.id, email: parent, reason: 'already_linked' }] });

    // The office sees the accounts and can unlink one (audited); the guardian then gets 404.
    const accounts = await t.call('GET', `/schools/${a.schoolId}/students/${third.id}/guardian-accounts`, { token: a.members.office.token });
    expect(accounts.body.data.items).toEqual([expect.objectContaining({ userId: accepted.body.data.user.id, username, email: parent })]);
    const unlinked = await t.call('DELETE', `/schools/${a.schoolId}/students/${third.id}/guardian-accounts/${accepted.body.data.user.id}`, { token: a.members.office.token });
    expect(unlinked.body.data).toEqual({ removed: true });
    expect((await t.call('GET', `/schools/${a.schoolId}/students/${third.id}`, { token })).status).toBe(404);
    const [audit] = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND entity_id = $2 AND action = 'guardian.unlinked'`, [a.schoolId, third.id]);
    expect(audit.action).toBe('guardian.unlinked');

    // Removing the guardian from the school removes the links with the membership.
    expect((await t.call('DELETE', `/schools/${a.schoolId}/members/${accepted.body.data.user.id}`, { token: a.members.admin.token })).status).toBe(200);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM student_guardian_users WHERE school_id = $1 AND user_id = $2`, [a.schoolId, accepted.body.data.user.id]);
    expect(n).toBe(0);
    expect((await t.call('GET', '/me/children', { token })).body.data.children.map((c: { studentId: string }) => c.studentId)).toEqual([inB.id]);
  });

  it('bulk for a class: one invitation per address, siblings together; another role’s member is skipped', async () => {
    const shared = `family-${uniq()}@example.test`;
    const x = await addStudent(t, a, sa.a, 'Anaya', shared);
    const y = await addStudent(t, a, sa.b, 'Vivaan', shared);
    const teacherChild = await addStudent(t, a, sa.a, 'Rohan', a.members.teacher.email);
    const res = await t.call('POST', `/schools/${a.schoolId}/classes/${sa.classId}/guardian-invitations`, { token: a.members.admin.token, body: {} });
    expect(res.status).toBe(201);
    const mine = res.body.data.invitations.find((i: { email: string }) => i.email === shared);
    expect(mine.studentIds.sort()).toEqual([x.id, y.id].sort());
    expect(res.body.data.skipped).toContainEqual({ studentId: teacherChild.id, email: a.members.teacher.email, reason: 'not_invited' });
    expect(res.body.data.invitations.every((i: { email: string }) => i.email !== a.members.teacher.email)).toBe(true);
    // A class of another school: 404.
    expect((await t.call('POST', `/schools/${a.schoolId}/classes/${sb.classId}/guardian-invitations`, { token: a.members.admin.token, body: {} })).status).toBe(404);
  });
});
