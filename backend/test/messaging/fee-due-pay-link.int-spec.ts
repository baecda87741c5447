import { MessagingService } from '../../src/modules/messaging/messaging.service';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { runInSchool } from '../../src/common/request-context';

/**
 * DECISIONS "Messages to families": a fee reminder carries a payment link when the school takes
 * fees online. The link is the child's own pay link (DECISIONS "Online fee payment": signed, 7 days,
 * opens the dues without sign-in) where the channel can carry it: WhatsApp and e-mail. An SMS keeps
 * the portal's short address, because DLT allows 30 characters a value; so do siblings' merged
 * messages (one link opens one child). Without online payment the link is the portal's address.
 */
const TODAY = '2026-11-24';
const NOW = Date.parse('2026-11-24T06:00:00Z');

describe('fee reminders with a pay link', () => {
  let t: TestApp;
  let svc: MessagingService;
  let on: SchoolWithMembers;
  let off: SchoolWithMembers;
  const kids: Record<string, string> = {};

  async function addChild(s: SchoolWithMembers, classId: string, sectionId: string, first: string, phone: string): Promise<string> {
    const [row] = await t.db.query(
      `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number)
       VALUES ($1, $2, $3, 'Verma', '2016-03-01', 'male', $4, $5, $6) RETURNING id`,
      [s.schoolId, `P${uniq()}`, first, classId, sectionId, Math.floor(Math.random() * 9000) + 1],
    );
    await t.db.query(`INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone) VALUES ($1, $2, 0, 'Sunita Verma', 'mother', $3)`, [
      s.schoolId,
      row.id,
      phone,
    ]);
    return row.id;
  }

  /** A class with one section, a tuition instalment of ₹2,500 due in 5 days, and the fee_due templates. */
  async function school(s: SchoolWithMembers): Promise<{ classId: string; sectionId: string }> {
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 5') RETURNING id`, [s.schoolId]);
    const [sec] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    const [head] = await t.db.query(`INSERT INTO fee_heads (school_id, name, tuition) VALUES ($1, 'Tuition', true) RETURNING id`, [s.schoolId]);
    const [st] = await t.db.query(`INSERT INTO fee_structures (school_id, class_id, academic_year) VALUES ($1, $2, '2026-27') RETURNING id`, [s.schoolId, c.id]);
    const [inst] = await t.db.query(`INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on) VALUES ($1, $2, 1, 'December', '2026-11-29') RETURNING id`, [
      s.schoolId,
      st.id,
    ]);
    await t.db.query(`INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount) VALUES ($1, $2, $3, 1, 250000)`, [s.schoolId, inst.id, head.id]);
    for (const channel of ['whatsapp', 'sms']) {
      const res = await t.call('POST', `/schools/${s.schoolId}/message-templates`, {
        token: s.members.admin.token,
        body: { event: 'fee_due', channel, language: 'en', dltTemplateId: channel === 'sms' ? '1107160000000000031' : 'fee_due_link', body: '{#var#} due for {#var#}. Pay: {#var#}', variables: ['amount', 'studentName', 'link'] },
      });
      expect(res.status).toBe(201);
    }
    return { classId: c.id, sectionId: sec.id };
  }

  const reminders = async (s: SchoolWithMembers) =>
    t.db.query(`SELECT channel, to_phone, text, status, reason FROM messages WHERE school_id = $1 AND event = 'fee_due' ORDER BY to_phone`, [s.schoolId]);

  beforeAll(async () => {
    t = await startTestApp({ JOBS_WORKER: 'off', RATE_LIMIT_SCALE: '1000' });
    t.clock.advance(NOW - Date.now());
    svc = t.app.get(MessagingService);
    on = await createSchoolWithMembers(t);
    off = await createSchoolWithMembers(t);
    const a = await school(on);
    kids.kabir = await addChild(on, a.classId, a.sectionId, 'Kabir', '9822200001');
    kids.aarav = await addChild(on, a.classId, a.sectionId, 'Aarav', '9822200002');
    kids.diya = await addChild(on, a.classId, a.sectionId, 'Diya', '9822200002');
    kids.meera = await addChild(on, a.classId, a.sectionId, 'Meera', '9822200003');
    const b = await school(off);
    kids.other = await addChild(off, b.classId, b.sectionId, 'Rohan', '9822200004');
    // Meera's guardian has an account and has turned WhatsApp off: her reminder goes by SMS.
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [on.schoolId, kids.meera, on.members.guardian.id]);
    expect((await t.call('PATCH', `/me/message-preferences`, { token: on.members.guardian.token, body: { whatsapp: false } })).status).toBe(200);
    const gateway = { provider: 'razorpay', keyId: `rzp_test_${uniq()}`, keySecret: `ks_${uniq()}${uniq()}`, webhookSecret: `wh_${uniq()}${uniq()}` };
    expect((await t.call('PUT', `/schools/${on.schoolId}/payments-gateway`, { token: on.members.admin.token, body: gateway })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one child by WhatsApp gets their own pay link, which opens their dues without sign-in; the school made it and audited it', async () => {
    expect(await runInSchool(on.schoolId, () => svc.feeReminders(TODAY))).toBe(3);
    const rows = await reminders(on);
    const kabir = rows.find((m: { to_phone: string }) => m.to_phone === '9822200001');
    expect(kabir).toMatchObject({ channel: 'whatsapp', status: 'queued' });
    const link = /Pay: (\S+)$/.exec(kabir.text)?.[1] ?? '';
    expect(link).toMatch(/\/pay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(kabir.text.startsWith('₹2,500.00 due for Kabir.')).toBe(true);

    const token = link.split('/pay/')[1];
    const view = await t.call('GET', `/public/pay/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data.student.name).toContain('Kabir');
    expect(view.body.data.instalments.map((i: { name: string }) => i.name)).toEqual(['December']);

    const [made] = await t.db.query(`SELECT student_id, created_by FROM pay_links WHERE school_id = $1`, [on.schoolId]);
    expect(made).toEqual({ student_id: kids.kabir, created_by: null });
    const audit = await t.db.query(`SELECT actor_id, after FROM audit_log WHERE school_id = $1 AND action = 'pay_link.created'`, [on.schoolId]);
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ studentId: kids.kabir, for: 'fee_due' });
  });

  it('siblings merged into one message, and an SMS (30 characters a value), carry the portal’s address', async () => {
    const rows = await reminders(on);
    const siblings = rows.find((m: { to_phone: string }) => m.to_phone === '9822200002');
    expect(siblings.channel).toBe('whatsapp');
    expect(siblings.text).toMatch(/^₹5,000\.00 due for Aarav and Diya\. Pay: http:\/\/\S+$/);
    expect(siblings.text).not.toContain('/pay/');
    const sms = rows.find((m: { to_phone: string }) => m.to_phone === '9822200003');
    expect(sms).toMatchObject({ channel: 'sms', status: 'queued' });
    expect(sms.text).not.toContain('/pay/');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM pay_links WHERE school_id = $1`, [on.schoolId]))[0].n).toBe(1);
  });

  it('without online payment the reminder links the portal and no pay link is made', async () => {
    expect(await runInSchool(off.schoolId, () => svc.feeReminders(TODAY))).toBe(1);
    const [row] = await reminders(off);
    expect(row.channel).toBe('whatsapp');
    expect(row.text).not.toContain('/pay/');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM pay_links WHERE school_id = $1`, [off.schoolId]))[0].n).toBe(0);
  });
});
