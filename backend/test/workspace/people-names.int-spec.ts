import { addSections, type Sections } from '../students/students-support';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { addStudent } from '../guardians/guardians-support';

/**
 * People's names come from their module (issue 34 item 3): the audit log, notices, consents, data
 * requests and the guardian accounts of a student name each person through the members module's
 * PeopleService, as the school knows them: the school's name for a member, else the username, the
 * username once they have left. Another school's name for the same person never shows.
 */
describe("people's names as the school knows them", () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  let other: SchoolWithMembers;
  let sec: Sections;
  let child: { id: string; name: string };

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    s = await createSchoolWithMembers(t);
    other = await createSchoolWithMembers(t);
    sec = await addSections(t, s);
    child = await addStudent(t, s, sec.a, 'Namechild', null);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [s.schoolId, child.id, s.members.guardian.id]);
    // This school calls its office member and its guardian by name; the other school calls the same
    // guardian something else, and the admin has no name here (the username is shown).
    await t.db.query(`UPDATE school_members SET name = 'Sunita Verma' WHERE school_id = $1 AND user_id = $2`, [s.schoolId, s.members.office.id]);
    await t.db.query(`UPDATE school_members SET name = 'Lakshmi Iyer' WHERE school_id = $1 AND user_id = $2`, [s.schoolId, s.members.guardian.id]);
    await t.db.query(`INSERT INTO school_members (school_id, user_id, role, name) VALUES ($1, $2, 'guardian', 'Another Name')`, [other.schoolId, s.members.guardian.id]);
  });
  afterAll(() => t.close());

  const base = () => `/schools/${s.schoolId}`;
  const office = () => s.members.office.token;

  it('consents and data requests name who recorded, asked and answered', async () => {
    const given = await t.call('POST', `${base()}/students/${child.id}/consents`, { token: office(), body: { kind: 'photo', status: 'given', note: 'Paper form' } });
    expect(given.status).toBe(201);
    expect(given.body.data.consent.byName).toBe('Sunita Verma');
    const asked = await t.call('POST', `${base()}/students/${child.id}/data-requests`, { token: s.members.guardian.token, body: { message: 'The spelling of her surname' } });
    expect(asked.status).toBe(201);
    expect(asked.body.data.request).toMatchObject({ requestedByName: 'Lakshmi Iyer', resolvedByName: null });
    const resolved = await t.call('POST', `${base()}/data-requests/${asked.body.data.request.id}/resolve`, { token: s.members.admin.token, body: { status: 'resolved' } });
    expect(resolved.body.data.request).toMatchObject({ requestedByName: 'Lakshmi Iyer', resolvedByName: s.members.admin.username });

    const rights = await t.call('GET', `${base()}/students/${child.id}/data-rights`, { token: s.members.guardian.token });
    expect(rights.body.data.consents.find((c: { kind: string }) => c.kind === 'photo').byName).toBe('Sunita Verma');
    expect(rights.body.data.history[0].byName).toBe('Sunita Verma');
    expect(rights.body.data.requests[0]).toMatchObject({ requestedByName: 'Lakshmi Iyer', resolvedByName: s.members.admin.username });
    const log = await t.call('GET', `${base()}/consents`, { token: office() });
    expect(log.body.data.items[0].byName).toBe('Sunita Verma');
    const queue = await t.call('GET', `${base()}/data-requests?status=all`, { token: office() });
    expect(queue.body.data.items[0]).toMatchObject({ requestedByName: 'Lakshmi Iyer', resolvedByName: s.members.admin.username });
  });

  it("a notice names its author; the audit log its actors' usernames", async () => {
    const made = await t.call('POST', `${base()}/notices`, { token: office(), body: { title: 'Sports day', body: 'On Friday', audience: 'school' } });
    expect(made.status).toBe(201);
    expect(made.body.data.notice.createdByName).toBe('Sunita Verma');
    const list = await t.call('GET', `${base()}/notices`, { token: office() });
    expect(list.body.data.items.find((n: { id: string }) => n.id === made.body.data.notice.id).createdByName).toBe('Sunita Verma');

    const audit = await t.call('GET', `${base()}/audit-log?entity=notice`, { token: s.members.admin.token });
    expect(audit.body.data.items[0].actor).toEqual({ id: s.members.office.id, username: s.members.office.username });
  });

  it("a student's guardian accounts carry this school's name for them, never another school's", async () => {
    const accounts = await t.call('GET', `${base()}/students/${child.id}/guardian-accounts`, { token: office() });
    expect(accounts.body.data.items).toEqual([
      expect.objectContaining({ userId: s.members.guardian.id, username: s.members.guardian.username, name: 'Lakshmi Iyer', email: s.members.guardian.email }),
    ]);
  });

  it('a member who has left is named by their username', async () => {
    expect((await t.call('DELETE', `${base()}/members/${s.members.office.id}`, { token: s.members.admin.token })).status).toBe(200);
    const log = await t.call('GET', `${base()}/consents`, { token: s.members.admin.token });
    expect(log.body.data.items[0].byName).toBe(s.members.office.username);
    const list = await t.call('GET', `${base()}/notices`, { token: s.members.admin.token });
    expect(list.body.data.items[0].createdByName).toBe(s.members.office.username);
  });
});
