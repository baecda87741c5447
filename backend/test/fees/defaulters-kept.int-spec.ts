import { admitStudent, createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * Issue 32 item 5: the defaulters list is kept in each server process with the school's 'fees'
 * version of the change log (fee-reports.service.ts `keptDefaulters`, migrations 1766000000200 and
 * 1766000000300). Two servers share one database here, as two processes behind a balancer do: the
 * list is read from one and written through the other or straight into the database, and every write
 * to a table the list reads (receipts, guardians, sections, classes, carried arrears, students) shows
 * on the next read, with nothing stale.
 */
describe('the defaulters list kept between calls follows every write it reads, from any process', () => {
  let t: TestApp;
  let other: TestApp;
  let a: SchoolWithMembers;
  let acc: string;
  let classId: string;
  let sectionId: string;
  let tuition: string;
  let term1: string;
  let term2: string;
  const url = (path: string) => `/schools/${a.schoolId}${path}`;
  const list = async (app: TestApp, query = '') => {
    const res = await app.call('GET', url(`/fees/defaulters?asOf=2026-11-02&pageSize=200${query}`), { token: acc });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const rowOf = async (app: TestApp, studentId: string) => (await list(app)).items.find((d: { studentId: string }) => d.studentId === studentId);

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    other = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    a = await createSchoolWithMembers(t);
    acc = a.members.accountant.token;
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 4') RETURNING id`, [a.schoolId]);
    const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    classId = c.id;
    sectionId = s.id;
    const head = await t.call('POST', url('/fee-heads'), { token: acc, body: { name: 'Tuition fee', tuition: true } });
    tuition = head.body.data.head.id;
    const created = await t.call('POST', url('/fee-structures'), {
      token: a.members.admin.token,
      body: {
        classId,
        academicYear: '2026-27',
        instalments: [
          { name: 'Term 1', dueOn: '2026-04-10', items: [{ headId: tuition, amount: 1_700_000 }] },
          { name: 'Term 2', dueOn: '2026-10-10', items: [{ headId: tuition, amount: 1_200_000 }] },
        ],
      },
    });
    expect(created.status).toBe(201);
    [term1, term2] = created.body.data.structure.instalments.map((i: { id: string }) => i.id);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const newStudent = () => admitStudent(t, a, sectionId, { guardians: [{ name: 'Lakshmi Iyer', relation: 'mother', phone: '9812345670' }] });

  it('a payment, a guardian’s number, a section’s and a class’s name, carried arrears and a student leaving each show on the next read', async () => {
    const st = await newStudent();
    const first = await list(other);
    expect(first.items.find((d: { studentId: string }) => d.studentId === st)).toMatchObject({
      balance: 2_900_000,
      overdueInstalments: 2,
      guardianPhone: '9812345670',
      className: 'Class 4',
      sectionName: 'A',
    });
    // Read again with nothing written: the same answer.
    expect(await list(other)).toEqual(first);

    // A payment at the counter of the other server.
    expect((await t.call('POST', url('/payments'), { token: acc, body: { studentId: st, amount: 100_000, mode: 'cash', paidOn: '2026-11-02' } })).status).toBe(201);
    expect(await rowOf(other, st)).toMatchObject({ balance: 2_800_000 });
    expect((await list(other)).totalBalance).toBe(first.totalBalance - 100_000);

    // Written straight into the database: the guardian's number, the section's and the class's names.
    await t.db.query(`UPDATE student_guardians SET phone = '9876501234' WHERE school_id = $1 AND student_id = $2`, [a.schoolId, st]);
    expect(await rowOf(other, st)).toMatchObject({ guardianPhone: '9876501234' });
    await t.db.query(`UPDATE sections SET name = 'B' WHERE id = $1`, [sectionId]);
    expect(await rowOf(other, st)).toMatchObject({ sectionName: 'B' });
    await t.db.query(`UPDATE classes SET name = 'Class 5' WHERE id = $1`, [classId]);
    expect(await rowOf(other, st)).toMatchObject({ className: 'Class 5' });

    // What a promotion carried into the new year counts as paid on the old instalment.
    await t.db.query(
      `INSERT INTO fee_carries (school_id, promotion_id, student_id, instalment_id, head_id, amount, arrears_instalment_id, carried_on)
       VALUES ($1, gen_random_uuid(), $2, $3, $4, 50000, $5, '2026-11-01')`,
      [a.schoolId, st, term1, tuition, term2],
    );
    expect(await rowOf(other, st)).toMatchObject({ balance: 2_750_000 });

    // The student leaves: off the list of both servers.
    await t.db.query(`UPDATE students SET status = 'left' WHERE school_id = $1 AND id = $2`, [a.schoolId, st]);
    expect(await rowOf(other, st)).toBeUndefined();
    expect(await rowOf(t, st)).toBeUndefined();
  });

  it('a class’s list and the whole school’s are kept apart, and a new as-of date is computed for itself', async () => {
    const st = await newStudent();
    const whole = await list(other);
    const ofClass = await list(other, `&classId=${classId}`);
    expect(ofClass.items.map((d: { studentId: string }) => d.studentId)).toContain(st);
    expect(ofClass.total).toBe(whole.total);
    // On 1 May only Term 1 was overdue.
    const may = await other.call('GET', url('/fees/defaulters?asOf=2026-05-01&pageSize=200'), { token: acc });
    expect(may.body.data.items.find((d: { studentId: string }) => d.studentId === st)).toMatchObject({ balance: 1_700_000, overdueInstalments: 1 });
    expect(await rowOf(other, st)).toMatchObject({ balance: 2_900_000, overdueInstalments: 2 });
  });
});
