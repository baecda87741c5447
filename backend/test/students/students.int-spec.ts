import { createSchoolWithMembers, createUserWithToken, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { addSections, aadhaarOf, fillStudents, freshAadhaar, studentBody, type Sections } from './students-support';

describe('students: the register', () => {
  let t: TestApp;
  const logLines: string[] = [];
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let sa: Sections;
  let sb: Sections;

  beforeAll(async () => {
    t = await startTestApp({}, { logLines });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    sa = await addSections(t, a);
    sb = await addSections(t, b);
  });
  afterAll(async () => {
    await t.close();
  });

  const base = (s: SchoolWithMembers) => `/schools/${s.schoolId}/students`;

  it('creates, reads, edits and records a student leaving; the count follows', async () => {
    const created = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { rollNumber: 7, rte: true, admissionNumber: 'ADM-001' }) });
    expect(created.status).toBe(201);
    const s = created.body.data.student;
    expect(s).toMatchObject({
      admissionNumber: 'ADM-001',
      firstName: 'Aarav',
      gender: 'male',
      status: 'active',
      rte: true,
      aadhaarMasked: null,
      enrolment: { academicYear: '2026-27', classId: sa.classId, className: 'Class 5', sectionId: sa.a, sectionName: 'A', rollNumber: 7 },
      guardians: [{ name: 'Rakesh Sharma', relation: 'father', phone: '9876543210', email: 'rakesh@example.test', isPrimary: true }],
    });

    const got = await t.call('GET', `${base(a)}/${s.id}`, { token: a.members.admin.token });
    expect(got.status).toBe(200);
    // The record also lists every year's enrolment (year two: promotion keeps the history).
    expect(got.body.data.student).toEqual({
      ...s,
      enrolments: [
        { academicYear: '2026-27', classId: sa.classId, className: 'Class 5', sectionId: sa.a, sectionName: 'A', rollNumber: 7, result: null, resultGrade: null, attendancePercent: null, current: true },
      ],
    });

    const moved = await t.call('PATCH', `${base(a)}/${s.id}`, { token: a.members.office.token, body: { sectionId: sa.b, rollNumber: 3, motherTongue: 'Hindi' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.student.enrolment).toMatchObject({ sectionId: sa.b, sectionName: 'B', rollNumber: 3 });
    expect(moved.body.data.student.motherTongue).toBe('Hindi');

    const [{ active_students: before }] = await t.db.query(`SELECT active_students FROM schools WHERE id = $1`, [a.schoolId]);
    const incomplete = await t.call('PATCH', `${base(a)}/${s.id}`, { token: a.members.office.token, body: { status: 'left' } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.details).toMatchObject({ leftOn: 'Enter the date the student left', leavingReason: 'Enter the reason for leaving' });

    const left = await t.call('PATCH', `${base(a)}/${s.id}`, {
      token: a.members.office.token,
      body: { status: 'left', leftOn: '2026-11-30', leavingReason: 'Family moved to Lucknow' },
    });
    expect(left.status).toBe(200);
    expect(left.body.data.student).toMatchObject({ status: 'left', leftOn: '2026-11-30', leavingReason: 'Family moved to Lucknow' });
    const [{ active_students: after }] = await t.db.query(`SELECT active_students FROM schools WHERE id = $1`, [a.schoolId]);
    expect(after).toBe(before - 1);

    // Not in the default (active) list; in status=left.
    const active = await t.call('GET', `${base(a)}?search=ADM-001`, { token: a.members.office.token });
    expect(active.body.data.items).toHaveLength(0);
    const leftList = await t.call('GET', `${base(a)}?search=ADM-001&status=left`, { token: a.members.office.token });
    expect(leftList.body.data.items.map((x: any) => x.id)).toEqual([s.id]);

    // The enrolment history keeps the year's (latest) section.
    const history = await t.call('GET', `${base(a)}/${s.id}/enrolments`, { token: a.members.office.token });
    expect(history.body.data.items).toEqual([expect.objectContaining({ academicYear: '2026-27', sectionId: sa.b, rollNumber: 3 })]);

    // Every change is audited.
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND entity_id = $2 ORDER BY id`, [a.schoolId, s.id]);
    expect(audit.map((r: any) => r.action)).toEqual(['student.created', 'student.updated', 'student.left']);
  });

  it('the dashboard summary and the workspace count real active students', async () => {
    const s = await createSchoolWithMembers(t);
    const secs = await addSections(t, s);
    const before = await t.call('GET', '/auth/my-school-detailed', { token: s.members.admin.token });
    expect(before.body.data.school.metaData.studentStrength).toBe(0);
    for (let i = 0; i < 2; i++) await t.call('POST', base(s), { token: s.members.admin.token, body: studentBody(secs.a) });
    const after = await t.call('GET', '/auth/my-school-detailed', { token: s.members.admin.token });
    expect(after.body.data.school.metaData.studentStrength).toBe(2);
  });

  it('generates admission numbers in the school’s pattern and keeps them unique (case-insensitively)', async () => {
    const set = await t.call('PUT', `${base(a)}/admission-numbering`, { token: a.members.admin.token, body: { prefix: '2026/', digits: 3, nextNumber: 5 } });
    expect(set.status).toBe(200);
    expect(set.body.data.numbering).toEqual({ prefix: '2026/', digits: 3, nextNumber: 5, example: '2026/005' });
    const one = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a) });
    expect(one.body.data.student.admissionNumber).toBe('2026/005');
    // A hand-typed number in the way is skipped.
    await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { admissionNumber: '2026/006' }) });
    const two = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a) });
    expect(two.body.data.student.admissionNumber).toBe('2026/007');

    const dup = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { admissionNumber: '2026/007' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('ADMISSION_NUMBER_TAKEN');
    const dupEdit = await t.call('PATCH', `${base(a)}/${one.body.data.student.id}`, { token: a.members.office.token, body: { admissionNumber: '2026/007' } });
    expect(dupEdit.status).toBe(409);
    // Another school may use the same number.
    const other = await t.call('POST', base(b), { token: b.members.admin.token, body: studentBody(sb.a, { admissionNumber: '2026/007' }) });
    expect(other.status).toBe(201);
  });

  it('the admission number pattern: read by staff, changed by admin or office only, refused whole when bad, audited, then used', async () => {
    const c = await createSchoolWithMembers(t);
    const secs = await addSections(t, c);
    const url = `${base(c)}/admission-numbering`;
    const initial = await t.call('GET', url, { token: c.members.teacher.token });
    expect(initial.status).toBe(200);
    expect(initial.body.data.numbering).toEqual({ prefix: '', digits: 4, nextNumber: 1, example: '0001' });

    // Bad input: each field's message, and nothing changes (no audit entry either).
    for (const [body, field, message] of [
      [{ prefix: 'SVM 2026', digits: 4, nextNumber: 1 }, 'prefix', 'Prefix may have up to 20 letters, digits, / or -'],
      [{ prefix: 'A'.repeat(21), digits: 4, nextNumber: 1 }, 'prefix', 'Prefix may have up to 20 letters, digits, / or -'],
      [{ prefix: 'SVM/', digits: 9, nextNumber: 1 }, 'digits', 'Digits must be a whole number from 1 to 8'],
      [{ prefix: 'SVM/', digits: 4, nextNumber: 0 }, 'nextNumber', 'Next number must be a whole number from 1 to 99999999'],
      [{ prefix: 'SVM/', digits: 4, nextNumber: '12' }, 'nextNumber', 'Next number must be a whole number from 1 to 99999999'],
      [{ prefix: 'SVM/', digits: 2.5, nextNumber: 1 }, 'digits', 'Digits must be a whole number from 1 to 8'],
    ] as const) {
      const bad = await t.call('PUT', url, { token: c.members.admin.token, body });
      expect([bad.status, bad.body.error.code, bad.body.error.details?.[field]]).toEqual([400, 'VALIDATION_FAILED', message]);
    }
    // Teachers, accountants and guardians cannot change it.
    for (const role of ['teacher', 'accountant', 'guardian'] as const) {
      const refused = await t.call('PUT', url, { token: c.members[role].token, body: { prefix: 'X/', digits: 2, nextNumber: 1 } });
      expect([role, refused.status]).toEqual([role, 403]);
    }
    expect((await t.call('GET', url, { token: c.members.admin.token })).body.data.numbering).toEqual(initial.body.data.numbering);
    const none = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE school_id = $1 AND action = 'students.numbering_changed'`, [c.schoolId]);
    expect(none[0].n).toBe(0);

    // A good one (the prefix trimmed) is kept, audited with before and after, and used by the next student.
    const set = await t.call('PUT', url, { token: c.members.admin.token, body: { prefix: ' SVM-2026/ ', digits: 5, nextNumber: 42 } });
    expect(set.status).toBe(200);
    expect(set.body.data.numbering).toEqual({ prefix: 'SVM-2026/', digits: 5, nextNumber: 42, example: 'SVM-2026/00042' });
    const audit = await t.db.query(`SELECT actor_id, entity, before, after FROM audit_log WHERE school_id = $1 AND action = 'students.numbering_changed'`, [c.schoolId]);
    expect(audit).toEqual([
      {
        actor_id: c.members.admin.id,
        entity: 'school',
        before: { prefix: '', digits: 4, nextNumber: 1 },
        after: { prefix: 'SVM-2026/', digits: 5, nextNumber: 42 },
      },
    ]);
    const made = await t.call('POST', base(c), { token: c.members.office.token, body: studentBody(secs.a) });
    expect(made.body.data.student.admissionNumber).toBe('SVM-2026/00042');
    const after = await t.call('GET', url, { token: c.members.office.token });
    expect(after.body.data.numbering).toEqual({ prefix: 'SVM-2026/', digits: 5, nextNumber: 43, example: 'SVM-2026/00043' });
    // Another school's pattern is its own.
    expect((await t.call('GET', `${base(b)}/admission-numbering`, { token: b.members.admin.token })).body.data.numbering.prefix).toBe('');
  });

  it('Aadhaar: check digit enforced, answered masked only, encrypted at rest, never logged, revealed to an admin with an audit entry', async () => {
    const aadhaar = freshAadhaar();
    const wrong = aadhaar.slice(0, 11) + ((Number(aadhaar[11]) + 1) % 10);
    const bad = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { aadhaar: wrong }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.aadhaar).toBe('This is not a valid Aadhaar number (the check digit does not match)');

    const spaced = `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`;
    const created = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { aadhaar: spaced }) });
    expect(created.status).toBe(201);
    const id = created.body.data.student.id;
    expect(created.body.data.student.aadhaarMasked).toBe(`XXXX XXXX ${aadhaar.slice(8)}`);

    const answers = [
      JSON.stringify(created.body),
      JSON.stringify((await t.call('GET', `${base(a)}/${id}`, { token: a.members.admin.token })).body),
      JSON.stringify((await t.call('GET', `${base(a)}?pageSize=200`, { token: a.members.admin.token })).body),
      JSON.stringify((await t.call('PATCH', `${base(a)}/${id}`, { token: a.members.admin.token, body: { religion: 'Hindu' } })).body),
    ];
    for (const body of answers) {
      expect(body).not.toContain(aadhaar);
      expect(body).not.toContain(aadhaar.slice(0, 8));
    }

    // At rest: no run of the number's digits in any column of the row, the cipher included.
    const [row] = await t.db.query(
      `SELECT encode(aadhaar_cipher, 'hex') AS cipher, encode(aadhaar_hmac, 'hex') AS hmac, aadhaar_last4, row_to_json(s)::text AS whole FROM students s WHERE school_id = $1 AND id = $2`,
      [a.schoolId, id],
    );
    expect(row.aadhaar_last4).toBe(aadhaar.slice(8));
    expect(row.whole).not.toContain(aadhaar.slice(0, 8));
    expect(row.cipher).not.toContain(Buffer.from(aadhaar).toString('hex'));
    expect(row.cipher).not.toContain(aadhaar.slice(0, 8));

    // The same number for a second student of the school is refused.
    const again = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { aadhaar }) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('AADHAAR_DUPLICATE');

    // Only an admin may reveal it; the reveal is audited (with the masked form only).
    const officeReveal = await t.call('POST', `${base(a)}/${id}/aadhaar/reveal`, { token: a.members.office.token });
    expect(officeReveal.status).toBe(403);
    const reveal = await t.call('POST', `${base(a)}/${id}/aadhaar/reveal`, { token: a.members.admin.token });
    expect(reveal.status).toBe(200);
    expect(reveal.body.data).toEqual({ aadhaar });
    const audit = await t.db.query(`SELECT action, before::text AS b, after::text AS a FROM audit_log WHERE school_id = $1 AND entity_id = $2 ORDER BY id`, [a.schoolId, id]);
    expect(audit.map((r: any) => r.action)).toEqual(['student.created', 'student.updated', 'student.aadhaar_revealed']);
    for (const r of audit) expect(`${r.b}${r.a}`).not.toContain(aadhaar.slice(0, 8));

    // Another school's admin cannot reveal it.
    expect((await t.call('POST', `/schools/${b.schoolId}/students/${id}/aadhaar/reveal`, { token: b.members.admin.token })).status).toBe(404);

    // Clearing it.
    const cleared = await t.call('PATCH', `${base(a)}/${id}`, { token: a.members.admin.token, body: { aadhaar: null } });
    expect(cleared.body.data.student.aadhaarMasked).toBeNull();

    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(aadhaar);
      expect(line).not.toContain(aadhaar.slice(0, 8));
    }
    expect(logLines.join('\n')).not.toContain(wrong);
  });

  it('searches names, admission numbers and guardian phones; filters, sorts and pages', async () => {
    const s = await createSchoolWithMembers(t);
    const secs = await addSections(t, s);
    const make = (firstName: string, sectionId: string, phone: string, admissionNumber: string, rollNumber: number) =>
      t.call('POST', base(s), {
        token: s.members.admin.token,
        body: { ...studentBody(sectionId, { admissionNumber, rollNumber }), firstName, lastName: 'Gupta', guardians: [{ name: 'Parent', relation: 'mother', phone }] },
      });
    await make('Zoya', secs.a, '9000000001', 'S-10', 2);
    await make('Meera', secs.a, '9000000002', 'S-11', 1);
    await make('Kabir', secs.b, '9811122233', 'S-12', 1);
    await make('Ishaan', secs.c, '9000000004', 'S-13', 1);

    const q = (qs: string) => t.call('GET', `${base(s)}?${qs}`, { token: s.members.office.token }).then((r) => r.body.data);
    expect((await q('search=meer')).items.map((x: any) => x.firstName)).toEqual(['Meera']);
    expect((await q('search=gupta kabir')).items.map((x: any) => x.firstName)).toEqual(['Kabir']);
    expect((await q('search=s-13')).items.map((x: any) => x.firstName)).toEqual(['Ishaan']);
    expect((await q('search=98111 22233')).items.map((x: any) => x.firstName)).toEqual(['Kabir']);
    expect((await q('search=%2B919811122233')).items.map((x: any) => x.firstName)).toEqual(['Kabir']);
    expect((await q('search=%25')).items).toEqual([]);
    expect((await q(`sectionId=${secs.a}&sort=rollNumber`)).items.map((x: any) => x.firstName)).toEqual(['Meera', 'Zoya']);
    expect((await q(`classId=${secs.classId}`)).total).toBe(3);
    expect((await q('sort=class')).items.map((x: any) => x.firstName)).toEqual(['Meera', 'Zoya', 'Kabir', 'Ishaan']);
    const page2 = await q('pageSize=3&page=2&sort=name&order=desc');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3, activeCount: 4, maxStudents: 100 });
    expect(page2.items.map((x: any) => x.firstName)).toEqual(['Ishaan']);
    expect((await q('pageSize=3&page=3')).total).toBe(4);
    const first = (await q('search=zoya')).items[0];
    expect(first).toMatchObject({ className: 'Class 5', sectionName: 'A', rollNumber: 2, guardianName: 'Parent', guardianPhone: '9000000001' });

    const badSort = await t.call('GET', `${base(s)}?sort=age`, { token: s.members.office.token });
    expect(badSort.status).toBe(400);
  });

  it('the free trial stops at 100 active students (422), and a raised limit lets the next one in', async () => {
    const s = await createSchoolWithMembers(t);
    const secs = await addSections(t, s);
    await fillStudents(t, s.schoolId, 99);
    const hundredth = await t.call('POST', base(s), { token: s.members.admin.token, body: studentBody(secs.a) });
    expect(hundredth.status).toBe(201);
    const over = await t.call('POST', base(s), { token: s.members.admin.token, body: studentBody(secs.a) });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({ code: 'STUDENT_LIMIT_REACHED', message: 'The free trial allows up to 100 students' });
    expect(Number((await t.db.query(`SELECT count(*) AS n FROM students WHERE school_id = $1`, [s.schoolId]))[0].n)).toBe(100);

    // Concurrent creates at the limit: exactly the room left is used.
    const id = hundredth.body.data.student.id;
    await t.call('PATCH', `${base(s)}/${id}`, { token: s.members.admin.token, body: { status: 'left', leftOn: '2026-11-01', leavingReason: 'Transfer' } });
    const racers = await Promise.all([1, 2, 3].map(() => t.call('POST', base(s), { token: s.members.admin.token, body: studentBody(secs.a) })));
    expect(racers.map((r) => r.status).sort()).toEqual([201, 422, 422]);

    // Re-admitting a student who left counts too.
    const back = await t.call('PATCH', `${base(s)}/${id}`, { token: s.members.admin.token, body: { status: 'active' } });
    expect(back.status).toBe(422);

    // Only provider staff raise the limit; it is recorded as a decision.
    expect((await t.call('PATCH', `/admin/schools/${s.schoolId}`, { token: s.members.admin.token, body: { maxStudents: 150 } })).status).toBe(403);
    const staff = await createUserWithToken(t, 'staff');
    const raised = await t.call('PATCH', `/admin/schools/${s.schoolId}`, { token: staff.token, body: { maxStudents: 150 } });
    expect(raised.status).toBe(200);
    expect(raised.body.data.school).toEqual({ id: s.schoolId, maxStudents: 150, activeStudents: 100 });
    const detail = await t.call('GET', `/admin/schools/${s.schoolId}`, { token: staff.token });
    expect(detail.body.data.decisions[0]).toMatchObject({ decision: 'student_limit', reason: 'Student limit changed from 100 to 150' });
    expect((await t.call('PATCH', `${base(s)}/${id}`, { token: s.members.admin.token, body: { status: 'active' } })).status).toBe(200);
    expect((await t.call('PATCH', `/admin/schools/${s.schoolId}`, { token: staff.token, body: { maxStudents: 0 } })).status).toBe(400);
  });

  it('roles: teachers read only (403 on write); accountants read; guardians see only their own children; other schools get 404', async () => {
    const mine = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { firstName: 'Guardianchild' }) });
    const notMine = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { firstName: 'Someoneelse' }) });
    const id = mine.body.data.student.id;

    expect((await t.call('POST', base(a), { token: a.members.teacher.token, body: studentBody(sa.a) })).status).toBe(403);
    expect((await t.call('PATCH', `${base(a)}/${id}`, { token: a.members.teacher.token, body: { firstName: 'X' } })).status).toBe(403);
    expect((await t.call('GET', base(a), { token: a.members.teacher.token })).status).toBe(200);
    expect((await t.call('GET', base(a), { token: a.members.accountant.token })).body.data.total).toBeGreaterThan(1);
    expect((await t.call('POST', base(a), { token: a.members.accountant.token, body: studentBody(sa.a) })).status).toBe(403);

    // A guardian sees nothing until linked, then only the linked child.
    expect((await t.call('GET', base(a), { token: a.members.guardian.token })).body.data.items).toEqual([]);
    expect((await t.call('GET', `${base(a)}/${id}`, { token: a.members.guardian.token })).status).toBe(404);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, id, a.members.guardian.id]);
    const list = await t.call('GET', base(a), { token: a.members.guardian.token });
    expect(list.body.data.items.map((x: any) => x.id)).toEqual([id]);
    expect((await t.call('GET', `${base(a)}/${id}`, { token: a.members.guardian.token })).status).toBe(200);
    expect((await t.call('GET', `${base(a)}/${notMine.body.data.student.id}`, { token: a.members.guardian.token })).status).toBe(404);
    expect((await t.call('PATCH', `${base(a)}/${id}`, { token: a.members.guardian.token, body: { firstName: 'X' } })).status).toBe(403);

    // Another school: its admin gets 404 for this student through its own school, and cannot use A's school.
    expect((await t.call('GET', `/schools/${b.schoolId}/students/${id}`, { token: b.members.admin.token })).status).toBe(404);
    expect((await t.call('PATCH', `/schools/${b.schoolId}/students/${id}`, { token: b.members.admin.token, body: { firstName: 'X' } })).status).toBe(404);
    expect((await t.call('GET', `${base(a)}/${id}`, { token: b.members.admin.token })).status).toBe(404);
    expect((await t.call('GET', base(a), { token: a.outsider.token })).status).toBe(404);
    // A section of another school is not a section here.
    expect((await t.call('POST', base(a), { token: a.members.admin.token, body: studentBody(sb.a) })).status).toBe(404);
  });

  it('a guardian invitation naming students links them when accepted', async () => {
    const child = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { firstName: 'Invitedchild' }) });
    const id = child.body.data.student.id;
    const parent = await createUserWithToken(t);
    // The invitation as the members module stores it, accepted as it accepts it.
    const [inv] = await t.db.query(
      `INSERT INTO school_invitations (school_id, email, name, role, student_ids, token_hash, expires_at)
       VALUES ($1, $2, 'Parent', 'guardian', ARRAY[$3::uuid, gen_random_uuid()], '\\x00', now() + interval '7 days') RETURNING id`,
      [a.schoolId, parent.email, id],
    );
    await t.db.query(`INSERT INTO school_members (school_id, user_id, role) VALUES ($1, $2, 'guardian')`, [a.schoolId, parent.id]);
    await t.db.query(`UPDATE school_invitations SET accepted_at = now(), accepted_by = $3 WHERE school_id = $1 AND id = $2`, [a.schoolId, inv.id, parent.id]);
    const list = await t.call('GET', base(a), { token: parent.token });
    expect(list.body.data.items.map((x: any) => x.id)).toEqual([id]);
  });

  it('validates the body with the contract’s messages and stores nothing', async () => {
    const [{ n: before }] = await t.db.query(`SELECT count(*)::int AS n FROM students WHERE school_id = $1`, [a.schoolId]);
    const res = await t.call('POST', base(a), {
      token: a.members.office.token,
      body: { firstName: '', dateOfBirth: '14/05/2016', gender: 'boy', sectionId: sa.a, guardians: [{ name: 'X', relation: 'uncle', phone: '12345' }], pen: '12', aadhaar: '1234' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toMatchObject({
      firstName: 'First name is required',
      dateOfBirth: 'Enter the date of birth as YYYY-MM-DD',
      gender: 'Gender must be male, female or other',
      'guardians.0.relation': 'Relation must be father, mother or guardian',
      'guardians.0.phone': 'Enter a 10-digit Indian mobile number',
      pen: 'PEN must be 11 digits',
      aadhaar: 'Aadhaar must be 12 digits',
    });
    const future = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const unborn = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { dateOfBirth: future }) });
    expect(unborn.status).toBe(400);
    expect(unborn.body.error.details).toEqual({ dateOfBirth: 'Date of birth cannot be in the future' });
    const [{ n: after }] = await t.db.query(`SELECT count(*)::int AS n FROM students WHERE school_id = $1`, [a.schoolId]);
    expect(after).toBe(before);
    // A fixed valid number for the record: the helper's numbers are valid.
    expect(aadhaarOf('23456789012')).toHaveLength(12);
  });

  it('a photo: JPEG, PNG or WebP by its bytes, at most 512 KB; read by whoever reads the student', async () => {
    const created = await t.call('POST', base(a), { token: a.members.office.token, body: studentBody(sa.a, { firstName: 'Photochild' }) });
    const id = created.body.data.student.id;
    expect(created.body.data.student.hasPhoto).toBe(false);
    const put = async (token: string, bytes: Buffer, name = 'p.png') => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const res = await fetch(`${t.baseUrl}/api/v1/schools/${a.schoolId}/students/${id}/photo`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
      return { status: res.status, body: (await res.json()) as any };
    };
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const set = await put(a.members.office.token, png);
    expect(set.status).toBe(200);
    expect(set.body.data.student.hasPhoto).toBe(true);
    const got = await fetch(`${t.baseUrl}/api/v1/schools/${a.schoolId}/students/${id}/photo`, { headers: { authorization: `Bearer ${a.members.accountant.token}` } });
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);

    // A script named .png is refused; so is a photo over the limit; a teacher cannot set one.
    const script = await put(a.members.office.token, Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(script.status).toBe(400);
    expect(script.body.error.code).toBe('PHOTO_INVALID');
    const huge = await put(a.members.office.token, Buffer.concat([png, Buffer.alloc(600 * 1024)]));
    expect(huge.status).toBe(413);
    expect((await put(a.members.teacher.token, png)).status).toBe(403);
    // Another school's member cannot read it.
    expect((await fetch(`${t.baseUrl}/api/v1/schools/${b.schoolId}/students/${id}/photo`, { headers: { authorization: `Bearer ${b.members.admin.token}` } })).status).toBe(404);

    const removed = await t.call('DELETE', `${base(a)}/${id}/photo`, { token: a.members.office.token });
    expect(removed.body.data.student.hasPhoto).toBe(false);
    expect((await t.call('GET', `${base(a)}/${id}/photo`, { token: a.members.office.token })).status).toBe(404);
  });
  it('lists the current year’s sections in class order for the register and the forms; another school gets 404', async () => {
    const res = await t.call('GET', `${base(a)}/sections`, { token: a.members.teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([
      { classId: sa.classId, className: 'Class 5', sectionId: sa.a, sectionName: 'A', academicYear: '2026-27' },
      { classId: sa.classId, className: 'Class 5', sectionId: sa.b, sectionName: 'B', academicYear: '2026-27' },
      { classId: sa.otherClassId, className: 'Class 6', sectionId: sa.c, sectionName: 'A', academicYear: '2026-27' },
    ]);
    expect((await t.call('GET', `${base(b)}/sections`, { token: a.members.office.token })).status).toBe(404);
    const other = await t.call('GET', `${base(b)}/sections`, { token: b.members.office.token });
    expect(other.body.data.items.map((x: any) => x.sectionId)).toEqual([sb.a, sb.b, sb.c]);
  });
});
