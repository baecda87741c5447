import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { signAccessToken } from '../../src/common/auth/access-tokens';
import { MessagingService } from '../../src/modules/messaging/messaging.service';
import { twilioSignature, whatsappSignature } from '../../src/modules/messaging/providers';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { ProviderStandIn } from './stand-in';
import { runInSchool } from '../../src/common/request-context';

// The school's "today": Tuesday 24 November 2026, 11:30 in India.
const TODAY = '2026-11-24';
const NOW = Date.parse('2026-11-24T06:00:00Z');
const SECRET = 'KEY-s3cr3t-9f8e7d6c5b4a';

interface Sec {
  classId: string;
  a: string;
  b: string;
}

async function addClass(t: TestApp, s: SchoolWithMembers): Promise<Sec> {
  const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 4') RETURNING id`, [s.schoolId]);
  const [a] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
  const [b] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'B') RETURNING id`, [c.id]);
  return { classId: c.id, a: a.id, b: b.id };
}

/** An active child whose first guardian has this phone (the same phone = one family). */
async function addChild(t: TestApp, schoolId: string, sec: Sec, sectionId: string, first: string, phone: string, email: string | null = null): Promise<string> {
  const [row] = await t.db.query(
    `INSERT INTO students (school_id, admission_number, first_name, last_name, date_of_birth, gender, class_id, section_id, roll_number)
     VALUES ($1, $2, $3, 'Gupta', '2016-03-01', 'female', $4, $5, $6) RETURNING id`,
    [schoolId, `M${uniq()}`, first, sec.classId, sectionId, Math.floor(Math.random() * 9000) + 1],
  );
  await t.db.query(`INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone, email) VALUES ($1, $2, 0, 'Neha Gupta', 'mother', $3, $4)`, [
    schoolId,
    row.id,
    phone,
    email,
  ]);
  return row.id;
}

describe('messages to families (SMS and WhatsApp)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let stand: ProviderStandIn;
  let svc: MessagingService;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let sec: Sec;
  const logLines: string[] = [];
  const kid: Record<'aarav' | 'diya' | 'kabir' | 'meera' | 'ishaan', string> = {} as never;

  const base = (s: SchoolWithMembers = a) => `/schools/${s.schoolId}`;
  const admin = (s: SchoolWithMembers = a) => s.members.admin.token;
  const messages = async (schoolId = a.schoolId, where = 'true', params: unknown[] = []) =>
    t.db.query(`SELECT * FROM messages WHERE school_id = $1 AND ${where} ORDER BY created_at, id`, [schoolId, ...params]);

  /** Runs the school's queued messaging jobs as the worker would (expand the event, then send). */
  async function runJobs(schoolId = a.schoolId): Promise<number> {
    const jobs = await t.db.query(`SELECT id, name, payload FROM jobs WHERE school_id = $1 AND name LIKE 'messaging.%' AND state = 'queued' ORDER BY created_at, id`, [schoolId]);
    for (const j of jobs) {
      await t.db.query(`UPDATE jobs SET state = 'completed' WHERE school_id = $1 AND id = $2`, [schoolId, j.id]);
      if (j.name === 'messaging.event') await runInSchool(schoolId, () => svc.expand(j.payload));
      await runInSchool(schoolId, () => svc.dispatch());
    }
    return jobs.length;
  }

  const template = (body: Record<string, unknown>, s: SchoolWithMembers = a) => t.call('POST', `${base(s)}/message-templates`, { token: admin(s), body });
  const putSettings = (body: Record<string, unknown>, s: SchoolWithMembers = a) => t.call('PUT', `${base(s)}/messaging`, { token: admin(s), body });
  const outbox = () => {
    const dir = join(t.config.dataDir, 'outbox');
    return existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')) : [];
  };
  const publishNotice = (title: string) =>
    t.call('POST', `${base()}/notices`, { token: a.members.office.token, body: { title, body: `About ${title}.`, audience: 'school', publish: true, sendEmail: false } });

  beforeAll(async () => {
    stand = await new ProviderStandIn().start();
    sink = await new SmtpSink().start();
    t = await startTestApp(
      {
        SMTP_URL: sink.url,
        JOBS_WORKER: 'off',
        RATE_LIMIT_SCALE: '1000',
        MSG91_API_URL: `${stand.url}/msg91/api/v5`,
        GUPSHUP_API_URL: `${stand.url}/gupshup/GatewayAPI/rest`,
        GUPSHUP_WHATSAPP_API_URL: `${stand.url}/gupshupwa/wa/api/v1`,
        TWILIO_API_URL: `${stand.url}/twilio/2010-04-01`,
        WHATSAPP_API_URL: `${stand.url}/graph/v21.0`,
      },
      { logLines },
    );
    t.clock.advance(NOW - Date.now());
    svc = t.app.get(MessagingService);
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    sec = await addClass(t, a);
    // Aarav and Diya are siblings (one phone); Kabir, Meera and Ishaan are of other families.
    kid.aarav = await addChild(t, a.schoolId, sec, sec.a, 'Aarav', '9811111111', 'neha@example.test');
    kid.diya = await addChild(t, a.schoolId, sec, sec.b, 'Diya', '9811111111');
    kid.kabir = await addChild(t, a.schoolId, sec, sec.a, 'Kabir', '9822222222');
    kid.meera = await addChild(t, a.schoolId, sec, sec.a, 'Meera', '9833333333');
    kid.ishaan = await addChild(t, a.schoolId, sec, sec.b, 'Ishaan', '9844444444');
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
    await stand.stop();
  });

  it('settings: admin only, the key write-only and sealed, never answered, audited or logged', async () => {
    expect((await t.call('GET', `${base()}/messaging`, { token: a.members.office.token })).status).toBe(403);
    expect((await t.call('GET', `${base()}/messaging`, { token: a.members.guardian.token })).status).toBe(403);
    expect((await t.call('GET', `${base()}/messaging`, { token: a.outsider.token })).status).toBe(404);
    expect((await t.call('GET', `${base(b)}/messaging`, { token: admin(a) })).status).toBe(404);
    expect((await t.call('PUT', `${base()}/messaging`, { token: a.members.accountant.token, body: { provider: 'none' } })).status).toBe(403);

    const empty = await t.call('GET', `${base()}/messaging`, { token: admin() });
    expect(empty.status).toBe(200);
    expect(empty.body.data.messaging).toMatchObject({ provider: 'none', apiKeySet: false, monthlyCapPaise: 0, quietHours: { from: '21:00', to: '08:00' } });

    const bad = await putSettings({ provider: 'sms-co', quietHours: { from: '9pm', to: '08:00' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.provider).toBeTruthy();
    expect(bad.body.error.details['quietHours.from']).toBe('Enter a time as HH:MM (24-hour)');

    const put = await putSettings({ provider: 'msg91', senderId: 'VIDSCH', dltEntityId: '1201159100000012345', apiKey: SECRET, monthlyCapPaise: 0 });
    expect(put.status).toBe(200);
    expect(put.body.data.messaging).toMatchObject({ provider: 'msg91', senderId: 'VIDSCH', apiKeySet: true });
    expect(JSON.stringify(put.body)).not.toContain(SECRET);
    const got = await t.call('GET', `${base()}/messaging`, { token: admin() });
    expect(got.body.data.messaging.apiKeySet).toBe(true);
    expect(JSON.stringify(got.body)).not.toContain(SECRET);
    expect(got.body.data.messaging).not.toHaveProperty('apiKey');
    // A save without the key keeps it.
    await putSettings({ provider: 'msg91', senderId: 'VIDSCH', dltEntityId: '1201159100000012345' });
    expect((await t.call('GET', `${base()}/messaging`, { token: admin() })).body.data.messaging.apiKeySet).toBe(true);

    const [row] = await t.db.query(`SELECT api_key FROM messaging_settings WHERE school_id = $1`, [a.schoolId]);
    expect(Buffer.isBuffer(row.api_key)).toBe(true);
    expect(row.api_key.toString('latin1')).not.toContain(SECRET);
    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND action = 'messaging.settings_saved' ORDER BY at, id`, [a.schoolId]);
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(audit.map((e: { after: { apiKeyChanged: boolean } }) => e.after.apiKeyChanged).sort()).toEqual([false, true]);
    expect(audit.every((e: { after: { apiKeySet: boolean } }) => e.after.apiKeySet)).toBe(true);
    // Back to the outbox for the event tests.
    await putSettings({ provider: 'none' });
  });

  it('templates: placeholders bound to known names, counted; refused otherwise; a preview with GSM-7 or Unicode parts', async () => {
    const unknown = await template({ event: 'absence', channel: 'sms', language: 'en', dltTemplateId: '1107160000000000001', body: 'Dear parent, {#var#} was absent.', variables: ['pupil'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details['variables.0']).toMatch(/^Unknown value/);
    const count = await template({ event: 'absence', channel: 'sms', language: 'en', dltTemplateId: '1107160000000000001', body: 'Dear parent, {#var#} was absent on {#var#}.', variables: ['studentName'] });
    expect(count.status).toBe(400);
    expect(count.body.error.details.variables).toBe('List one value for each {#var#} in the template, in order');
    expect((await t.call('POST', `${base()}/message-templates`, { token: a.members.office.token, body: {} })).status).toBe(403);

    const ok = await template({
      event: 'absence',
      channel: 'sms',
      language: 'en',
      dltTemplateId: '1107160000000000001',
      body: 'Dear parent, {#var#} of {#var#} was absent today ({#var#}). - {#var#}',
      variables: ['studentName', 'className', 'date', 'schoolName'],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.template).toMatchObject({ event: 'absence', channel: 'sms', language: 'en', variables: ['studentName', 'className', 'date', 'schoolName'] });
    const hi = await template({ event: 'absence', channel: 'sms', language: 'hi', dltTemplateId: '1107160000000000002', body: 'प्रिय अभिभावक, {#var#} आज ({#var#}) अनुपस्थित रहे।', variables: ['studentName', 'date'] });
    expect(hi.status).toBe(201);
    const list = await t.call('GET', `${base()}/message-templates`, { token: admin() });
    expect(list.body.data.items.map((i: { language: string }) => i.language)).toEqual(['en', 'hi']);

    const preview = await t.call('POST', `${base()}/messaging/preview`, {
      token: admin(),
      body: { body: 'Dear parent, {#var#} of {#var#} was absent today ({#var#}).', variables: ['studentName', 'className', 'date'], studentId: kid.kabir },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.preview).toMatchObject({ text: 'Dear parent, Kabir Gupta of Class 4 A was absent today (24/11/2026).', encoding: 'gsm7', parts: 1 });
    const hindi = await t.call('POST', `${base()}/messaging/preview`, { token: admin(), body: { body: 'प्रिय अभिभावक, {#var#} आज अनुपस्थित रहे।', variables: ['studentName'] } });
    expect(hindi.body.data.preview.encoding).toBe('unicode');
    // Another school's child is not found.
    const [other] = await t.db.query(`SELECT id FROM students WHERE school_id = $1 LIMIT 1`, [a.schoolId]);
    expect((await t.call('POST', `${base(b)}/messaging/preview`, { token: admin(b), body: { body: '{#var#}', variables: ['studentName'], studentId: other.id } })).status).toBe(404);
  });

  it('absence: queued inside the save, one message per family per day (siblings merged), none for leave, written to the outbox', async () => {
    const mark = (sectionId: string, records: { studentId: string; status: string }[]) =>
      t.call('PUT', `${base()}/sections/${sectionId}/attendance/${TODAY}`, { token: admin(), body: { records } });
    const saveA = await mark(sec.a, [
      { studentId: kid.aarav, status: 'absent' },
      { studentId: kid.kabir, status: 'absent' },
      { studentId: kid.meera, status: 'leave' },
    ]);
    expect(saveA.status).toBe(200);
    const saveB = await mark(sec.b, [
      { studentId: kid.diya, status: 'absent' },
      { studentId: kid.ishaan, status: 'present' },
    ]);
    expect(saveB.status).toBe(200);
    // The save only queued a job: nothing is sent yet.
    expect((await t.db.query(`SELECT count(*)::int AS n FROM jobs WHERE school_id = $1 AND name = 'messaging.event'`, [a.schoolId]))[0].n).toBe(2);
    expect(await messages()).toHaveLength(0);

    await runJobs();
    const sent = await messages(a.schoolId, `event = 'absence'`);
    const byPhone = Object.fromEntries(sent.map((m: { to_phone: string }) => [m.to_phone, m]));
    // Aarav's message went first (section A), Diya's family message later names Diya only: each child once.
    expect(Object.keys(byPhone).sort()).toEqual(['9811111111', '9822222222']);
    expect(sent.every((m: { status: string }) => m.status === 'sent')).toBe(true);
    expect(sent.find((m: { to_phone: string }) => m.to_phone === '9833333333')).toBeUndefined();
    const files = outbox();
    expect(files.some((f) => f.includes('Dear parent, Kabir of Class 4 A was absent today (24/11/2026).'))).toBe(true);

    // Marking the day again changes nothing for anyone already told.
    await mark(sec.a, [
      { studentId: kid.aarav, status: 'absent' },
      { studentId: kid.kabir, status: 'absent' },
      { studentId: kid.meera, status: 'absent' },
    ]);
    await runJobs();
    const again = await messages(a.schoolId, `event = 'absence'`);
    expect(again.filter((m: { to_phone: string }) => m.to_phone === '9822222222')).toHaveLength(1);
    // Meera, now absent rather than on leave, is told once.
    expect(again.filter((m: { to_phone: string }) => m.to_phone === '9833333333')).toHaveLength(1);
    const log = await t.call('GET', `${base()}/messages?event=absence`, { token: admin() });
    expect(log.status).toBe(200);
    expect(log.body.data.items[0]).toMatchObject({ event: 'absence', channel: 'sms', status: 'sent' });
    expect(log.body.data.items.map((i: { to: string }) => i.to)).toContain('98xxxxxx22');
    expect(JSON.stringify(log.body)).not.toContain('9822222222');
    expect((await t.call('GET', `${base()}/messages`, { token: a.members.office.token })).status).toBe(403);
    expect((await t.call('GET', `${base(b)}/messages`, { token: admin() })).status).toBe(404);
  });

  it('siblings in one event are one message naming both; a guardian who turned SMS off gets none', async () => {
    await template({ event: 'notice', channel: 'sms', language: 'en', dltTemplateId: '1107160000000000010', body: 'New notice from {#var#}: {#var#}', variables: ['schoolName', 'noticeTitle'] });
    await template({ event: 'results', channel: 'sms', language: 'en', dltTemplateId: '1107160000000000011', body: 'Results of {#var#} for {#var#} are out.', variables: ['examName', 'studentName'] });
    // Kabir's guardian has an account and turns SMS off.
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, kid.kabir, a.members.guardian.id]);
    expect((await t.call('PATCH', `/me/message-preferences`, { token: admin(), body: { sms: false } })).status).toBe(403);
    const off = await t.call('PATCH', `/me/message-preferences`, { token: a.members.guardian.token, body: { sms: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.preferences).toEqual({ sms: false, whatsapp: true, email: true, language: 'en' });
    expect((await t.call('PATCH', `/me/message-preferences`, { token: a.members.guardian.token, body: { sms: 'no' } })).status).toBe(400);
    expect((await t.call('GET', `/me/message-preferences`, { token: a.members.guardian.token })).body.data.preferences.sms).toBe(false);

    const n = await publishNotice('Sports day');
    expect(n.status).toBe(201);
    await runJobs();
    const notice = await messages(a.schoolId, `event = 'notice'`);
    expect(notice).toHaveLength(4);
    const family = notice.find((m: { to_phone: string }) => m.to_phone === '9811111111');
    expect(family.student_ids.sort()).toEqual([kid.aarav, kid.diya].sort());
    expect(family.status).toBe('sent');
    const kabir = notice.find((m: { to_phone: string }) => m.to_phone === '9822222222');
    expect(kabir).toMatchObject({ status: 'skipped', reason: 'The family has turned these messages off' });
    const results = await runInSchool(a.schoolId, () => svc.expand({ event: 'results', ref: 'exam-1', studentIds: [kid.aarav, kid.diya], values: { examName: 'Half-yearly' } }));
    expect(results).toBe(1);
    const [r] = await messages(a.schoolId, `event = 'results'`);
    expect(r.text).toBe('Results of Half-yearly for Aarav and Diya are out.');
    // Back on, for the tests below.
    await t.call('PATCH', `/me/message-preferences`, { token: a.members.guardian.token, body: { sms: true } });
  });

  it('a message that does not fit its registered template is skipped with the reason, never improvised', async () => {
    await template({ event: 'receipt', channel: 'sms', language: 'en', dltTemplateId: '1107160000000000020', body: 'Received {#var#} for {#var#}, receipt {#var#}.', variables: ['amount', 'studentName', 'receiptNumber'] });
    await runInSchool(a.schoolId, () => svc.expand({ event: 'receipt', ref: 'r-1', studentIds: [kid.ishaan], values: { amount: '₹1,500.00' } }));
    const [m] = await messages(a.schoolId, `event = 'receipt'`);
    expect(m.status).toBe('skipped');
    expect(m.reason).toMatch(/^Does not fit the registered template \(1107160000000000020\): This message has no value for receiptNumber/);
    expect(m.text).toBeNull();
  });

  it('quiet hours: a message made at 22:00 IST waits for 08:00 the next morning', async () => {
    await publishNotice('Late notice');
    // The worker reaches the job at 22:00 in India.
    t.clock.advance(Date.parse('2026-11-24T16:30:00Z') - t.clock.now().getTime());
    try {
      await runJobs();
      const late = (await messages(a.schoolId, `event = 'notice'`)).filter((m: { status: string }) => m.status === 'queued');
      expect(late.length).toBe(4);
      for (const m of late) expect(new Date(m.send_after).toISOString()).toBe('2026-11-25T02:30:00.000Z');
      expect(await runInSchool(a.schoolId, () => svc.dispatch())).toBe(0);
      t.clock.advance(Date.parse('2026-11-25T02:31:00Z') - t.clock.now().getTime());
      // The worker's minute sweep, outside any request, sends each school's due messages in that school.
      await svc.sweep();
      const sent = await messages(a.schoolId, `id = ANY($2::uuid[])`, [late.map((m: { id: string }) => m.id)]);
      expect(sent.map((m: { status: string }) => m.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    } finally {
      t.clock.advance(NOW - t.clock.now().getTime());
    }
  });

  it('restart mid-batch: the job run again sends each family its message once', async () => {
    await publishNotice('Half day on Friday');
    const [job] = await t.db.query(`SELECT id, payload FROM jobs WHERE school_id = $1 AND name = 'messaging.event' AND state = 'queued'`, [a.schoolId]);
    await runInSchool(a.schoolId, () => svc.expand(job.payload));
    // The process stops after one send…
    expect(await runInSchool(a.schoolId, () => svc.dispatch({ limit: 1 }))).toBe(1);
    // …and on restart the job runs again from the start.
    await runInSchool(a.schoolId, () => svc.expand(job.payload));
    await runInSchool(a.schoolId, () => svc.dispatch());
    await t.db.query(`UPDATE jobs SET state = 'completed' WHERE school_id = $1 AND id = $2`, [a.schoolId, job.id]);
    const rows = await messages(a.schoolId, `event = 'notice' AND ref = $2`, [job.payload.ref]);
    expect(rows).toHaveLength(4);
    expect(rows.every((m: { status: string }) => m.status === 'sent')).toBe(true);
    const files = outbox().filter((f) => f.includes('Half day on Friday'));
    expect(files).toHaveLength(4);
    expect(new Set(files.map((f) => f.split('\n')[0])).size).toBe(4);
  });

  it('fee reminders: 5 days before, on the day, 7 days after; a paid instalment is skipped just before sending', async () => {
    await template({ event: 'fee_due', channel: 'sms', language: 'en', dltTemplateId: '1107160000000000030', body: '{#var#} is due on {#var#} for {#var#}.', variables: ['amount', 'dueOn', 'studentName'] });
    const [head] = await t.db.query(`INSERT INTO fee_heads (school_id, name, tuition) VALUES ($1, 'Tuition', true) RETURNING id`, [a.schoolId]);
    const [st] = await t.db.query(`INSERT INTO fee_structures (school_id, class_id, academic_year) VALUES ($1, $2, '2026-27') RETURNING id`, [a.schoolId, sec.classId]);
    const [inst] = await t.db.query(`INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on) VALUES ($1, $2, 1, 'December', '2026-11-29') RETURNING id`, [a.schoolId, st.id]);
    await t.db.query(`INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount) VALUES ($1, $2, $3, 1, 250000)`, [a.schoolId, inst.id, head.id]);
    expect(await runInSchool(a.schoolId, () => svc.feeReminders(TODAY))).toBe(4);
    // Run again the same day: nothing new.
    expect(await runInSchool(a.schoolId, () => svc.feeReminders(TODAY))).toBe(0);
    const rows = await messages(a.schoolId, `event = 'fee_due'`);
    expect(rows.every((m: { ref: string }) => m.ref === `${inst.id}:before`)).toBe(true);
    const siblings = rows.find((m: { to_phone: string }) => m.to_phone === '9811111111');
    expect(siblings.text).toBe('₹5,000.00 is due on 29/11/2026 for Aarav and Diya.');
    // Ishaan's dues are paid at the counter before the reminder goes.
    const paid = await t.call('POST', `${base()}/payments`, { token: a.members.accountant.token, body: { studentId: kid.ishaan, amount: 250000, mode: 'cash', paidOn: TODAY } });
    expect(paid.status).toBe(201);
    await runInSchool(a.schoolId, () => svc.dispatch());
    const after = await messages(a.schoolId, `event = 'fee_due'`);
    expect(after.find((m: { to_phone: string }) => m.to_phone === '9844444444')).toMatchObject({ status: 'skipped', reason: 'Paid before the reminder was sent' });
    expect(after.filter((m: { status: string }) => m.status === 'sent')).toHaveLength(3);
    // The payment queued its receipt message (the school has a receipt template).
    expect((await t.db.query(`SELECT count(*)::int AS n FROM jobs WHERE school_id = $1 AND name = 'messaging.event' AND payload->>'event' = 'receipt'`, [a.schoolId]))[0].n).toBe(1);
    await runJobs();
  });

  it('the month’s cap stops sending (skipped with the reason) and tells the admin once', async () => {
    const before = await t.call('GET', `${base()}/messages`, { token: admin() });
    const spent = before.body.data.monthCostPaise;
    expect(spent).toBeGreaterThan(0);
    await putSettings({ provider: 'none', monthlyCapPaise: spent + 30 });
    await publishNotice('Annual day');
    await runJobs();
    const rows = await messages(a.schoolId, `event = 'notice' AND text LIKE '%Annual day%'`);
    expect(rows.filter((m: { status: string }) => m.status === 'sent')).toHaveLength(1);
    const skipped = rows.filter((m: { status: string }) => m.status === 'skipped');
    expect(skipped).toHaveLength(3);
    expect(skipped.every((m: { reason: string }) => m.reason === 'Monthly cap reached')).toBe(true);
    const mail = await sink.waitFor(a.members.admin.email, (m) => /limit/.test(m.text));
    expect(mail.text).toContain('reached the limit of');
    const audit = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE school_id = $1 AND action = 'messaging.cap_reached'`, [a.schoolId]);
    expect(audit[0].n).toBe(1);
    const settings = await t.call('GET', `${base()}/messaging`, { token: admin() });
    expect(settings.body.data.messaging.capReached).toBe(true);
    const list = await t.call('GET', `${base()}/messages?status=skipped`, { token: admin() });
    expect(list.body.data.items.every((i: { status: string }) => i.status === 'skipped')).toBe(true);
    expect(list.body.data.items.some((i: { reason?: string }) => i.reason === 'Monthly cap reached')).toBe(true);
    await putSettings({ provider: 'none', monthlyCapPaise: 0 });
  });

  describe('providers: their real request formats against a stand-in', () => {
    const phone = '9876501234';
    const testSend = async (s: SchoolWithMembers, channel?: string) => {
      const res = await t.call('POST', `${base(s)}/messaging/test`, { token: admin(s), body: { phone: `+91 ${phone}`, ...(channel ? { channel } : {}) } });
      expect(res.status).toBe(201);
      await runJobs(s.schoolId);
      return (await messages(s.schoolId, `id = $2`, [res.body.data.message.id]))[0];
    };
    let c: SchoolWithMembers;

    beforeAll(async () => {
      c = await createSchoolWithMembers(t);
      await template({ event: 'test', channel: 'sms', language: 'en', dltTemplateId: '1107160000000000099', body: 'Test from {#var#} on {#var#}.', variables: ['schoolName', 'date'] }, c);
      await template({ event: 'test', channel: 'whatsapp', language: 'en', dltTemplateId: 'school_test', body: 'Test from {#var#} on {#var#}.', variables: ['schoolName', 'date'] }, c);
    });

    it('a test send without a template for the channel is refused', async () => {
      const res = await t.call('POST', `${base()}/messaging/test`, { token: admin(), body: { phone } });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('MESSAGE_TEMPLATE_MISSING');
      expect((await t.call('POST', `${base()}/messaging/test`, { token: admin(), body: { phone: '12345' } })).status).toBe(400);
    });

    it('MSG91 Flow API: authkey header, template_id and VAR1… per recipient; its error answer fails the message', async () => {
      await putSettings({ provider: 'msg91', senderId: 'VIDSCH', dltEntityId: '1201159100000012345', apiKey: SECRET }, c);
      stand.answer('msg91', () => ({ status: 200, body: JSON.stringify({ type: 'success', message: '3763646c3058373530393138' }) }));
      const m = await testSend(c);
      const [req] = stand.of('msg91').slice(-1);
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/msg91/api/v5/flow');
      expect(req.headers.authkey).toBe(SECRET);
      expect(req.headers['content-type']).toBe('application/json');
      const body = JSON.parse(req.body);
      expect(body).toMatchObject({ template_id: '1107160000000000099', short_url: '0' });
      expect(body.recipients).toEqual([{ mobiles: `91${phone}`, VAR1: expect.any(String), VAR2: '24/11/2026' }]);
      expect(m).toMatchObject({ status: 'sent', provider: 'msg91', provider_message_id: '3763646c3058373530393138' });

      // The delivery report moves it to delivered.
      const dlr = await t.call('POST', `/webhooks/messaging/msg91/${c.schoolId}`, {
        body: { data: [{ requestId: '3763646c3058373530393138', numbers: [{ number: `91${phone}`, status: '1', desc: 'DELIVERED' }] }] },
      });
      expect(dlr.status).toBe(200);
      expect(dlr.body.data.updated).toBe(1);
      expect((await messages(c.schoolId, `id = $2`, [m.id]))[0].status).toBe('delivered');
      // Another school's report does not touch it.
      expect((await t.call('POST', `/webhooks/messaging/msg91/${a.schoolId}`, { body: { data: [{ requestId: '3763646c3058373530393138', numbers: [{ status: '2' }] }] } })).status).toBe(404);

      stand.answer('msg91', () => ({ status: 401, body: JSON.stringify({ type: 'error', message: 'Authentication failure' }) }));
      const refused = await testSend(c);
      expect(refused.status).toBe('failed');
      expect(refused.reason).toBe('MSG91: Authentication failure (HTTP 401)');
      // A provider that is down: queued again later (backoff), not failed.
      stand.answer('msg91', () => ({ status: 503, body: 'unavailable', contentType: 'text/plain' }));
      const down = await testSend(c);
      expect(down.status).toBe('queued');
      expect(down.attempts).toBe(1);
      const wait = new Date(down.send_after).getTime() - t.clock.now().getTime();
      expect(wait).toBeGreaterThan(60_000);
      expect(wait).toBeLessThanOrEqual(2 * 60_000);
    });

    it('Gupshup SMS: form-encoded SendMessage with userid, password, DLT entity and template ids; Unicode for Hindi', async () => {
      await t.db.query(`UPDATE messages SET status = 'failed' WHERE school_id = $1 AND status = 'queued'`, [c.schoolId]);
      await putSettings({ provider: 'gupshup', senderId: 'VIDSCH', dltEntityId: '1201159100000012345', accountId: '2000123456', apiKey: SECRET }, c);
      stand.answer('gupshup', () => ({ status: 200, body: JSON.stringify({ response: { id: '3940012345678901', phone: `91${phone}`, details: '', status: 'success' } }) }));
      const m = await testSend(c, 'sms');
      const [req] = stand.of('gupshup').slice(-1);
      expect(req.path).toBe('/gupshup/GatewayAPI/rest');
      expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = Object.fromEntries(new URLSearchParams(req.body));
      expect(form).toMatchObject({
        method: 'SendMessage',
        send_to: `91${phone}`,
        msg_type: 'TEXT',
        userid: '2000123456',
        password: SECRET,
        auth_scheme: 'plain',
        v: '1.1',
        format: 'json',
        mask: 'VIDSCH',
        principalEntityId: '1201159100000012345',
        dltTemplateId: '1107160000000000099',
      });
      expect(form.msg).toMatch(/^Test from .* on 24\/11\/2026\.$/);
      expect(m).toMatchObject({ status: 'sent', provider_message_id: '3940012345678901' });
      const dlr = await t.call('POST', `/webhooks/messaging/gupshup/${c.schoolId}`, { body: { externalId: '3940012345678901', status: 'FAIL', cause: 'ABSENT_SUBSCRIBER', phoneNo: `91${phone}` } });
      expect(dlr.body.data.updated).toBe(1);
      expect((await messages(c.schoolId, `id = $2`, [m.id]))[0]).toMatchObject({ status: 'failed', reason: 'Gupshup: ABSENT_SUBSCRIBER' });

      stand.answer('gupshup', () => ({ status: 200, body: JSON.stringify({ response: { id: '105', phone: '', details: 'Invalid userid or password', status: 'error' } }) }));
      expect(await testSend(c, 'sms')).toMatchObject({ status: 'failed', reason: 'Gupshup: Invalid userid or password (105)' });
    });

    it('Gupshup WhatsApp: apikey header, source, destination and the template id with its params', async () => {
      stand.answer('gupshupwa', () => ({ status: 202, body: JSON.stringify({ status: 'submitted', messageId: 'ee4a68a0-1203-4c85-8dc3-49d0b3226a35' }) }));
      const m = await testSend(c, 'whatsapp');
      const [req] = stand.of('gupshupwa').slice(-1);
      expect(req.path).toBe('/gupshupwa/wa/api/v1/template/msg');
      expect(req.headers.apikey).toBe(SECRET);
      const form = Object.fromEntries(new URLSearchParams(req.body));
      expect(form.source).toBe('VIDSCH');
      expect(form.destination).toBe(`91${phone}`);
      expect(JSON.parse(form.template)).toEqual({ id: 'school_test', params: [expect.any(String), '24/11/2026'] });
      expect(m).toMatchObject({ status: 'sent', channel: 'whatsapp', provider_message_id: 'ee4a68a0-1203-4c85-8dc3-49d0b3226a35' });
      const dlr = await t.call('POST', `/webhooks/messaging/gupshup/${c.schoolId}`, {
        body: { app: 'school', type: 'message-event', payload: { id: 'x', gsId: 'ee4a68a0-1203-4c85-8dc3-49d0b3226a35', type: 'delivered', destination: `91${phone}` } },
      });
      expect(dlr.body.data.updated).toBe(1);
    });

    it('Twilio: Basic auth with the Account SID, form-encoded To/From/Body/StatusCallback; its signed status callback', async () => {
      const sid = 'AC0123456789abcdef0123456789abcdef';
      await putSettings({ provider: 'twilio', senderId: '+15005550006', accountId: sid, apiKey: SECRET }, c);
      stand.answer('twilio', () => ({ status: 201, body: JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }) }));
      const m = await testSend(c);
      const [req] = stand.of('twilio').slice(-1);
      expect(req.path).toBe(`/twilio/2010-04-01/Accounts/${sid}/Messages.json`);
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${sid}:${SECRET}`).toString('base64')}`);
      const form = Object.fromEntries(new URLSearchParams(req.body));
      const callbackUrl = `http://localhost:3000/api/v1/webhooks/messaging/twilio/${c.schoolId}`;
      expect(form).toMatchObject({ To: `+91${phone}`, From: '+15005550006', StatusCallback: callbackUrl });
      expect(m).toMatchObject({ status: 'sent', provider_message_id: 'SM0123456789abcdef0123456789abcdef' });

      const params = { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered', AccountSid: sid, To: `+91${phone}` };
      const raw = new URLSearchParams(params).toString();
      const forged = await t.call('POST', `/webhooks/messaging/twilio/${c.schoolId}`, { rawBody: raw, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGl0' } });
      expect(forged.status).toBe(400);
      expect(forged.body.error.code).toBe('MESSAGING_CALLBACK_INVALID');
      expect((await messages(c.schoolId, `id = $2`, [m.id]))[0].status).toBe('sent');
      const signed = await t.call('POST', `/webhooks/messaging/twilio/${c.schoolId}`, {
        rawBody: raw,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SECRET, callbackUrl, params) },
      });
      expect(signed.status).toBe(200);
      expect((await messages(c.schoolId, `id = $2`, [m.id]))[0].status).toBe('delivered');

      stand.answer('twilio', () => ({ status: 400, body: JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }) }));
      expect(await testSend(c)).toMatchObject({ status: 'failed', reason: "Twilio 21211: The 'To' number is not a valid phone number. (HTTP 400)" });
    });

    it('WhatsApp Cloud API: Bearer token, template name, language and body parameters; X-Hub-Signature-256 checked', async () => {
      await putSettings({ provider: 'whatsapp_cloud', accountId: '106540352242922', apiKey: SECRET, webhookSecret: 'app-secret-123' }, c);
      stand.answer('graph', () => ({ status: 200, body: JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: `91${phone}`, wa_id: `91${phone}` }], messages: [{ id: 'wamid.HBgLOTE5ODc2NTAxMjM0FQIAERgS' }] }) }));
      const m = await testSend(c);
      const [req] = stand.of('graph').slice(-1);
      expect(req.path).toBe('/graph/v21.0/106540352242922/messages');
      expect(req.headers.authorization).toBe(`Bearer ${SECRET}`);
      const body = JSON.parse(req.body);
      expect(body).toMatchObject({ messaging_product: 'whatsapp', to: `91${phone}`, type: 'template' });
      expect(body.template).toEqual({
        name: 'school_test',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: expect.any(String) }, { type: 'text', text: '24/11/2026' }] }],
      });
      expect(m).toMatchObject({ status: 'sent', channel: 'whatsapp' });
      const event = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.HBgLOTE5ODc2NTAxMjM0FQIAERgS', status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] }] } }] }],
      });
      expect((await t.call('POST', `/webhooks/messaging/whatsapp_cloud/${c.schoolId}`, { rawBody: event, headers: { 'x-hub-signature-256': 'sha256=00' } })).status).toBe(400);
      const ok = await t.call('POST', `/webhooks/messaging/whatsapp_cloud/${c.schoolId}`, { rawBody: event, headers: { 'x-hub-signature-256': whatsappSignature('app-secret-123', event) } });
      expect(ok.status).toBe(200);
      expect((await messages(c.schoolId, `id = $2`, [m.id]))[0]).toMatchObject({ status: 'failed', reason: 'WhatsApp 131026: Message undeliverable' });

      stand.answer('graph', () => ({ status: 400, body: JSON.stringify({ error: { message: '(#132001) Template name does not exist in the translation', code: 132001 } }) }));
      expect(await testSend(c)).toMatchObject({ status: 'failed', reason: 'WhatsApp 132001: (#132001) Template name does not exist in the translation (HTTP 400)' });
    });

    it('no key or token ever reaches a log line', () => {
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.join('\n')).not.toContain(SECRET);
      expect(logLines.join('\n')).not.toContain('app-secret-123');
    });
  });

  it('a guardian’s token is required for the preferences; the route answers 401 without one', async () => {
    expect((await t.call('GET', `/me/message-preferences`)).status).toBe(401);
    const stranger = signAccessToken({ id: a.outsider.id, username: a.outsider.username, role: 'admin' }, t.config.jwtSecret, t.clock.now());
    expect((await t.call('PATCH', `/me/message-preferences`, { token: stranger, body: { whatsapp: false } })).status).toBe(403);
  });
});
