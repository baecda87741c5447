import { admitStudent, createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * Issue 18, edits from the screens: a fee structure's instalments, amounts and due dates are edited
 * in place (PATCH …/fee-structures/{id}), refused with 409 FEE_STRUCTURE_PAID when a payment would
 * lose its instalment or head or a head would drop below what is paid; a concession is removed
 * (DELETE …/students/{id}/concessions/{concessionId}) and the dues show it. Every write is audited.
 */
describe('fees: editing a structure, removing a concession', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let admin: string;
  let acc: string;
  let tuition: string;
  let transport: string;
  let classId: string;
  let sectionId: string;
  const url = (path: string, school = a) => `/schools/${school.schoolId}${path}`;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    admin = a.members.admin.token;
    acc = a.members.accountant.token;
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 7') RETURNING id`, [a.schoolId]);
    const [sec] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    classId = c.id;
    sectionId = sec.id;
    const head = async (name: string, isTuition: boolean) => (await t.call('POST', url('/fee-heads'), { token: acc, body: { name, tuition: isTuition } })).body.data.head.id as string;
    tuition = await head('Tuition fee', true);
    transport = await head('Transport', false);
  });
  afterAll(() => t.close());

  const newStudent = (): Promise<string> => admitStudent(t, a, sectionId, { dateOfBirth: '2014-02-11' });
  const dues = async (studentId: string) => (await t.call('GET', url(`/students/${studentId}/fees?asOf=2026-11-02`), { token: acc })).body.data;
  const instalmentRows = async (structureId: string) =>
    t.db.query(
      `SELECT i.id, i.position, i.name, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, (SELECT coalesce(sum(amount), 0)::int FROM fee_instalment_items it WHERE it.school_id = i.school_id AND it.instalment_id = i.id) AS amount
         FROM fee_instalments i WHERE i.school_id = $1 AND i.structure_id = $2 ORDER BY i.position`,
      [a.schoolId, structureId],
    );

  it('PATCH edits names, due dates, amounts and heads in place, adds and removes instalments; refuses what would break a payment; audited; other schools 404, accountants may, teachers 403', async () => {
    const created = await t.call('POST', url('/fee-structures'), {
      token: admin,
      body: {
        classId,
        academicYear: '2026-27',
        instalments: [
          { name: 'Term 1', dueOn: '2026-04-15', items: [{ headId: tuition, amount: 500_000 }, { headId: transport, amount: 100_000 }] },
          { name: 'Term 2', dueOn: '2026-10-15', items: [{ headId: tuition, amount: 500_000 }] },
          { name: 'Term 3', dueOn: '2027-01-15', items: [{ headId: tuition, amount: 500_000 }] },
        ],
      },
    });
    expect(created.status).toBe(201);
    const st = created.body.data.structure;
    const [t1, t2, t3] = st.instalments.map((i: any) => i.id as string);

    // A payment of ₹5,500 goes to Term 1: ₹5,000 tuition, ₹500 transport.
    const student = await newStudent();
    const paid = await t.call('POST', url('/payments'), { token: acc, body: { studentId: student, amount: 550_000, mode: 'cash', paidOn: '2026-11-02' } });
    expect(paid.status).toBe(201);
    const receipt = paid.body.data.receipt;

    const before = await instalmentRows(st.id);
    const refuse = async (instalments: unknown[], detail: RegExp) => {
      const res = await t.call('PATCH', url(`/fee-structures/${st.id}`), { token: admin, body: { instalments } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('FEE_STRUCTURE_PAID');
      expect(res.body.error.message).toMatch(detail);
      expect(await instalmentRows(st.id)).toEqual(before);
    };
    const term2 = { id: t2, name: 'Term 2', dueOn: '2026-10-15', items: [{ headId: tuition, amount: 500_000 }] };
    const term3 = { id: t3, name: 'Term 3', dueOn: '2027-01-15', items: [{ headId: tuition, amount: 500_000 }] };
    // Term 1 has a receipt: it cannot be removed.
    await refuse([term2, term3], /^Term 1: receipts are recorded against this instalment/);
    // Tuition of Term 1 is paid ₹5,000: not below that, and not removed.
    await refuse([{ id: t1, name: 'Term 1', dueOn: '2026-04-15', items: [{ headId: tuition, amount: 400_000 }, { headId: transport, amount: 100_000 }] }, term2, term3], /Tuition fee cannot be less than the ₹5,000\.00 already paid/);
    await refuse([{ id: t1, name: 'Term 1', dueOn: '2026-04-15', items: [{ headId: transport, amount: 100_000 }] }, term2, term3], /₹5,000\.00 is paid on Tuition fee, so it cannot be removed/);

    // Not this structure's instalment, a bad body: 400, nothing changed.
    const foreign = await t.call('PATCH', url(`/fee-structures/${st.id}`), { token: admin, body: { instalments: [{ ...term2, id: '00000000-0000-4000-8000-000000000001' }] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual({ 'instalments.0.id': 'This instalment is not part of this fee structure' });
    const bad = await t.call('PATCH', url(`/fee-structures/${st.id}`), { token: admin, body: { instalments: [{ ...term2, dueOn: '2026-02-30' }, term2] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ 'instalments.0.dueOn': 'Enter the due date as YYYY-MM-DD', 'instalments.1.id': 'An instalment appears twice in this structure' });
    expect(await instalmentRows(st.id)).toEqual(before);

    // Allowed: Term 1's transport up, its date moved; Term 2 renamed with transport added; Term 3 removed; a new Term 4; a late fee.
    const edited = await t.call('PATCH', url(`/fee-structures/${st.id}`), {
      token: acc,
      body: {
        instalments: [
          { id: t1, name: 'Term 1', dueOn: '2026-04-20', items: [{ headId: tuition, amount: 500_000 }, { headId: transport, amount: 120_000 }] },
          { id: t2, name: 'Term 2 (Oct)', dueOn: '2026-10-20', items: [{ headId: tuition, amount: 450_000 }, { headId: transport, amount: 120_000 }] },
          { name: 'Term 4', dueOn: '2027-02-20', items: [{ headId: tuition, amount: 300_000 }] },
        ],
        lateFee: { kind: 'fixed', amount: 10_000, graceDays: 0 },
      },
    });
    expect(edited.status).toBe(200);
    const s2 = edited.body.data.structure;
    expect(s2.instalments.map((i: any) => [i.name, i.dueOn, i.amount])).toEqual([
      ['Term 1', '2026-04-20', 620_000],
      ['Term 2 (Oct)', '2026-10-20', 570_000],
      ['Term 4', '2027-02-20', 300_000],
    ]);
    expect(s2.instalments[0].id).toBe(t1);
    expect(s2.instalments[1].id).toBe(t2);
    expect(s2.lateFee).toEqual({ kind: 'fixed', amount: 10_000, graceDays: 0, cap: null });
    expect(s2.total).toBe(1_490_000);

    // The payment stays with Term 1; the dues follow the new amounts.
    const d = await dues(student);
    expect(d.instalments.map((i: any) => [i.name, i.amount, i.paid, i.balance])).toEqual([
      ['Term 1', 620_000, 550_000, 70_000 + 10_000],
      ['Term 2 (Oct)', 570_000, 0, 570_000 + 10_000],
      ['Term 4', 300_000, 0, 300_000],
    ]);

    // Once the receipt is cancelled, its tuition is no longer paid: lowering it is allowed; the instalment still cannot go (the cancelled receipt keeps pointing at it).
    expect((await t.call('POST', url(`/receipts/${receipt.id}/cancel`), { token: admin, body: { reason: 'Wrong student' } })).status).toBe(200);
    const lower = await t.call('PATCH', url(`/fee-structures/${st.id}`), {
      token: admin,
      body: { instalments: [{ id: t1, name: 'Term 1', dueOn: '2026-04-20', items: [{ headId: tuition, amount: 100_000 }] }, ...s2.instalments.slice(1).map((i: any) => ({ id: i.id, name: i.name, dueOn: i.dueOn, items: i.items.map((x: any) => ({ headId: x.headId, amount: x.amount })) }))] },
    });
    expect(lower.status).toBe(200);
    expect(lower.body.data.structure.lateFee).toEqual({ kind: 'fixed', amount: 10_000, graceDays: 0, cap: null });
    const gone = await t.call('PATCH', url(`/fee-structures/${st.id}`), { token: admin, body: { instalments: [{ name: 'Whole year', dueOn: '2026-04-20', items: [{ headId: tuition, amount: 100_000 }] }] } });
    expect(gone.status).toBe(409);

    const audit = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND entity_id = $2 ORDER BY id`, [a.schoolId, st.id]);
    expect(audit.map((x: any) => x.action)).toEqual(['fee_structure.created', 'fee_structure.updated', 'fee_structure.updated']);

    expect((await t.call('PATCH', url(`/fee-structures/${st.id}`, b), { token: b.members.admin.token, body: { instalments: [term2] } })).status).toBe(404);
    expect((await t.call('PATCH', url(`/fee-structures/${st.id}`), { token: a.members.teacher.token, body: { instalments: [term2] } })).status).toBe(403);
  });

  it('DELETE a concession: the dues show it again; audited; unknown or another student’s is 404; guardians and teachers 403', async () => {
    const student = await newStudent();
    const other = await newStudent();
    const base = (await dues(student)).totals.concession;
    const made = await t.call('POST', url(`/students/${student}/concessions`), { token: acc, body: { kind: 'sibling', percent: 10, headIds: [tuition] } });
    expect(made.status).toBe(201);
    const id = made.body.data.concession.id;
    expect((await dues(student)).totals.concession).toBeGreaterThan(base);

    expect((await t.call('DELETE', url(`/students/${other}/concessions/${id}`), { token: admin })).status).toBe(404);
    expect((await t.call('DELETE', url(`/students/${student}/concessions/${id}`), { token: a.members.teacher.token })).status).toBe(403);
    expect((await t.call('DELETE', url(`/students/${student}/concessions/${id}`), { token: a.members.guardian.token })).status).toBe(403);
    expect((await t.call('DELETE', url(`/students/${student}/concessions/${id}`, b), { token: b.members.admin.token })).status).toBe(404);
    const removed = await t.call('DELETE', url(`/students/${student}/concessions/${id}`), { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: true });
    expect((await dues(student)).totals.concession).toBe(base);
    expect((await t.call('GET', url(`/students/${student}/concessions`), { token: acc })).body.data.items).toEqual([]);
    expect((await t.call('DELETE', url(`/students/${student}/concessions/${id}`), { token: admin })).status).toBe(404);
    const audit = await t.db.query(`SELECT action, before->>'kind' AS kind FROM audit_log WHERE school_id = $1 AND entity_id = $2 ORDER BY id`, [a.schoolId, id]);
    expect(audit).toEqual([
      { action: 'fee_concession.created', kind: null },
      { action: 'fee_concession.removed', kind: 'sibling' },
    ]);
  });
});
