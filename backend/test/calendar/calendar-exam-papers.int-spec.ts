import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

// ical.js ships ES module types; its CommonJS build is what Jest loads here.
type IcalModule = typeof import('ical.js', { with: { 'resolution-mode': 'import' } });
const ICAL = require('ical.js') as IcalModule['default'];

/**
 * Exam days on the calendar: the exams module's date sheets reach the calendar's month view
 * (GET …/calendar/exam-papers) and its iCalendar feed, through the `CalendarExamPapers` provider.
 */
describe('calendar: exam papers from the date sheets', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let class7: string;
  let class8: string;
  let subjects: Record<string, string>;
  let examId: string;

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;

  beforeAll(async () => {
    t = await startTestApp({ APP_DOMAIN: 'vidyalaya.test' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const rows: { id: string; code: string }[] = await t.db.query(`SELECT id, code FROM global_subjects WHERE code IN ('MATH', 'ENG')`);
    subjects = Object.fromEntries(rows.map((r) => [r.code, r.id]));
    const ids: string[] = [];
    for (const name of ['Class 7', 'Class 8']) {
      const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [a.schoolId, name]);
      await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A')`, [c.id]);
      for (const id of Object.values(subjects)) await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, id]);
      ids.push(c.id);
    }
    [class7, class8] = ids as [string, string];
    const token = a.members.admin.token;
    const exam = await t.call('POST', url('/exams'), {
      token,
      body: { name: 'Half-yearly', academicYear: '2026-27', classIds: [class7, class8], components: [{ name: 'Written', maxMarks: 80 }] },
    });
    expect(exam.status).toBe(201);
    examId = exam.body.data.exam.id;
    const sheet = await t.call('PUT', url(`/exams/${examId}/date-sheet`), {
      token,
      body: {
        papers: [
          { classId: class7, subjectId: subjects.MATH, date: '2026-09-14', startsAt: '09:30', endsAt: '12:30' },
          { classId: class7, subjectId: subjects.ENG, date: '2026-09-16', startsAt: '09:30', endsAt: '12:30' },
          { classId: class8, subjectId: subjects.MATH, date: '2026-09-15', startsAt: '10:00', endsAt: '13:00' },
          { classId: class8, subjectId: subjects.ENG, date: '2026-10-01', startsAt: '10:00', endsAt: '13:00' },
        ],
      },
    });
    expect(sheet.status).toBe(200);
  });
  afterAll(() => t.close());

  it('the month view’s papers: class, subject, date and time, in date order, for a range and a class', async () => {
    const res = await t.call('GET', url('/calendar/exam-papers?from=2026-09-01&to=2026-09-30'), { token: a.members.teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([
      { examId, examName: 'Half-yearly', classId: class7, className: 'Class 7', subjectId: subjects.MATH, subjectName: expect.any(String), date: '2026-09-14', startsAt: '09:30', endsAt: '12:30' },
      { examId, examName: 'Half-yearly', classId: class8, className: 'Class 8', subjectId: subjects.MATH, subjectName: expect.any(String), date: '2026-09-15', startsAt: '10:00', endsAt: '13:00' },
      { examId, examName: 'Half-yearly', classId: class7, className: 'Class 7', subjectId: subjects.ENG, subjectName: expect.any(String), date: '2026-09-16', startsAt: '09:30', endsAt: '12:30' },
    ]);
    const eight = await t.call('GET', url(`/calendar/exam-papers?from=2026-09-01&to=2026-10-31&classId=${class8}`), { token: a.members.admin.token });
    expect(eight.body.data.items.map((p: any) => p.date)).toEqual(['2026-09-15', '2026-10-01']);

    // Changing the date sheet changes the calendar.
    const token = a.members.admin.token;
    await t.call('PUT', url(`/exams/${examId}/date-sheet`), {
      token,
      body: { papers: [{ classId: class7, subjectId: subjects.MATH, date: '2026-09-21', startsAt: '09:30', endsAt: '12:30' }] },
    });
    const after = await t.call('GET', url('/calendar/exam-papers?from=2026-09-01&to=2026-09-30'), { token });
    expect(after.body.data.items.map((p: any) => `${p.className} ${p.date}`)).toEqual(['Class 7 2026-09-21']);
    await t.call('PUT', url(`/exams/${examId}/date-sheet`), {
      token,
      body: {
        papers: [
          { classId: class7, subjectId: subjects.MATH, date: '2026-09-14', startsAt: '09:30', endsAt: '12:30' },
          { classId: class8, subjectId: subjects.MATH, date: '2026-09-15', startsAt: '10:00', endsAt: '13:00' },
        ],
      },
    });
  });

  it('bad ranges are refused with a message; another school sees none of them; its class is 404', async () => {
    const bad = await t.call('GET', url('/calendar/exam-papers?from=2026-09-30&to=2026-09-01'), { token: a.members.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.to).toBeTruthy();
    const other = await t.call('GET', url('/calendar/exam-papers?from=2026-09-01&to=2026-09-30', b), { token: b.members.admin.token });
    expect(other.status).toBe(200);
    expect(other.body.data.items).toEqual([]);
    const foreign = await t.call('GET', url(`/calendar/exam-papers?from=2026-09-01&to=2026-09-30&classId=${class7}`, b), { token: b.members.admin.token });
    expect(foreign.status).toBe(404);
  });

  it('the iCalendar feed has each paper as a timed event in IST', async () => {
    const rotated = await t.call('POST', url('/calendar-feed/rotate'), { token: a.members.admin.token });
    expect(rotated.status).toBe(200);
    const path = new URL(rotated.body.data.feed.url).pathname;
    const res = await fetch(`${t.baseUrl}${path}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const papers = events.filter((e) => e.summary.startsWith('Half-yearly: '));
    expect(papers.map((e) => e.summary.slice(0, 'Half-yearly: Class 7'.length)).sort()).toEqual(['Half-yearly: Class 7', 'Half-yearly: Class 8']);
    const seven = papers.find((e) => e.summary.startsWith('Half-yearly: Class 7'))!;
    expect(seven.startDate.isDate).toBe(false);
    // 09:30 IST is 04:00 UTC.
    expect(seven.startDate.toJSDate().toISOString()).toBe('2026-09-14T04:00:00.000Z');
    expect(seven.endDate.toJSDate().toISOString()).toBe('2026-09-14T07:00:00.000Z');
    expect(seven.description).toContain('09:30–12:30 IST');
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('?classId= narrows the feed to the whole school’s events and that class’s events and papers; a malformed, unknown or other school’s class is 404 like an unknown token', async () => {
    const token = a.members.admin.token;
    const add = async (title: string, startsOn: string, classIds: string[] = []) =>
      expect((await t.call('POST', url('/calendar-events'), { token, body: { title, kind: 'event', startsOn, classIds } })).status).toBe(201);
    await add('Sports day', '2026-09-05');
    await add('Class 7 picnic', '2026-09-06', [class7]);
    await add('Class 8 museum visit', '2026-09-07', [class8]);
    await add('Science fair for 7 and 8', '2026-09-08', [class7, class8]);
    const rotated = await t.call('POST', url('/calendar-feed/rotate'), { token });
    const path = new URL(rotated.body.data.feed.url).pathname;
    const summaries = async (query: string) => {
      const res = await fetch(`${t.baseUrl}${path}${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      const cal = new ICAL.Component(ICAL.parse(await res.text()));
      return { name: cal.getFirstPropertyValue('x-wr-calname'), events: cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary).sort() };
    };

    // Without a class: every class's events and papers.
    const all = await summaries('');
    expect(all.events).toEqual(
      expect.arrayContaining(['Sports day', 'Class 7 picnic', 'Class 8 museum visit', 'Science fair for 7 and 8', expect.stringMatching(/^Half-yearly: Class 7 /), expect.stringMatching(/^Half-yearly: Class 8 /)]),
    );

    const seven = await summaries(`?classId=${class7}`);
    expect(seven.events.filter((e) => !e.startsWith('Half-yearly: '))).toEqual(['Class 7 picnic', 'Science fair for 7 and 8', 'Sports day']);
    const papers7 = seven.events.filter((e) => e.startsWith('Half-yearly: '));
    expect(papers7.length).toBeGreaterThan(0);
    expect(papers7.every((e) => e.startsWith('Half-yearly: Class 7 '))).toBe(true);
    expect(seven.name).toMatch(/: Class 7$/);

    const eight = await summaries(`?classId=${class8}`);
    expect(eight.events.filter((e) => !e.startsWith('Half-yearly: '))).toEqual(['Class 8 museum visit', 'Science fair for 7 and 8', 'Sports day']);
    expect(eight.events.filter((e) => e.startsWith('Half-yearly: ')).every((e) => e.startsWith('Half-yearly: Class 8 '))).toBe(true);
    // An empty classId is no class (the whole feed).
    expect((await summaries('?classId=')).events).toEqual(all.events);

    // Another school's class, an unknown id, a malformed one: the same 404 as an unknown token.
    const [other] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 7') RETURNING id`, [b.schoolId]);
    const unknownToken = await fetch(`${t.baseUrl}/api/v1/public/calendar/nothing.ics`);
    const notFound = await unknownToken.json();
    expect(unknownToken.status).toBe(404);
    for (const classId of [other.id, '00000000-0000-4000-8000-000000000001', 'not-a-class', "7' OR 1=1"]) {
      const res = await fetch(`${t.baseUrl}${path}?classId=${encodeURIComponent(classId)}`);
      expect({ classId, status: res.status, body: await res.json() }).toEqual({ classId, status: 404, body: notFound });
    }
    // A wrong token with a real class: still 404.
    const forged = `${path.slice(0, -'.ics'.length - 5)}AAAAA.ics`;
    expect((await fetch(`${t.baseUrl}${forged}?classId=${class7}`)).status).toBe(404);
  });
});
