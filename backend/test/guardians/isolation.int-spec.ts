import { randomUUID } from 'node:crypto';
import { addSections, type Sections } from '../students/students-support';
import { appRoutes } from '../support/app-routes';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { addStudent } from './guardians-support';

const WORKSPACE = /^\/api\/v1\/schools\/:schoolId(\/|$)/;
/** A past weekday for `:date` parameters, and the queries reads may need. */
const PAST_SCHOOL_DAY = '2026-11-02';
const QUERIES = ['month=2026-11', 'academicYear=2026-27', 'date=2026-11-02', 'asOf=2026-11-02'];

/**
 * Whether `text` holds `secret` as a whole word: the admission number "0002" is also a group of a
 * random UUID ("…-0002-…") or a longer number, and CI once read such an id as a leak.
 */
function showsWhole(text: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z-])${escaped}(?![0-9A-Za-z-])`).test(text);
}

/**
 * Isolation by construction (issue 19 item 2): every workspace route, called by a guardian with the
 * ids of another child's records (the child, its section and class, a notice for its class, its
 * data request), never answers anything of that child; each such id answers 403 or 404. New
 * modules' routes join this test by themselves (the routes are read from the running app).
 */
describe('a guardian sees nothing of another child, on every workspace route', () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  let sec: Sections;
  let mine: { id: string; name: string };
  let other: { id: string; name: string; admissionNumber: string };
  let noticeTitle: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    s = await createSchoolWithMembers(t);
    sec = await addSections(t, s);
    mine = await addStudent(t, s, sec.a, 'Mychild', null);
    other = await addStudent(t, s, sec.c, `Otherchild${uniq().slice(0, 5)}`, `other-${uniq()}@example.test`);
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [s.schoolId, mine.id, s.members.guardian.id]);
    noticeTitle = `Class six trip ${uniq()}`;
    const notice = await t.call('POST', `/schools/${s.schoolId}/notices`, {
      token: s.members.office.token,
      body: { title: noticeTitle, body: 'Bring a packed lunch.', audience: 'classes', classIds: [sec.otherClassId], publish: true, sendEmail: false },
    });
    expect(notice.status).toBe(201);
    const request = await t.call('POST', `/schools/${s.schoolId}/students/${other.id}/data-requests`, {
      token: s.members.admin.token,
      body: { kind: 'correction', field: 'dateOfBirth', message: `Otherchild's birthday is wrong` },
    });
    expect(request.status).toBe(201);
    const consent = await t.call('POST', `/schools/${s.schoolId}/students/${other.id}/consents`, { token: s.members.office.token, body: { kind: 'photo', status: 'withdrawn' } });
    expect(consent.status).toBe(201);
    ids = {
      studentId: other.id,
      sectionId: sec.c,
      classId: sec.otherClassId,
      noticeId: notice.body.data.notice.id,
      requestId: request.body.data.request.id,
      userId: s.members.office.id,
    };
  });
  afterAll(() => t.close());

  it('each route with the other child’s ids: never 2xx with its data; its ids answer 403 or 404', async () => {
    const routes = appRoutes(t).filter((r) => WORKSPACE.test(r.path));
    const leaks: string[] = [];
    const reachedOtherChild: string[] = [];
    const secrets = [other.id, other.name.split(' ')[1], other.admissionNumber, noticeTitle, ids.requestId];
    for (const route of routes) {
      const named = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((p) => p !== 'schoolId');
      const path = route.path
        .replace(/^\/api\/v1/, '')
        .replace(':schoolId', s.schoolId)
        .replace(/:(\w+)/g, (_, p: string) => (p === 'date' ? PAST_SCHOOL_DAY : (ids[p] ?? randomUUID())));
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      let res = await t.call(route.method, path, { token: s.members.guardian.token, body });
      // A read that needs a query (a register's month, a report card's year) is asked again with it:
      // the access check must refuse the other child's ids, not only the query's validation.
      for (const query of QUERIES) {
        if (route.method !== 'GET' || res.status !== 400) break;
        res = await t.call('GET', `${path}?${query}`, { token: s.members.guardian.token });
      }
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      if (res.status >= 200 && res.status < 300) {
        for (const secret of secrets) if (showsWhole(text, secret)) leaks.push(`${route.method} ${route.path} shows ${secret}`);
        if (named.some((p) => p in ids)) reachedOtherChild.push(`${route.method} ${route.path}: ${res.status}`);
      }
      // A read naming the other child's records is refused as forbidden or not found, never a validation answer.
      if (route.method === 'GET' && named.some((p) => p in ids) && ![403, 404].includes(res.status)) reachedOtherChild.push(`${route.method} ${route.path}: ${res.status}`);
    }
    expect(leaks).toEqual([]);
    expect(reachedOtherChild).toEqual([]);
  });

  it('lists and filters: only the guardian’s own child, whatever the query asks', async () => {
    const token = s.members.guardian.token;
    const base = `/schools/${s.schoolId}`;
    const search = await t.call('GET', `${base}/students?search=${encodeURIComponent(other.name.split(' ')[0])}&status=all`, { token });
    expect(search.body.data.items).toEqual([]);
    expect((await t.call('GET', `${base}/students?classId=${sec.otherClassId}`, { token })).status).toBe(200);
    expect((await t.call('GET', `${base}/students?pageSize=200&status=all`, { token })).body.data.items.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect((await t.call('GET', `${base}/consents`, { token })).body.data.items).toEqual([]);
    expect((await t.call('GET', `${base}/data-requests?status=all`, { token })).body.data.items).toEqual([]);
    expect((await t.call('GET', `${base}/notices`, { token })).body.data.items.map((n: { title: string }) => n.title)).not.toContain(noticeTitle);
    // Their own child: the record, its data rights and its section's timetable.
    expect((await t.call('GET', `${base}/students/${mine.id}`, { token })).status).toBe(200);
    expect((await t.call('GET', `${base}/students/${mine.id}/data-rights`, { token })).status).toBe(200);
    expect((await t.call('GET', `${base}/sections/${sec.a}/timetable`, { token })).status).toBe(200);
    // The office sees both.
    expect((await t.call('GET', `${base}/consents?status=withdrawn`, { token: s.members.office.token })).body.data.items).toEqual([
      expect.objectContaining({ studentId: other.id, kind: 'photo', status: 'withdrawn', source: 'school' }),
    ]);
  });
});
