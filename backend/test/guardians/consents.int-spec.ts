import { addSections, type Sections } from '../students/students-support';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { addStudent } from './guardians-support';

/** Consent and data rights (DPDP Act 2023; issue 19 item 4). */
describe('consents and data requests', () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  let sec: Sections;
  let child: { id: string; name: string };

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    s = await createSchoolWithMembers(t);
    sec = await addSections(t, s);
    child = await addStudent(t, s, sec.a, 'Consentchild', null);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [s.schoolId, child.id, s.members.guardian.id]);
  });
  afterAll(() => t.close());

  const base = () => `/schools/${s.schoolId}`;

  it('the guardian sees what is held and the consents; a withdrawal is recorded with time and visible to the school', async () => {
    const token = s.members.guardian.token;
    const rights = await t.call('GET', `${base()}/students/${child.id}/data-rights`, { token });
    expect(rights.status).toBe(200);
    expect(rights.body.data.studentName).toBe(child.name);
    const identity = rights.body.data.held.find((h: { category: string }) => h.category === 'identity');
    expect(identity.fields).toContainEqual({ field: 'dateOfBirth', held: true });
    expect(rights.body.data.held.find((h: { category: string }) => h.category === 'identifiers').fields).toContainEqual({ field: 'aadhaar', held: false });
    expect(rights.body.data.consents.map((c: { kind: string; status: string }) => [c.kind, c.status])).toEqual([
      ['admission', 'not_recorded'],
      ['photo', 'not_recorded'],
      ['apaar', 'not_recorded'],
    ]);

    // The office records the photo consent from the paper form; the guardian withdraws it.
    expect((await t.call('POST', `${base()}/students/${child.id}/consents`, { token: s.members.office.token, body: { kind: 'photo', status: 'given', note: 'Admission form' } })).status).toBe(201);
    t.clock.advance(60_000);
    const withdrawn = await t.call('POST', `${base()}/students/${child.id}/consents`, { token, body: { kind: 'photo', status: 'withdrawn', note: 'No photos on the website, please' } });
    expect(withdrawn.status).toBe(201);
    expect(withdrawn.body.data.consent).toMatchObject({ studentId: child.id, kind: 'photo', status: 'withdrawn', source: 'guardian', note: 'No photos on the website, please' });
    const at = withdrawn.body.data.consent.at as string;
    expect(Math.abs(Date.parse(at) - t.clock.now().getTime())).toBeLessThan(60_000);

    const after = await t.call('GET', `${base()}/students/${child.id}/data-rights`, { token });
    expect(after.body.data.consents.find((c: { kind: string }) => c.kind === 'photo')).toMatchObject({ status: 'withdrawn', source: 'guardian', at });
    expect(after.body.data.history.map((h: { status: string }) => h.status)).toEqual(['withdrawn', 'given']);

    // The school sees it: the consent log's withdrawals, the student's data rights, the audit log.
    const log = await t.call('GET', `${base()}/consents?status=withdrawn`, { token: s.members.office.token });
    expect(log.body.data.items).toEqual([expect.objectContaining({ studentId: child.id, studentName: child.name, kind: 'photo', source: 'guardian' })]);
    expect((await t.call('GET', `${base()}/students/${child.id}/data-rights`, { token: s.members.admin.token })).body.data.consents[1].status).toBe('withdrawn');
    const [audit] = await t.db.query(`SELECT actor_id, after FROM audit_log WHERE school_id = $1 AND action = 'consent.withdrawn' AND entity_id = $2`, [s.schoolId, child.id]);
    expect(audit.actor_id).toBe(s.members.guardian.id);

    // Teachers and accountants do not read consents; bad input is refused with the contract's message and stores nothing.
    expect((await t.call('GET', `${base()}/consents`, { token: s.members.teacher.token })).status).toBe(403);
    const bad = await t.call('POST', `${base()}/students/${child.id}/consents`, { token, body: { kind: 'tattoo', status: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual({ kind: 'Consent must be admission, photo or apaar', status: 'Status must be given or withdrawn' });
  });

  it('the admission consent comes from the public application', async () => {
    const [school] = await t.db.query(`SELECT subdomain FROM schools WHERE id = $1`, [s.schoolId]);
    const applied = await t.call('POST', `/public/schools/${school.subdomain}/applications`, {
      body: {
        firstName: 'Applied',
        dateOfBirth: '2017-01-02',
        gender: 'male',
        classApplied: 'Class 5',
        guardian: { name: 'Ravi Kumar', relation: 'father', phone: '9876501234', email: 'ravi@example.test' },
        consent: true,
      },
    });
    expect(applied.status).toBe(201);
    const [app] = await t.db.query(`SELECT id FROM admission_applications WHERE school_id = $1 AND application_number = $2`, [s.schoolId, applied.body.data.applicationNumber]);
    const admitted = await t.call('POST', `${base()}/applications/${app.id}/admit`, { token: s.members.office.token, body: { sectionId: sec.a } });
    expect(admitted.status).toBe(200);
    const studentId = admitted.body.data.student.id;
    const rights = await t.call('GET', `${base()}/students/${studentId}/data-rights`, { token: s.members.office.token });
    expect(rights.body.data.consents[0]).toMatchObject({ kind: 'admission', status: 'given', source: 'application', byName: 'Ravi Kumar', purpose: expect.any(String) });
  });

  it('a correction request: the guardian asks, the office lists and answers it once', async () => {
    const token = s.members.guardian.token;
    const asked = await t.call('POST', `${base()}/students/${child.id}/data-requests`, { token, body: { field: 'dateOfBirth', message: 'Her date of birth is 14/06/2016, not 14/05.' } });
    expect(asked.status).toBe(201);
    const id = asked.body.data.request.id;
    expect(asked.body.data.request).toMatchObject({ kind: 'correction', status: 'open', field: 'dateOfBirth', studentId: child.id });
    expect((await t.call('POST', `${base()}/students/${child.id}/data-requests`, { token: s.members.office.token, body: { message: 'x' } })).status).toBe(403);

    const open = await t.call('GET', `${base()}/data-requests`, { token: s.members.office.token });
    expect(open.body.data.items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await t.call('POST', `${base()}/data-requests/${id}/resolve`, { token, body: { status: 'resolved' } })).status).toBe(403);
    const resolved = await t.call('POST', `${base()}/data-requests/${id}/resolve`, { token: s.members.office.token, body: { status: 'resolved', note: 'Corrected from the birth certificate' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.request).toMatchObject({ status: 'resolved', resolutionNote: 'Corrected from the birth certificate', resolvedAt: expect.any(String) });
    const again = await t.call('POST', `${base()}/data-requests/${id}/resolve`, { token: s.members.office.token, body: { status: 'declined' } });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('DATA_REQUEST_CLOSED');
    expect((await t.call('GET', `${base()}/data-requests`, { token: s.members.office.token })).body.data.items.map((r: { id: string }) => r.id)).not.toContain(id);
    const mine = await t.call('GET', `${base()}/data-requests`, { token });
    expect(mine.body.data.items).toEqual([expect.objectContaining({ id, status: 'resolved' })]);
  });
});
