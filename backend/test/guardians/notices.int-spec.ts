import { addSections, type Sections } from '../students/students-support';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { addStudent } from './guardians-support';

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32), Buffer.from('\n%%EOF\n'), Buffer.from([0, 0xe2, 0x80, 0xff])]);

/** The attachments of a received e-mail, read out of its MIME parts (base64, as nodemailer sends them). */
function attachmentsOf(raw: string): { filename: string; contentType: string; content: Buffer }[] {
  const found: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]*\r?\n/)) {
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    if (!/^Content-Disposition: attachment/im.test(headers)) continue;
    expect(headers).toMatch(/^Content-Transfer-Encoding: base64$/im);
    found.push({
      filename: /filename="?([^";\r\n]+)/i.exec(headers)?.[1] ?? '',
      contentType: /^Content-Type: ([^;\r\n]+)/im.exec(headers)?.[1] ?? '',
      content: Buffer.from(body.join('\n'), 'base64'),
    });
  }
  return found;
}

/** Notices (issue 19 item 3): targeting, the PDF, e-mail through the job queue with delivery per recipient, read receipts. */
describe('notices', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let s: SchoolWithMembers;
  let sec: Sections;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, RATE_LIMIT_SCALE: '1000', JOBS_POLL_MS: '50' });
    s = await createSchoolWithMembers(t);
    sec = await addSections(t, s);
    // The school's guardian has a child in Class 5 A.
    const child = await addStudent(t, s, sec.a, 'Noticechild', null);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [s.schoolId, child.id, s.members.guardian.id]);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const base = () => `/schools/${s.schoolId}/notices`;
  const publish = (title: string, audience: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', base(), { token: s.members.office.token, body: { title, body: `About ${title}.`, audience, publish: true, sendEmail: false, ...extra } });

  it('targeting: a guardian sees their child’s class and section, all guardians and the whole school; staff see staff and school', async () => {
    const tag = uniq().slice(0, 6);
    for (const [title, audience, extra] of [
      [`school ${tag}`, 'school', {}],
      [`staff ${tag}`, 'staff', {}],
      [`guardians ${tag}`, 'guardians', {}],
      [`class5 ${tag}`, 'classes', { classIds: [sec.classId] }],
      [`class6 ${tag}`, 'classes', { classIds: [sec.otherClassId] }],
      [`5A ${tag}`, 'sections', { sectionIds: [sec.a] }],
      [`5B ${tag}`, 'sections', { sectionIds: [sec.b] }],
    ] as const) {
      const res = await publish(title, audience, extra);
      expect(res.status).toBe(201);
      expect(res.body.data.notice).toMatchObject({ title, audience, status: 'published' });
    }
    const titles = async (token: string) =>
      ((await t.call('GET', `${base()}?pageSize=200`, { token })).body.data.items as { title: string }[]).map((n) => n.title).filter((x) => x.endsWith(tag)).sort();
    expect(await titles(s.members.guardian.token)).toEqual([`5A ${tag}`, `class5 ${tag}`, `guardians ${tag}`, `school ${tag}`].sort());
    expect(await titles(s.members.teacher.token)).toEqual([`school ${tag}`, `staff ${tag}`].sort());
    expect(await titles(s.members.accountant.token)).toEqual([`school ${tag}`, `staff ${tag}`].sort());
    expect(await titles(s.members.office.token)).toHaveLength(7);
    const class6 = (await t.call('GET', `${base()}?pageSize=200`, { token: s.members.office.token })).body.data.items.find((n: { title: string }) => n.title === `class6 ${tag}`);
    expect(class6.targetNames).toEqual(['Class 6']);
    expect((await t.call('GET', `${base()}/${class6.id}`, { token: s.members.guardian.token })).status).toBe(404);
    expect((await t.call('GET', `${base()}/${class6.id}`, { token: s.members.teacher.token })).status).toBe(404);
    // Only the office and admins write; a class of another school is not found.
    expect((await t.call('POST', base(), { token: s.members.teacher.token, body: { title: 'x', body: 'y', audience: 'school' } })).status).toBe(403);
    const other = await createSchoolWithMembers(t);
    const otherSections = await addSections(t, other);
    expect((await publish('foreign', 'classes', { classIds: [otherSections.classId] })).status).toBe(404);
    const bad = await t.call('POST', base(), { token: s.members.office.token, body: { title: '', body: 'x', audience: 'classes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ title: 'Title is required', classIds: 'Choose at least one class' });
  });

  it('a draft with a PDF, published and e-mailed through the job queue; delivery and read receipts per recipient', async () => {
    const title = `Annual day ${uniq().slice(0, 6)}`;
    const draft = await t.call('POST', base(), { token: s.members.office.token, body: { title, body: 'The annual day is on 20 December.\n\nParents are welcome.', audience: 'classes', classIds: [sec.classId] } });
    expect(draft.status).toBe(201);
    const id = draft.body.data.notice.id;
    expect(draft.body.data.notice).toMatchObject({ status: 'draft', publishedAt: null, attachment: null });
    // Drafts are the office's: a guardian does not see one.
    expect((await t.call('GET', `${base()}/${id}`, { token: s.members.guardian.token })).status).toBe(404);

    const put = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const res = await fetch(`${t.baseUrl}/api/v1${base()}/${id}/attachment`, { method: 'PUT', headers: { authorization: `Bearer ${s.members.office.token}` }, body: form });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect((await put(Buffer.from('<script>alert(1)</script>'), 'circular.pdf')).body.error.code).toBe('ATTACHMENT_INVALID');
    expect((await put(Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]), 'big.pdf')).status).toBe(413);
    const attached = await put(PDF, 'Annual day.pdf');
    expect(attached.status).toBe(200);
    expect(attached.body.data.notice.attachment).toEqual({ name: 'Annual day.pdf', bytes: PDF.length });

    const published = await t.call('POST', `${base()}/${id}/publish`, { token: s.members.office.token });
    expect(published.status).toBe(200);
    expect(published.body.data.notice.status).toBe('published');
    expect((await t.call('POST', `${base()}/${id}/publish`, { token: s.members.office.token })).body.error.code).toBe('NOTICE_PUBLISHED');
    expect((await put(PDF, 'again.pdf')).body.error.code).toBe('NOTICE_PUBLISHED');

    // The job e-mails the guardian (the only recipient of a class notice) and records the delivery.
    const mail = await sink.waitFor(s.members.guardian.email, (m) => m.subject.includes(title), 15_000);
    expect(mail.text).toContain('Parents are welcome.');
    // The PDF goes with the e-mail, byte for byte; the link to the board stays in the body.
    expect(mail.text).toContain(`/workspace/${s.schoolId}/notices`);
    const attachments = attachmentsOf(mail.raw);
    expect(attachments).toEqual([{ filename: 'Annual day.pdf', contentType: 'application/pdf', content: expect.any(Buffer) }]);
    expect(attachments[0].content.equals(PDF)).toBe(true);
    const recipients = await until(
      () => t.call('GET', `${base()}/${id}/recipients`, { token: s.members.office.token }),
      (r) => r.body.data.items.every((x: { emailStatus: string }) => x.emailStatus !== 'pending'),
    );
    expect(recipients.body.data.items).toEqual([expect.objectContaining({ userId: s.members.guardian.id, role: 'guardian', emailStatus: 'sent', readAt: null })]);

    // The guardian reads it and downloads the PDF; the receipt shows to the office.
    const board = await t.call('GET', `${base()}?unread=true`, { token: s.members.guardian.token });
    expect(board.body.data.items.map((n: { id: string }) => n.id)).toContain(id);
    const unreadBefore = board.body.data.unread;
    const pdf = await fetch(`${t.baseUrl}/api/v1${base()}/${id}/attachment`, { headers: { authorization: `Bearer ${s.members.guardian.token}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    const read = await t.call('POST', `${base()}/${id}/read`, { token: s.members.guardian.token });
    expect(read.body.data.notice.readAt).toEqual(expect.any(String));
    const readAgain = await t.call('POST', `${base()}/${id}/read`, { token: s.members.guardian.token });
    expect(readAgain.body.data.notice.readAt).toBe(read.body.data.notice.readAt);
    expect((await t.call('GET', `${base()}?unread=true`, { token: s.members.guardian.token })).body.data.unread).toBe(unreadBefore - 1);
    const after = await t.call('GET', `${base()}/${id}`, { token: s.members.office.token });
    expect(after.body.data.notice.delivery).toEqual({ recipients: 1, read: 1, emailed: 1, emailFailed: 0, emailPending: 0 });
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND entity_id = $2 ORDER BY at, action`, [s.schoolId, id]);
    expect(audit.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['notice.created', 'notice.attached', 'notice.published', 'notice.emailed', 'notice.read']));
    // A published notice cannot be deleted; a draft can.
    expect((await t.call('DELETE', `${base()}/${id}`, { token: s.members.office.token })).body.error.code).toBe('NOTICE_PUBLISHED');
    const another = await t.call('POST', base(), { token: s.members.office.token, body: { title: 'Scrap', body: 'x', audience: 'staff' } });
    expect((await t.call('DELETE', `${base()}/${another.body.data.notice.id}`, { token: s.members.office.token })).body.data).toEqual({ removed: true });
  });

  it('a notice without a PDF is e-mailed without an attachment', async () => {
    const title = `Sports day ${uniq().slice(0, 6)}`;
    expect((await publish(title, 'classes', { classIds: [sec.classId], sendEmail: true })).status).toBe(201);
    const mail = await sink.waitFor(s.members.guardian.email, (m) => m.subject.includes(title), 15_000);
    expect(mail.text).toContain(`About ${title}.`);
    expect(mail.text).toContain(`/workspace/${s.schoolId}/notices`);
    expect(attachmentsOf(mail.raw)).toEqual([]);
    expect(mail.raw).not.toMatch(/application\/pdf/i);
  });

  it('a refused e-mail is recorded as failed for that recipient', async () => {
    sink.refuse = true;
    try {
      const res = await publish(`Refused ${uniq().slice(0, 6)}`, 'guardians', { sendEmail: true });
      const id = res.body.data.notice.id;
      const recipients = await until(
        () => t.call('GET', `${base()}/${id}/recipients`, { token: s.members.admin.token }),
        (r) => r.body.data.items.length > 0 && r.body.data.items.every((x: { emailStatus: string }) => x.emailStatus !== 'pending'),
      );
      expect(recipients.body.data.items.map((x: { emailStatus: string }) => x.emailStatus)).toEqual(['failed']);
    } finally {
      sink.refuse = false;
    }
  });
});
