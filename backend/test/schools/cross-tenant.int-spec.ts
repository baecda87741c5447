import { randomUUID } from 'node:crypto';
import { DOMAIN_MODULES } from '../../src/app.module';
import { routeTable } from '../../src/common/route-table';
import { createUserWithToken, startTestApp, type TestApp } from '../support/app';
import { createSchool, schoolPayload, YEAR } from './fixtures';

/**
 * DECISIONS "Every /school/* call checks that the school belongs to the caller: another school's
 * id answers 404 exactly as a missing one does." Administrator B, who has a school of their own,
 * calls every school endpoint with administrator A's ids; each answer must equal the answer for a
 * random id that exists nowhere, and A's data must be the same afterwards.
 *
 * The routes come from the app (every route whose decision is the owned school, and every staff
 * route); this file only says how to call each one. A new owned-school route without its calls here
 * fails the first test.
 */
const ROUTES = routeTable(DOMAIN_MODULES);
const OWNED_SCHOOL_ROUTES = ROUTES.filter((r) => r.decision === 'owned-school');
const STAFF_ROUTES = ROUTES.filter((r) => r.decision === 'staff-only');
/** Put the id in every path parameter (the school id is the only one of an owned-school route). */
const fill = (path: string, id: string) => path.replace(/:\w+/g, id);

/** How to call each owned-school route for a school id: one or more calls (query and body). */
const CALLS: Record<string, (schoolId: string) => { query?: string; body?: unknown }[]> = {
  'PATCH /school/:id': () => [{ body: schoolPayload({ name: 'Taken Over' }) }],
  'PATCH /school/:id/plan': () => [{ body: { planType: 'free_trial' } }],
  'POST /school/classes': (schoolId) => [{ body: { schoolId, academicYear: YEAR, classes: ['Class 3'] } }],
  'POST /school/sections': (schoolId) => [{ body: { schoolId, academicYear: YEAR, sections: [{ className: 'Class 1', sectionNames: ['Z'] }] } }],
  'POST /school/subjects': (schoolId) => [{ body: { schoolId, academicYear: YEAR, classSubjects: [{ className: 'Class 1', subjectNames: ['Hindi'] }] } }],
  'GET /school/classes-sections/:schoolId': () => [{}, { query: `?academicYear=${YEAR}` }],
  'GET /school/subjects': (schoolId) => [{ query: `?schoolId=${schoolId}` }, { query: `?schoolId=${schoolId}&academicYear=${YEAR}` }],
};
describe('DECISIONS tenancy: the cross-tenant matrix', () => {
  let t: TestApp;
  let a: { token: string };
  let b: { token: string };
  let schoolA: Record<string, any>;
  let schoolB: Record<string, any>;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createUserWithToken(t, 'admin');
    b = await createUserWithToken(t, 'admin');
    schoolA = await createSchool(t, a.token);
    schoolB = await createSchool(t, b.token);
    const as = (path: string, body: unknown) => t.call('POST', path, { token: a.token, body });
    await as('/school/classes', { schoolId: schoolA.id, academicYear: YEAR, classes: ['Class 1', 'Class 2'] });
    await as('/school/sections', { schoolId: schoolA.id, academicYear: YEAR, sections: [{ className: 'Class 1', sectionNames: ['A'] }] });
    await as('/school/subjects', { schoolId: schoolA.id, academicYear: YEAR, classSubjects: [{ className: 'Class 1', subjectNames: ['English'] }] });
  });
  afterAll(() => t.close());

  /** Every school-scoped call, for a given school id. */
  const matrix = (schoolId: string) =>
    OWNED_SCHOOL_ROUTES.flatMap((r) =>
      (CALLS[r.name]?.(schoolId) ?? []).map((c) => ({ name: `${r.name}${c.query ?? ''}`, method: r.method, path: `${fill(r.path, schoolId)}${c.query ?? ''}`, body: c.body })),
    );

  const snapshotOfA = async () => ({
    detailed: (await t.call('GET', '/auth/my-school-detailed', { token: a.token })).body,
    rows: await t.db.query(
      `SELECT s.*, (SELECT json_agg(c ORDER BY c.name) FROM classes c WHERE c.school_id = s.id) AS classes,
              (SELECT count(*)::int FROM sections x JOIN classes c ON c.id = x.class_id WHERE c.school_id = s.id) AS sections,
              (SELECT count(*)::int FROM class_subjects x JOIN classes c ON c.id = x.class_id WHERE c.school_id = s.id) AS subjects
       FROM schools s WHERE s.id = $1`,
      [schoolA.id],
    ),
  });

  it('every owned-school route of the app has its calls in the matrix', () => {
    expect(OWNED_SCHOOL_ROUTES.length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(CALLS).sort()).toEqual(OWNED_SCHOOL_ROUTES.map((r) => r.name).sort());
  });

  it('every school endpoint answers B with A\'s id exactly as with a missing id (404 SCHOOL_NOT_FOUND), and A is unchanged', async () => {
    const before = await snapshotOfA();
    const missing = randomUUID();
    const withA = matrix(schoolA.id);
    const withMissing = matrix(missing);
    for (let i = 0; i < withA.length; i += 1) {
      const cross = await t.call(withA[i].method, withA[i].path, { token: b.token, body: withA[i].body });
      const none = await t.call(withMissing[i].method, withMissing[i].path, { token: b.token, body: withMissing[i].body });
      expect({ call: withA[i].name, status: cross.status, body: cross.body }).toEqual({ call: withA[i].name, status: none.status, body: none.body });
      expect({ call: withA[i].name, status: cross.status, code: cross.body.error?.code }).toEqual({ call: withA[i].name, status: 404, code: 'SCHOOL_NOT_FOUND' });
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it('the same calls with A\'s own token succeed (the matrix is not vacuous)', async () => {
    for (const call of matrix(schoolA.id).filter((c) => c.method === 'GET')) {
      const res = await t.call(call.method, call.path, { token: a.token });
      expect({ call: call.name, status: res.status }).toEqual({ call: call.name, status: 200 });
    }
    const classes = await t.call('GET', `/school/classes-sections/${schoolA.id}`, { token: a.token });
    expect(classes.body.data.classes.map((c: { name: string }) => c.name)).toEqual(['Class 1', 'Class 2']);
  });

  it('B\'s own calls never show A\'s data', async () => {
    const mine = await t.call('GET', '/auth/my-school', { token: b.token });
    expect(mine.body.data.school.id).toBe(schoolB.id);
    const detailed = await t.call('GET', '/auth/my-school-detailed', { token: b.token });
    expect(detailed.body.data.school.id).toBe(schoolB.id);
    expect(detailed.body.data.classes).toEqual([]);
    const own = await t.call('GET', `/school/classes-sections/${schoolB.id}`, { token: b.token });
    expect(own.body.data.classes).toEqual([]);
  });

  it('B cannot reach A through the staff endpoints either (403 to administrators, whatever the id)', async () => {
    const before = await snapshotOfA();
    expect(STAFF_ROUTES.length).toBeGreaterThanOrEqual(4);
    const calls = STAFF_ROUTES.flatMap((r) =>
      [schoolA.id, schoolB.id].map((id) => [r.method, fill(r.path, id), r.method === 'GET' ? undefined : { reason: 'Not my school' }] as const),
    );
    for (const [method, path, body] of [['GET', '/admin/schools?status=all', undefined] as const, ...calls]) {
      const res = await t.call(method, path, { token: b.token, body });
      expect({ path, status: res.status, code: res.body.error.code }).toEqual({ path, status: 403, code: 'FORBIDDEN' });
    }
    expect(await snapshotOfA()).toEqual(before);
  });
});
