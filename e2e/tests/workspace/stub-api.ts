/**
 * The workspace API of docs/workspace-contract.md, stubbed in the page (page.route) for the
 * renderer's browser tests: the shell by role, languages and phone width need a school in each
 * state and role, which the real server's tests (wsbe) cover on their side. Every call the page
 * makes is recorded, so a test can assert what the renderer sent.
 */
import type { Page, Route } from '@playwright/test';
import type { Invitation, Member, MySchool, SchoolRole, WorkspaceHome } from '@vidyalaya/shared';
import { permissionsOf } from '@vidyalaya/shared';

export const PORT = process.env.E2E_PORT ?? '3210';
export const SCHOOL_ID = '3f0d3c9e-5b1a-4c39-9a51-0d7a1a1e2a11';
export const OTHER_SCHOOL_ID = '7a2b1c9e-5b1a-4c39-9a51-0d7a1a1e2b22';

export interface StubOptions {
  role?: SchoolRole;
  approvalStatus?: 'pending' | 'approved' | 'rejected';
  schools?: number;
  language?: 'en' | 'hi';
  members?: Member[];
  invitations?: Invitation[];
  /** Error code answered by the next role change. */
  roleChangeError?: { status: number; code: string; message: string };
  signedIn?: boolean;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

const ok = (route: Route, data: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ success: true, data }) });
const fail = (route: Route, status: number, code: string, message: string) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ success: false, message, error: { code, message } }) });

export function makeHome(role: SchoolRole, approvalStatus: 'pending' | 'approved' | 'rejected' = 'approved'): WorkspaceHome {
  const trialEndsAt = new Date(Date.now() + 21.5 * 86_400_000).toISOString();
  return {
    school: {
      id: SCHOOL_ID,
      name: 'Saraswati Vidya Mandir',
      subdomain: 'saraswati',
      approvalStatus,
      isActive: approvalStatus === 'approved',
      planType: 'free_trial',
      trialEndsAt,
      maxStudents: 100,
    },
    role,
    permissions: permissionsOf(role),
    academicYear: { id: 'y1', name: '2026-27', startsOn: '2026-04-01', endsOn: '2027-03-31' },
    counts: { students: 0, members: 3, classes: 14, sections: 28 },
  };
}

export const USER = { id: 'a1b2c3d4-0000-4000-8000-000000000001', username: 'asha_verma', email: 'asha@example.in', role: 'admin', isEmailVerified: true };

export function defaultMembers(): Member[] {
  return [
    { userId: USER.id, username: USER.username, name: 'Asha Verma', email: USER.email, role: 'admin', joinedAt: '2026-04-02T05:00:00Z' },
    { userId: 'a1b2c3d4-0000-4000-8000-000000000002', username: 'ravi_k', name: 'Ravi Kumar', email: 'ravi@example.in', role: 'teacher', joinedAt: '2026-06-15T05:00:00Z' },
    { userId: 'a1b2c3d4-0000-4000-8000-000000000003', username: 'meena_office', name: 'Meena Sharma', email: 'meena@example.in', role: 'office', joinedAt: '2026-07-01T05:00:00Z' },
  ];
}

/** Installs the stubs (and, when signedIn, tokens in the page's storage before any app code runs). */
export async function stubWorkspace(page: Page, opts: StubOptions = {}) {
  const role = opts.role ?? 'admin';
  const calls: Call[] = [];
  let language = opts.language ?? 'en';
  let members = opts.members ?? defaultMembers();
  let invitations: Invitation[] = opts.invitations ?? [
    { id: 'i1', email: 'kiran@example.in', name: 'Kiran Das', role: 'accountant', expiresAt: '2026-12-01T05:00:00Z', status: 'pending', createdAt: '2026-11-24T05:00:00Z', studentIds: [] },
  ];
  let roleChangeError = opts.roleChangeError;
  const schools: MySchool[] = [{ id: SCHOOL_ID, name: 'Saraswati Vidya Mandir', subdomain: 'saraswati', role, approvalStatus: opts.approvalStatus ?? 'approved', isActive: (opts.approvalStatus ?? 'approved') === 'approved' }];
  if ((opts.schools ?? 1) > 1) schools.push({ id: OTHER_SCHOOL_ID, name: 'Ganga Public School', subdomain: 'ganga', role: 'teacher', approvalStatus: 'approved', isActive: true });

  if (opts.signedIn !== false) {
    await page.addInitScript(() => {
      localStorage.setItem('vidyalaya_access_token', 'stub-access');
      localStorage.setItem('vidyalaya_refresh_token', 'stub-refresh');
    });
  }

  const handle = async (route: Route): Promise<void> => {
    const req = route.request();
    const url = new URL(req.url());
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = req.method();
    let body: unknown = null;
    try {
      body = req.postDataJSON();
    } catch {
      body = req.postData();
    }
    const m = (re: RegExp) => re.exec(path);
    // The workspace's document asks for a page's first answers in one request (POST /batch): each address
    // is answered here as it would be alone, and recorded as its own call.
    if (path === '/batch' && method === 'POST') {
      const answers = [];
      for (const inner of (body as { paths: string[] }).paths) answers.push({ path: inner, ...(await answerAlone(handle, new URL(inner, url).href)) });
      return ok(route, { answers });
    }
    calls.push({ method, path: `${path}${url.search}`, body });

    if (path === '/auth/me') return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, user: USER, data: { user: USER } }) });
    if (path === '/auth/logout') return ok(route, { loggedOut: true });
    if (path === '/auth/login' && method === 'POST') {
      const { username } = body as { username: string };
      if (username === 'wrong_user') return fail(route, 401, 'INVALID_CREDENTIALS', 'Invalid username or password');
      return ok(route, { accessToken: 'stub-access', refreshToken: 'stub-refresh', user: { ...USER, username } });
    }
    if (path === '/me/schools') return ok(route, { schools });
    if (path === '/me/preferences') {
      if (method === 'PATCH') language = (body as { language: 'en' | 'hi' }).language;
      return ok(route, { preferences: { language } });
    }
    let hit = m(/^\/schools\/([^/]+)\/home$/);
    if (hit) {
      if (hit[1] === SCHOOL_ID) return ok(route, makeHome(role, opts.approvalStatus));
      if (hit[1] === OTHER_SCHOOL_ID) return ok(route, { ...makeHome('teacher'), school: { ...makeHome('teacher').school, id: OTHER_SCHOOL_ID, name: 'Ganga Public School', subdomain: 'ganga' } });
      return fail(route, 404, 'NOT_FOUND', 'The requested item was not found.');
    }
    if (m(/^\/schools\/[^/]+\/members$/)) return ok(route, { items: members, total: members.length, page: 1, pageSize: 200 });
    hit = m(/^\/schools\/[^/]+\/members\/([^/]+)$/);
    if (hit) {
      const userId = hit[1]!;
      if (method === 'PATCH') {
        if (roleChangeError) {
          const e = roleChangeError;
          roleChangeError = undefined;
          return fail(route, e.status, e.code, e.message);
        }
        members = members.map((x) => (x.userId === userId ? { ...x, role: (body as { role: SchoolRole }).role } : x));
        return ok(route, { member: members.find((x) => x.userId === userId) });
      }
      if (method === 'DELETE') {
        members = members.filter((x) => x.userId !== userId);
        return ok(route, { removed: true });
      }
    }
    if (m(/^\/schools\/[^/]+\/invitations$/)) {
      if (method === 'POST') {
        const input = body as { email: string; name: string; role: SchoolRole };
        const invitation: Invitation = { id: `i${invitations.length + 2}`, ...input, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), status: 'pending', createdAt: new Date().toISOString(), studentIds: [] };
        invitations = [...invitations, invitation];
        return ok(route, { invitation }, 201);
      }
      return ok(route, { items: invitations, total: invitations.length, page: 1, pageSize: 50 });
    }
    hit = m(/^\/schools\/[^/]+\/invitations\/([^/]+)$/);
    if (hit && method === 'DELETE') {
      invitations = invitations.filter((x) => x.id !== hit![1]);
      return ok(route, { revoked: true });
    }
    // A teacher's home reads their week (the timetable back end): none linked in these stubs.
    if (m(/^\/schools\/[^/]+\/my-timetable$/)) return ok(route, { date: '2026-11-25', staff: null, slots: [], substitutions: [] });
    // Every role's home shows the notice board's card (a home-card slot): no notices in these stubs.
    if (m(/^\/schools\/[^/]+\/notices$/)) return ok(route, { items: [], total: 0, page: 1, pageSize: 5, unread: 0 });
    // The admin's and office's home card "Today's substitutions" (a timetable slot): none today.
    if (m(/^\/schools\/[^/]+\/substitutions$/)) return ok(route, { date: '2026-11-25', items: [] });
    // The admin's and office's home card "Attendance today" (an attendance slot): no sections in these stubs.
    if (m(/^\/schools\/[^/]+\/attendance\/today$/)) return ok(route, { date: '2026-11-25', holiday: null, sections: [], markedCount: 0, unmarkedCount: 0 });
    // The students module's register (the shell tests open it): an empty school. An unanswered call would reach the
    // real server with a stub token, and its 401 would end the stubbed session.
    if (m(/^\/schools\/[^/]+\/students$/) && method === 'GET') return ok(route, { items: [], total: 0, page: 1, pageSize: 50, activeCount: 0, maxStudents: 100 });
    if (m(/^\/schools\/[^/]+\/students\/sections$/)) return ok(route, { items: [] });
    if (path === '/invitations/preview') {
      const token = url.searchParams.get('token');
      if (token !== 'good-token') return fail(route, 404, 'INVITATION_INVALID', 'This invitation is not valid');
      return ok(route, { invitation: { schoolName: 'Saraswati Vidya Mandir', subdomain: 'saraswati', role: 'teacher', name: 'Ravi Kumar', email: 'ravi@example.in', expiresAt: '2026-12-01T05:00:00Z' } });
    }
    if (path === '/invitations/accept' && method === 'POST') {
      const username = (body as { username?: string }).username;
      if (username === 'has_account') return fail(route, 409, 'EMAIL_TAKEN', 'An account with this email address already exists.');
      if (username === 'common_pw') return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'This password is too common', error: { code: 'PASSWORD_TOO_COMMON', message: 'This password is too common', details: { password: 'This password is too common' } } }) });
      return ok(route, { membership: { schoolId: SCHOOL_ID, role: 'teacher' }, user: { id: 'u-new', username: (body as { username?: string }).username ?? USER.username } });
    }
    // Any other call of a stubbed school (a module page these tests open, such as fees): not found. Passed on, it would
    // reach the real server with a stub token, and the 401 would end the stubbed session while the test goes on.
    if (m(/^\/schools\/[^/]+\//)) return fail(route, 404, 'NOT_FOUND', 'The requested item was not found.');
    return route.continue();
  };
  await page.route(/\/api\/v1\//, handle);
  return { calls, schools };
}

/** What the stub answers a GET of `url` with, asked for inside a batch: its status and JSON body (null for an address it passes on). */
async function answerAlone(handle: (route: Route) => Promise<void>, url: string): Promise<{ status: number; body: unknown }> {
  let answer = { status: 404, body: null as unknown };
  const inner = {
    request: () => ({ url: () => url, method: () => 'GET', postDataJSON: () => null, postData: () => null }),
    fulfill: async (r: { status?: number; body?: string }) => {
      answer = { status: r.status ?? 200, body: r.body ? (JSON.parse(r.body) as unknown) : null };
    },
    continue: async () => undefined,
  };
  await handle(inner as unknown as Route);
  return answer;
}

/** The page's width exceeds the viewport: something scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
