import { CalendarService } from '../../src/modules/calendar/calendar.service';
import { addStudent } from '../guardians/guardians-support';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { runInSchool } from '../../src/common/request-context';

// ical.js ships ES module types; its CommonJS build is what Jest loads here.
type IcalModule = typeof import('ical.js', { with: { 'resolution-mode': 'import' } });
const ICAL = require('ical.js') as IcalModule['default'];

/** A class (with one section) of the school's current year, inserted directly. */
async function addClass(t: TestApp, schoolId: string, name: string): Promise<{ classId: string; sectionId: string }> {
  const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', $2) RETURNING id`, [schoolId, name]);
  const [s] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
  return { classId: c.id, sectionId: s.id };
}

describe('calendar: events, working days, the iCalendar feed', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let class6: string;
  let class7: string;
  let section6: string;
  let section7: string;

  beforeAll(async () => {
    t = await startTestApp({ APP_DOMAIN: 'vidyalaya.test' });
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    ({ classId: class6, sectionId: section6 } = await addClass(t, a.schoolId, 'Class 6'));
    ({ classId: class7, sectionId: section7 } = await addClass(t, a.schoolId, 'Class 7'));
  });
  afterAll(() => t.close());

  const post = (s: SchoolWithMembers, body: unknown, token = s.members.admin.token) => t.call('POST', `/schools/${s.schoolId}/calendar-events`, { token, body });

  it('an admin adds events; the answer is {event}; the list filters by range, kind and class; the audit log has them', async () => {
    const created = await post(a, { title: 'Independence Day', kind: 'holiday', startsOn: '2026-08-15' });
    expect(created.status).toBe(201);
    expect(created.body.data.event).toMatchObject({ title: 'Independence Day', kind: 'holiday', startsOn: '2026-08-15', endsOn: '2026-08-15', classIds: [] });
    expect((await post(a, { title: 'Monsoon break', kind: 'vacation', startsOn: '2026-08-03', endsOn: '2026-08-05' })).status).toBe(201);
    expect((await post(a, { title: 'Raksha Bandhan', kind: 'holiday', startsOn: '2026-08-28' }, a.members.office.token)).status).toBe(201);
    const trip = await post(a, { title: 'Class 6 trip', kind: 'holiday', startsOn: '2026-08-20', classIds: [class6] });
    expect(trip.body.data.event.classIds).toEqual([class6]);
    expect((await post(a, { title: 'Unit test 1', kind: 'exam', startsOn: '2026-08-10', endsOn: '2026-08-12' })).status).toBe(201);

    const teacher = a.members.teacher.token;
    const august = await t.call('GET', `/schools/${a.schoolId}/calendar-events?from=2026-08-01&to=2026-08-31`, { token: teacher });
    expect(august.status).toBe(200);
    expect(august.body.data.items.map((e: any) => e.title)).toEqual(['Monsoon break', 'Unit test 1', 'Independence Day', 'Class 6 trip', 'Raksha Bandhan']);
    expect(august.body.data).toMatchObject({ total: 5, page: 1, pageSize: 50 });
    const exams = await t.call('GET', `/schools/${a.schoolId}/calendar-events?kind=exam`, { token: teacher });
    expect(exams.body.data.items.map((e: any) => e.title)).toEqual(['Unit test 1']);
    const for7 = await t.call('GET', `/schools/${a.schoolId}/calendar-events?from=2026-08-01&to=2026-08-31&classId=${class7}`, { token: teacher });
    expect(for7.body.data.items.map((e: any) => e.title)).not.toContain('Class 6 trip');

    const audit = await t.db.query(`SELECT action FROM audit_log WHERE school_id = $1 AND entity_id = $2`, [a.schoolId, created.body.data.event.id]);
    expect(audit).toEqual([{ action: 'calendar_event.created' }]);
  });

  it('working days across August 2026: Sundays, second Saturdays, holidays, a vacation; a class’s own holiday', async () => {
    const admin = a.members.admin.token;
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-settings`, { token: admin })).body.data).toEqual({
      settings: { sundayHoliday: true, saturdaysOff: [] },
    });
    const put = await t.call('PUT', `/schools/${a.schoolId}/calendar-settings`, { token: admin, body: { sundayHoliday: true, saturdaysOff: [2] } });
    expect(put.status).toBe(200);
    expect(put.body.data.settings).toEqual({ sundayHoliday: true, saturdaysOff: [2] });

    // 31 days − 5 Sundays − the second Saturday (8th) − 15th, 28th − the 3-day break = 20.
    const res = await t.call('GET', `/schools/${a.schoolId}/calendar/working-days?from=2026-08-01&to=2026-08-31`, { token: a.members.teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(20);
    expect(res.body.data.days).toHaveLength(20);
    expect(res.body.data.holidays).toContainEqual({ date: '2026-08-08', name: 'Second Saturday' });
    expect(res.body.data.holidays).toContainEqual({ date: '2026-08-04', name: 'Monsoon break' });
    // Class 6 also has its trip on the 20th.
    const six = await t.call('GET', `/schools/${a.schoolId}/calendar/working-days?from=2026-08-01&to=2026-08-31&classId=${class6}`, { token: admin });
    expect(six.body.data.count).toBe(19);

    // The service other modules call gives the same answers.
    const service = t.app.get(CalendarService);
    expect(await runInSchool(a.schoolId, () => service.workingDays('2026-08-01', '2026-08-31'))).toHaveLength(20);
    expect(await runInSchool(a.schoolId, () => service.isHoliday('2026-08-15'))).toEqual({ holiday: true, name: 'Independence Day' });
    expect(await runInSchool(a.schoolId, () => service.isHoliday('2026-08-20', class6))).toEqual({ holiday: true, name: 'Class 6 trip' });
    expect(await runInSchool(a.schoolId, () => service.isHoliday('2026-08-20', class7))).toEqual({ holiday: false });
    expect(await runInSchool(a.schoolId, () => service.isHoliday('2026-08-16'))).toEqual({ holiday: true, name: 'Sunday' });
    // Another school's calendar is its own.
    expect(await runInSchool(b.schoolId, () => service.isHoliday('2026-08-15'))).toEqual({ holiday: false });
  });

  it('bad input: a clear message on the field, nothing stored', async () => {
    const before = await t.db.query(`SELECT count(*)::int AS n FROM calendar_events WHERE school_id = $1`, [a.schoolId]);
    const bad = await post(a, { title: '', kind: 'party', startsOn: '2026-08-15', endsOn: '2026-08-14' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details).toMatchObject({ title: 'Title is required', kind: 'Kind must be holiday, vacation, exam, event or term' });
    const backwards = await post(a, { title: 'Backwards', kind: 'holiday', startsOn: '2026-08-15', endsOn: '2026-08-14' });
    expect(backwards.body.error.details).toEqual({ endsOn: 'The end date must be on or after the start date' });
    const badSat = await t.call('PUT', `/schools/${a.schoolId}/calendar-settings`, { token: a.members.admin.token, body: { sundayHoliday: true, saturdaysOff: [6] } });
    expect(badSat.status).toBe(400);
    const after = await t.db.query(`SELECT count(*)::int AS n FROM calendar_events WHERE school_id = $1`, [a.schoolId]);
    expect(after[0].n).toBe(before[0].n);
  });

  it('PATCH and DELETE; a PATCH that would end before the start is refused', async () => {
    const { body } = await post(a, { title: 'Sports day', kind: 'event', startsOn: '2026-12-05' });
    const id = body.data.event.id;
    const url = `/schools/${a.schoolId}/calendar-events/${id}`;
    const admin = a.members.admin.token;
    const patched = await t.call('PATCH', url, { token: admin, body: { title: 'Annual sports day', endsOn: '2026-12-06' } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.event).toMatchObject({ title: 'Annual sports day', startsOn: '2026-12-05', endsOn: '2026-12-06' });
    const bad = await t.call('PATCH', url, { token: admin, body: { endsOn: '2026-12-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual({ endsOn: 'The end date must be on or after the start date' });
    expect((await t.call('DELETE', url, { token: admin })).body.data).toEqual({ deleted: true });
    expect((await t.call('GET', url, { token: admin })).status).toBe(404);
  });

  it('permissions: a teacher or guardian cannot edit (403); another school and its events answer 404', async () => {
    const { body } = await post(a, { title: 'Founders day', kind: 'event', startsOn: '2026-11-30' });
    const id = body.data.event.id;
    for (const role of ['teacher', 'guardian', 'accountant'] as const) {
      const res = await post(a, { title: 'x', kind: 'holiday', startsOn: '2026-09-01' }, a.members[role].token);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect((await t.call('PUT', `/schools/${a.schoolId}/calendar-settings`, { token: a.members.teacher.token, body: { sundayHoliday: false, saturdaysOff: [] } })).status).toBe(403);
    // The guardian reads the calendar.
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-events`, { token: a.members.guardian.token })).status).toBe(200);
    // School B's admin: A is not theirs; A's event through B is missing.
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-events`, { token: b.members.admin.token })).status).toBe(404);
    const viaB = await t.call('PATCH', `/schools/${b.schoolId}/calendar-events/${id}`, { token: b.members.admin.token, body: { title: 'Mine now' } });
    expect(viaB.status).toBe(404);
    const foreignClass = await post(b, { title: 'x', kind: 'holiday', startsOn: '2026-09-01', classIds: [class6] });
    expect(foreignClass.status).toBe(404);
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-events/${id}`, { token: a.members.admin.token })).body.data.event.title).toBe('Founders day');
  });

  it('the iCalendar feed: a secret address that parses back, rotatable, and nothing for a wrong token', async () => {
    const admin = a.members.admin.token;
    const title = `दीपावली, Diwali; ${uniq()} — a long title to make the line fold past seventy-five octets`;
    await post(a, { title, kind: 'holiday', startsOn: '2026-11-08', endsOn: '2026-11-10', description: 'Line one\nLine two' });
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-feed`, { token: a.members.teacher.token })).body.data).toEqual({ feed: { enabled: false, createdAt: null } });
    expect((await t.call('POST', `/schools/${a.schoolId}/calendar-feed/rotate`, { token: a.members.teacher.token })).status).toBe(403);

    const rotated = await t.call('POST', `/schools/${a.schoolId}/calendar-feed/rotate`, { token: admin });
    expect(rotated.status).toBe(200);
    const url = new URL(rotated.body.data.feed.url);
    expect(url.origin).toBe(`https://${a.subdomain}.vidyalaya.test`);
    const token = /\/api\/v1\/public\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url.pathname)![1];
    expect(token).toHaveLength(32 + 43);
    const [stored] = await t.db.query(`SELECT encode(feed_token_hash, 'hex') AS h FROM calendar_settings WHERE school_id = $1`, [a.schoolId]);
    expect(stored.h).toHaveLength(64);
    expect(stored.h).not.toContain(token);

    const res = await fetch(`${t.baseUrl}${url.pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const diwali = events.find((e) => e.summary === title)!;
    expect(diwali).toBeDefined();
    expect(diwali.startDate.isDate).toBe(true);
    expect(diwali.startDate.toString()).toBe('2026-11-08');
    expect(diwali.endDate.toString()).toBe('2026-11-11'); // DTEND is the day after the last day
    expect(diwali.description).toBe('Line one\nLine two');
    expect(events.map((e) => e.summary)).toContain('Independence Day');
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);

    // Rotating again: the old address stops working.
    const again = await t.call('POST', `/schools/${a.schoolId}/calendar-feed/rotate`, { token: admin });
    expect(again.body.data.feed.url).not.toBe(rotated.body.data.feed.url);
    expect((await fetch(`${t.baseUrl}${url.pathname}`)).status).toBe(404);
    expect((await fetch(new URL(again.body.data.feed.url).pathname.replace(/^/, t.baseUrl))).status).toBe(200);
    // Malformed, or another school's prefix with this secret: 404.
    expect((await fetch(`${t.baseUrl}/api/v1/public/calendar/nothing.ics`)).status).toBe(404);
    const forged = b.schoolId.replace(/-/g, '') + token.slice(32);
    expect((await fetch(`${t.baseUrl}/api/v1/public/calendar/${forged}.ics`)).status).toBe(404);
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-feed`, { token: a.members.guardian.token })).body.data.feed.enabled).toBe(true);
  });

  it('events for some classes: a guardian sees the whole school’s and their child’s classes’ only; a teacher’s “mine” list the same for their sections; in-place edits are audited', async () => {
    const admin = a.members.admin.token;
    const six = await post(a, { title: `Class 6 picnic ${uniq()}`, kind: 'event', startsOn: '2027-01-12', classIds: [class6] });
    const seven = await post(a, { title: `Class 7 science fair ${uniq()}`, kind: 'event', startsOn: '2027-01-14', classIds: [class7] });
    const all = await post(a, { title: `Republic Day ${uniq()}`, kind: 'holiday', startsOn: '2027-01-26' });
    expect([six.status, seven.status, all.status]).toEqual([201, 201, 201]);
    const titles = async (token: string, query = '') =>
      (await t.call('GET', `/schools/${a.schoolId}/calendar-events?from=2027-01-01&to=2027-01-31${query}`, { token })).body.data.items.map((e: any) => e.title);

    // The admin sees everything; a class filter keeps the whole school's events.
    expect(await titles(admin)).toEqual([six, seven, all].map((r) => r.body.data.event.title));
    expect(await titles(admin, `&classId=${class7}`)).toEqual([seven, all].map((r) => r.body.data.event.title));

    // The guardian's child is in Class 6.
    const child = await addStudent(t, a, section6, 'Calendarchild', null);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, child.id, a.members.guardian.id]);
    const guardian = a.members.guardian.token;
    expect(await titles(guardian)).toEqual([six, all].map((r) => r.body.data.event.title));
    expect(await titles(guardian, '&mine=false')).toEqual([six, all].map((r) => r.body.data.event.title));
    const other = await t.call('GET', `/schools/${a.schoolId}/calendar-events/${seven.body.data.event.id}`, { token: guardian });
    expect(other.status).toBe(404);
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-events/${six.body.data.event.id}`, { token: guardian })).status).toBe(200);

    // The teacher is class teacher of Class 7 A: "mine" shows Class 7's and the whole school's.
    const staff = await t.call('POST', `/schools/${a.schoolId}/staff`, { token: admin, body: { employeeCode: `C${uniq().slice(0, 8)}`, name: 'Kavita Rao', userId: a.members.teacher.id } });
    expect(staff.status).toBe(201);
    expect((await t.call('PUT', `/schools/${a.schoolId}/sections/${section7}/class-teacher`, { token: admin, body: { staffId: staff.body.data.staff.id } })).status).toBe(200);
    const teacher = a.members.teacher.token;
    expect(await titles(teacher, '&mine=true')).toEqual([seven, all].map((r) => r.body.data.event.title));
    expect(await titles(teacher)).toHaveLength(3);
    expect(await titles(a.members.office.token, '&mine=true')).toEqual([all.body.data.event.title]);
    expect((await t.call('GET', `/schools/${a.schoolId}/calendar-events?mine=yes`, { token: teacher })).status).toBe(400);

    // Editing in place: the picnic moves to Class 7 and another day; the guardian no longer sees it. Audited before and after.
    const id = six.body.data.event.id;
    const moved = await t.call('PATCH', `/schools/${a.schoolId}/calendar-events/${id}`, { token: admin, body: { startsOn: '2027-01-15', endsOn: '2027-01-15', classIds: [class7] } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.event).toMatchObject({ startsOn: '2027-01-15', classIds: [class7] });
    expect(await titles(guardian)).toEqual([all.body.data.event.title]);
    const [audit] = await t.db.query(`SELECT before, after FROM audit_log WHERE school_id = $1 AND entity_id = $2 AND action = 'calendar_event.updated'`, [a.schoolId, id]);
    expect(audit.before).toMatchObject({ startsOn: '2027-01-12', classIds: [class6] });
    expect(audit.after).toMatchObject({ startsOn: '2027-01-15', classIds: [class7] });
    // Back to the whole school: everyone sees it again.
    expect((await t.call('PATCH', `/schools/${a.schoolId}/calendar-events/${id}`, { token: admin, body: { classIds: [] } })).body.data.event.classIds).toEqual([]);
    expect(await titles(guardian)).toHaveLength(2);
    await t.db.query(`DELETE FROM student_guardian_users WHERE school_id = $1 AND user_id = $2`, [a.schoolId, a.members.guardian.id]);
  });
});
