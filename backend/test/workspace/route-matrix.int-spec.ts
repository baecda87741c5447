import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS, roleHas, SCHOOL_ROLES, type Permission } from '@vidyalaya/shared';
import { ROW_SCOPED_403 as ROW_SCOPED_MANIFEST } from '../../src/app.manifest';
import { appRoutes, type AppRoute } from '../support/app-routes';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { currentRequestId, currentSchoolId } from '../../src/common/request-context';

const SNAPSHOT = join(__dirname, 'route-permissions.snapshot.json');
const WORKSPACE = /^\/api\/v1\/schools\/:schoolId(\/|$)/;

/**
 * Tenancy by construction (issue 13 item 3): every route under /schools/:schoolId declares its
 * permission, the snapshot makes any permission change visible in review, and every role gets
 * exactly what the matrix says from every workspace route — allowed, 403 or 404.
 */
describe('workspace routes × roles', () => {
  let t: TestApp;
  let s: SchoolWithMembers;
  let workspace: AppRoute[];

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    s = await createSchoolWithMembers(t);
    workspace = appRoutes(t).filter((r) => WORKSPACE.test(r.path));
  });
  afterAll(() => t.close());

  it('every route under /schools/:schoolId is school-scoped and declares a known permission', () => {
    expect(workspace.length).toBeGreaterThan(5);
    const undecided = workspace.filter((r) => !r.schoolScoped || !r.permission || !(PERMISSIONS as readonly string[]).includes(r.permission));
    expect(undecided.map((r) => `${r.method} ${r.path} (${r.controller}.${r.handler})`)).toEqual([]);
    // …and nothing outside it pretends to be.
    const misplaced = appRoutes(t).filter((r) => r.schoolScoped && !WORKSPACE.test(r.path));
    expect(misplaced.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('route → permission matches the committed snapshot (UPDATE_ROUTE_SNAPSHOT=1 rewrites it)', () => {
    const actual = Object.fromEntries(workspace.map((r) => [`${r.method} ${r.path}`, r.permission]));
    if (process.env.UPDATE_ROUTE_SNAPSHOT === '1') writeFileSync(SNAPSHOT, JSON.stringify(actual, null, 2) + '\n');
    expect(actual).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
  });

  /**
   * Refusals by row scope, past the guard: the role holds the route's permission, and the service
   * narrows it (a guardian reads `timetable.read` for their child's section only, never a teacher's
   * week or the whole school's). Each module lists its own in its manifest (`rowScoped403`,
   * src/app.manifest.ts), so that each one is a reviewed decision. What a guardian may reach past
   * the guard (their own children only) is test/guardians/isolation.int-spec.ts.
   */
  const ROW_SCOPED_403 = new Set(ROW_SCOPED_MANIFEST);

  it('each role is allowed, 403 or 404 exactly as the matrix says; a non-member gets 404 everywhere', async () => {
    const results: string[] = [];
    const expected: string[] = [];
    for (const route of workspace) {
      // Real school, made-up ids for everything else: an allowed call then fails later (400/404 NOT_FOUND), never at the guard.
      const path = route.path
        .replace(/^\/api\/v1/, '')
        .replace(':schoolId', s.schoolId)
        .replace(/:(\w+)/g, () => randomUUID());
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      for (const who of [...SCHOOL_ROLES, 'outsider'] as const) {
        const token = who === 'outsider' ? s.outsider.token : s.members[who].token;
        const res = await t.call(route.method, path, { token, body });
        const code: string | undefined = res.body?.error?.code;
        const outcome = code === 'SCHOOL_NOT_FOUND' ? '404' : code === 'FORBIDDEN' ? '403' : 'allowed';
        results.push(`${who} ${route.method} ${route.path}: ${outcome}`);
        const scoped = ROW_SCOPED_403.has(`${who} ${route.method} ${route.path}`);
        const want = who === 'outsider' ? '404' : roleHas(who, route.permission as Permission) && !scoped ? 'allowed' : '403';
        expected.push(`${who} ${route.method} ${route.path}: ${want}`);
        if (outcome === 'allowed') expect({ route: `${who} ${route.method} ${route.path}`, status: res.status < 500 }).toEqual({ route: `${who} ${route.method} ${route.path}`, status: true });
      }
    }
    expect(results).toEqual(expected);
    // Six callers × every route, one after another: past the default 30 s on a loaded machine as modules add routes.
  }, 180_000);

  it('another school’s id answers every workspace route exactly as a missing school does', async () => {
    const other = await createSchoolWithMembers(t);
    for (const route of workspace) {
      const path = (schoolId: string) => route.path.replace(/^\/api\/v1/, '').replace(':schoolId', schoolId).replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000001');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const foreign = await t.call(route.method, path(other.schoolId), { token: s.members.admin.token, body });
      const missing = await t.call(route.method, path(randomUUID()), { token: s.members.admin.token, body });
      expect({ route: route.path, status: foreign.status, body: foreign.body }).toEqual({ route: route.path, status: 404, body: missing.body });
    }
  });

  it('issue 33: every statement a workspace route sends runs bound to the route’s school (its row-level-security context)', async () => {
    // Every query runner the app makes while serving a request is recorded with the school it is bound to.
    const seen: { route: string; school: string | undefined }[] = [];
    let route = '';
    const original = t.db.createQueryRunner;
    t.db.createQueryRunner = function (this: typeof t.db, ...args: Parameters<typeof original>) {
      if (currentRequestId() !== undefined) seen.push({ route, school: currentSchoolId() });
      return original.apply(this, args);
    } as typeof original;
    try {
      for (const r of workspace) {
        route = `${r.method} ${r.path}`;
        const path = r.path.replace(/^\/api\/v1/, '').replace(':schoolId', s.schoolId).replace(/:(\w+)/g, () => randomUUID());
        const body = ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined;
        for (const who of ['admin', 'guardian'] as const) await t.call(r.method, path, { token: s.members[who].token, body });
      }
    } finally {
      t.db.createQueryRunner = original;
    }
    expect(seen.length).toBeGreaterThan(workspace.length);
    expect(seen.filter((x) => x.school !== s.schoolId)).toEqual([]);
  }, 180_000);
});
