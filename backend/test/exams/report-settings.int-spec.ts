import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { pdfText } from './pdf-text';

/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The report-card settings: the school's logo on the card's header, and "show ranks" in results and on cards. */
describe('exams: the school’s logo and the show-ranks setting', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let examId: string;
  let sectionId: string;
  let asha: string;

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const admin = () => a.members.admin.token;

  async function upload(path: string, token: string, bytes: Buffer, name = 'logo.png', type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${t.baseUrl}/api/v1${path}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function card(): Promise<Buffer> {
    const res = await fetch(`${t.baseUrl}/api/v1${url(`/students/${asha}/report-card?academicYear=2026-27`)}`, { headers: { authorization: `Bearer ${admin()}` } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }
  const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');

  beforeAll(async () => {
    t = await startTestApp();
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 7') RETURNING id`, [a.schoolId]);
    const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    const [{ id: math }] = await t.db.query(`SELECT id FROM global_subjects WHERE code = 'MATH'`);
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, math]);
    sectionId = s.id;
    const ids: string[] = [];
    for (const [firstName, rollNumber] of [['Asha', 1], ['Ravi', 2]] as const) {
      const st = await t.call('POST', url('/students'), {
        token: admin(),
        body: { firstName, lastName: 'Verma', dateOfBirth: '2014-06-02', gender: 'female', sectionId, rollNumber, guardians: [{ name: 'Mother', relation: 'mother', phone: '9876543210' }] },
      });
      expect(st.status).toBe(201);
      ids.push(st.body.data.student.id);
    }
    asha = ids[0]!;
    const exam = await t.call('POST', url('/exams'), { token: admin(), body: { name: 'Term 1', academicYear: '2026-27', classIds: [c.id], components: [{ name: 'Written', maxMarks: 100 }] } });
    examId = exam.body.data.exam.id;
    const marks = await t.call('PUT', url(`/exams/${examId}/marks`), {
      token: admin(),
      body: { sectionId, subjectId: math, marks: [{ studentId: ids[0], component: 'Written', marks: 70 }, { studentId: ids[1], component: 'Written', marks: 90 }] },
    });
    expect(marks.status).toBe(200);
    expect((await t.call('POST', url(`/exams/${examId}/publish`), { token: admin() })).status).toBe(200);
  });
  afterAll(() => t.close());

  it('by default: ranks shown, no logo; the card has no image', async () => {
    expect((await t.call('GET', url('/report-settings'), { token: a.members.teacher.token })).body.data).toEqual({ settings: { showRanks: true, hasLogo: false } });
    const results = await t.call('GET', url(`/exams/${examId}/results?sectionId=${sectionId}`), { token: admin() });
    expect(results.body.data.results.students.map((s: any) => s.rank)).toEqual([2, 1]);
    const pdf = await card();
    expect(hasImage(pdf)).toBe(false);
    expect(await pdfText(pdf)).toContain('Rank');
  });

  it('the logo: admin only, PNG or JPEG by its bytes, at most 256 KB; audited; printed on the card; removable', async () => {
    expect((await upload(url('/logo'), a.members.teacher.token, PNG)).status).toBe(403);
    const text = await upload(url('/logo'), admin(), Buffer.from('not an image'), 'logo.png');
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('LOGO_INVALID');
    expect(text.body.error.message).toBe('Upload the logo as a PNG or JPEG image of at most 256 KB.');
    const big = await upload(url('/logo'), admin(), Buffer.concat([PNG, Buffer.alloc(300 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const notMultipart = await t.call('PUT', url('/logo'), { token: admin(), body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect((await t.call('GET', url('/report-settings'), { token: admin() })).body.data.settings.hasLogo).toBe(false);

    const ok = await upload(url('/logo'), admin(), PNG);
    expect(ok.status).toBe(200);
    expect(ok.body.data.settings).toEqual({ showRanks: true, hasLogo: true });
    const [audit] = await t.db.query(`SELECT after FROM audit_log WHERE school_id = $1 AND action = 'school_logo.set'`, [a.schoolId]);
    expect(audit.after).toEqual({ contentType: 'image/png', bytes: PNG.length });
    expect(hasImage(await card())).toBe(true);
    // Another school has none; removing nothing changes nothing.
    const nothing = await t.call('DELETE', url('/logo', b), { token: b.members.admin.token });
    expect([nothing.status, nothing.body]).toEqual([200, expect.objectContaining({ data: { settings: { showRanks: true, hasLogo: false } } })]);
    expect((await t.call('GET', url('/report-settings', b), { token: b.members.admin.token })).body.data.settings.hasLogo).toBe(false);

    const removed = await t.call('DELETE', url('/logo'), { token: admin() });
    expect(removed.status).toBe(200);
    expect(removed.body.data.settings.hasLogo).toBe(false);
    expect(hasImage(await card())).toBe(false);
  });

  it('issue 33 row 5: a corrupt logo (a PNG signature and zeros, a cut JPEG) is refused 400; one already stored is left off the card, which still answers 200', async () => {
    const zeros = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(2048)]);
    for (const bad of [zeros, PNG.subarray(0, PNG.length - 5), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 0, 0, 0, 0, 0, 0xff, 0xd9])]) {
      const res = await upload(url('/logo'), admin(), bad);
      expect([res.status, res.body.error.code]).toEqual([400, 'LOGO_INVALID']);
    }
    expect((await t.call('GET', url('/report-settings'), { token: admin() })).body.data.settings.hasLogo).toBe(false);
    // Stored before this check existed: the card is drawn without it.
    await t.db.query(
      `INSERT INTO school_report_settings (school_id, logo, logo_type, updated_at) VALUES ($1, $2, 'image/png', now())
       ON CONFLICT (school_id) DO UPDATE SET logo = EXCLUDED.logo, logo_type = EXCLUDED.logo_type`,
      [a.schoolId, zeros],
    );
    const pdf = await card();
    expect(hasImage(pdf)).toBe(false);
    expect(await pdfText(pdf)).toContain('Rank');
    await t.db.query(`UPDATE school_report_settings SET logo = NULL, logo_type = NULL WHERE school_id = $1`, [a.schoolId]);
  });

  it('GET …/logo: exactly the stored bytes and type, no-cache; 404 without one; readers of report settings only; another school’s member gets 404', async () => {
    const getLogo = async (token: string, s: SchoolWithMembers = a) => {
      const res = await fetch(`${t.baseUrl}/api/v1${url('/logo', s)}`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes, json: () => JSON.parse(bytes.toString('utf8')) };
    };
    const none = await getLogo(admin());
    expect(none.status).toBe(404);
    expect(none.json().error.code).toBe('NOT_FOUND');

    expect((await upload(url('/logo'), admin(), PNG)).status).toBe(200);
    const png = await getLogo(admin());
    expect([png.status, png.type, png.cache]).toEqual([200, 'image/png', 'private, no-cache']);
    expect(png.bytes.equals(PNG)).toBe(true);
    // The type comes from the bytes, not from what the upload said it was.
    // A 4×4 baseline JPEG (a whole image: logos are checked whole, issue 33 row 5).
    const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAQABAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APYKAP8A/9k=', 'base64');
    expect((await upload(url('/logo'), admin(), JPEG, 'crest.png', 'image/png')).status).toBe(200);
    const jpeg = await getLogo(admin());
    expect([jpeg.status, jpeg.type]).toEqual([200, 'image/jpeg']);
    expect(jpeg.bytes.equals(JPEG)).toBe(true);

    // Whoever may read the report settings may read the logo: the guardian too, with the same answer as for report-settings.
    for (const who of ['teacher', 'office', 'guardian'] as const) {
      const settings = await t.call('GET', url('/report-settings'), { token: a.members[who].token });
      const logo = await getLogo(a.members[who].token);
      expect({ who, logo: logo.status }).toEqual({ who, logo: settings.status });
      expect(logo.bytes.equals(JPEG)).toBe(true);
    }
    const accountant = await getLogo(a.members.accountant.token);
    expect(accountant.status).toBe((await t.call('GET', url('/report-settings'), { token: a.members.accountant.token })).status);
    expect([accountant.status, accountant.json().error.code]).toEqual([403, 'FORBIDDEN']);
    // Another school's admin, and a signed-in outsider, get the same 404 as for a school that does not exist.
    const missing = await t.call('GET', `/schools/00000000-0000-4000-8000-000000000000/logo`, { token: b.members.admin.token });
    for (const token of [b.members.admin.token, a.outsider.token]) {
      const foreign = await getLogo(token);
      expect([foreign.status, foreign.json()]).toEqual([404, missing.body]);
      expect(foreign.json().error.code).toBe('SCHOOL_NOT_FOUND');
    }
    // School B has no logo of its own; A's is not served there.
    expect((await getLogo(b.members.admin.token, b)).status).toBe(404);

    expect((await t.call('DELETE', url('/logo'), { token: admin() })).status).toBe(200);
    const gone = await getLogo(admin());
    expect([gone.status, gone.json().error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('show ranks off: results and report cards without ranks (an explicit ?ranks=true still asks); bad input refused', async () => {
    expect((await t.call('PUT', url('/report-settings'), { token: a.members.teacher.token, body: { showRanks: false } })).status).toBe(403);
    const bad = await t.call('PUT', url('/report-settings'), { token: admin(), body: { showRanks: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.showRanks).toBe('showRanks must be true or false');

    const off = await t.call('PUT', url('/report-settings'), { token: admin(), body: { showRanks: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.settings).toEqual({ showRanks: false, hasLogo: false });
    const [audit] = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND action = 'report_settings.updated'`, [a.schoolId]);
    expect(audit).toEqual({ before: { showRanks: true }, after: { showRanks: false } });

    const results = await t.call('GET', url(`/exams/${examId}/results?sectionId=${sectionId}`), { token: admin() });
    expect(results.body.data.results.students.map((s: any) => s.rank)).toEqual([null, null]);
    const asked = await t.call('GET', url(`/exams/${examId}/results?sectionId=${sectionId}&ranks=true`), { token: admin() });
    expect(asked.body.data.results.students.map((s: any) => s.rank)).toEqual([2, 1]);
    expect(await pdfText(await card())).not.toContain('Rank');
    const mine = await t.call('GET', url(`/students/${asha}/results`), { token: admin() });
    expect(mine.body.data.results.map((r: any) => r.rank)).toEqual([null]);
  });
});
