import { request } from 'node:http';
import fc from 'fast-check';
import { DOMAIN_MODULES } from '../../src/app.module';
import { routeTable } from '../../src/common/route-table';
import { createUserWithToken, startTestApp, uniq, type TestApp, type TestResponse } from '../support/app';
import { SmtpSink } from '../support/smtp-sink';
import { createSchool, schoolPayload, YEAR } from '../schools/fixtures';
import { encodeSegment, envelopeProblem, hostileString, jsonBody, pathId, prototypeProblem, queryString, rawBody } from './hostile';

/**
 * Issue 8: property-based fuzzing of EVERY endpoint (auth, school, setup, staff, public, contact,
 * health) with random and hostile bodies, queries, ids and tokens. Whatever arrives, the answer is
 * below 500, a well-formed envelope with a JSON content type and nothing internal in it, and
 * Object.prototype of the server (this process: the app runs in-process) stays clean.
 *
 * Runs per endpoint: FUZZ_RUNS (default 50; the expensive account calls a third of it). A failure
 * prints fast-check's seed and shrunk counterexample; replay with FUZZ_SEED.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Auth = 'none' | 'admin' | 'staff';
/** How to fuzz one route: a valid body and query to mutate. The routes themselves come from the app. */
interface Example {
  body?: Record<string, unknown>;
  query?: { keys: string[]; valid?: Record<string, string> };
  /** Argon2 or e-mail work per call: fewer runs. */
  expensive?: boolean;
}
interface Endpoint extends Example {
  method: string;
  /** Every `:param` is replaced by a fuzzed path segment. */
  path: string;
  auth: Auth;
}

/** Every route of the app (common/route-table.ts), read from its modules: a new route is fuzzed without editing this file. */
const ROUTES = routeTable(DOMAIN_MODULES);
/** Who calls a route in the fuzz: nobody for a public one, provider staff for a staff one, else a school's administrator. */
const authFor = (decision: string | null): Auth => (decision === 'public' ? 'none' : decision === 'staff-only' ? 'staff' : 'admin');

describe('fuzz: every endpoint with random and hostile input (issue 8)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: { token: string };
  let staff: { token: string };
  let mySchool: Record<string, any>;
  let otherSchool: Record<string, any>;
  let endpoints: Endpoint[];
  let examples: Record<string, Example>;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '1', DATABASE_POOL_SIZE: '10' });
    admin = await createUserWithToken(t, 'admin');
    staff = await createUserWithToken(t, 'staff');
    const other = await createUserWithToken(t, 'admin');
    mySchool = await createSchool(t, admin.token);
    otherSchool = await createSchool(t, other.token);
    const schoolId = mySchool.id as string;
    await t.call('POST', '/school/classes', { token: admin.token, body: { schoolId, academicYear: YEAR, classes: ['Class 1', 'Class 2'] } });
    const account = { username: `fz${uniq()}`, password: 'Kanpur-Chalk-4217' };
    examples = {
      'POST /auth/register': { body: { ...account, email: `${account.username}@example.test` }, expensive: true },
      'POST /auth/resend-otp': { body: { username: account.username, purpose: 'registration' }, expensive: true },
      'POST /auth/verify-otp/registration': { body: { username: account.username, otp: '123456' } },
      'POST /auth/login': { body: account, expensive: true },
      'POST /auth/forgot-password': { body: { username: account.username }, expensive: true },
      'POST /auth/verify-otp/password-reset': { body: { username: account.username, otp: '123456' } },
      'POST /auth/reset-password': { body: { resetToken: 'a'.repeat(43), newPassword: 'Kanpur-Chalk-9999' }, expensive: true },
      'POST /auth/logout': { body: { refreshToken: 'a'.repeat(43) } },
      'POST /auth/refresh-token': { body: { refreshToken: 'a'.repeat(43) } },
      'GET /auth/me': {},
      'GET /auth/my-school': {},
      'GET /auth/my-school-detailed': {},
      'POST /school/create': { body: schoolPayload() },
      'GET /school/subdomain-availability': { query: { keys: ['subdomain'], valid: { subdomain: 'new-school' } } },
      'PATCH /school/:id': { body: schoolPayload({ subdomain: mySchool.subdomain }) },
      'PATCH /school/:id/plan': { body: { planType: 'free_trial' } },
      'POST /school/classes': { body: { schoolId, academicYear: YEAR, classes: ['Class 3'] } },
      'POST /school/sections': { body: { schoolId, academicYear: YEAR, sections: [{ className: 'Class 1', sectionNames: ['A'] }] } },
      'GET /school/classes-sections/:schoolId': { query: { keys: ['academicYear'], valid: { academicYear: YEAR } } },
      'GET /school/subjects/global': {},
      'GET /school/subjects': { query: { keys: ['schoolId', 'academicYear'], valid: { schoolId, academicYear: YEAR } } },
      'POST /school/subjects': { body: { schoolId, academicYear: YEAR, classSubjects: [{ className: 'Class 1', subjectNames: ['English'] }] } },
      'GET /admin/schools': { query: { keys: ['status', 'search', 'page', 'pageSize'], valid: { status: 'pending', page: '1', pageSize: '20' } } },
      'GET /admin/schools/:id': {},
      'POST /admin/schools/:id/approve': { body: {} },
      'POST /admin/schools/:id/reject': { body: { reason: 'The address could not be confirmed.' } },
      'GET /public/schools/:subdomain': {},
      'POST /contact': { body: { name: 'Anita Verma', email: 'anita@example.in', school: 'Sunrise Academy', message: 'Tell me more.' }, expensive: true },
      'GET /health': {},
    };
    endpoints = ROUTES.map((r) => ({ method: r.method, path: r.path, auth: authFor(r.decision), ...examples[r.name] }));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  afterEach(() => {
    expect(prototypeProblem()).toBeNull();
  });

  /** Which token a fuzzed request carries: usually the right one, sometimes none, a forged one or the wrong role's. */
  const tokenFor = (auth: Auth): fc.Arbitrary<string | undefined> => {
    const right = auth === 'admin' ? admin.token : auth === 'staff' ? staff.token : undefined;
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant(right) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, admin.token, staff.token, 'not-a-jwt', `${admin.token.slice(0, -4)}AAAA`, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.') },
    );
  };

  async function send(method: string, path: string, token: string | undefined, payload: { json?: unknown; raw?: { body: string; contentType: string } }, ip: string): Promise<TestResponse> {
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    if (payload.raw) {
      headers['content-type'] = payload.raw.contentType;
      return t.call(method, path, { token, rawBody: payload.raw.body, headers });
    }
    return t.call(method, path, { token, body: payload.json, headers });
  }

  /** The path exactly as written (fetch would resolve dot segments and could leave /api). */
  function rawCall(method: string, path: string): Promise<TestResponse> {
    const url = new URL(t.baseUrl);
    return new Promise((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, method, path, headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': nextIp() } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
            resolve({ status: res.statusCode ?? 0, headers, body });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };

  it('fuzzes every route of the app, and every example belongs to a live route', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(29);
    expect(Object.keys(examples).filter((name) => !ROUTES.some((r) => r.name === name))).toEqual([]);
  });

  it.each(ROUTES.map((r) => r.name))('%s: no 5xx, a well-formed envelope, nothing internal, no pollution', async (name) => {
    const ep = endpoints.find((e) => `${e.method} ${e.path}` === name);
    if (!ep) throw new Error(`no endpoint ${name}`);
    const ids = [mySchool.id, otherSchool.id, mySchool.subdomain, otherSchool.subdomain];
    const body = ep.method === 'GET'
      ? fc.constant({})
      : fc.oneof({ weight: 4, arbitrary: jsonBody(ep.body ?? {}).map((json) => ({ json })) }, { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) });
    const request = fc.record({
      id: pathId(ids),
      query: ep.query ? queryString(ep.query.keys, ep.query.valid) : fc.oneof(fc.constant(''), queryString([])),
      token: tokenFor(ep.auth),
      payload: body,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ id, query, token, payload }) => {
        const path = ep.path.replace(/:\w+/g, id) + query;
        const res = await send(ep.method, path, token, payload as never, nextIp());
        const problem = envelopeProblem(res) ?? prototypeProblem();
        if (problem) throw new Error(`${ep.method} ${path.slice(0, 200)} → ${problem}`);
      }),
      { numRuns: ep.expensive ? Math.max(5, Math.round(RUNS / 3)) : RUNS, seed: SEED, endOnFailure: true },
    );
  }, 180_000);

  it.each([
    { case: 'a path parameter over the router limit', path: `/admin/schools/${'x'.repeat(150)}`, status: 400, code: 'VALIDATION_FAILED' },
    { case: 'a malformed %-escape in the path', path: '/public/schools/%E0%A4%A', status: 400, code: 'VALIDATION_FAILED' },
    { case: 'a NUL byte the database cannot store', path: '/public/schools/a%00b', status: 400, code: 'VALIDATION_FAILED' },
    { case: 'a NUL byte in a uuid position', path: '/admin/schools/%00', status: 400, code: 'VALIDATION_FAILED' },
    { case: 'an address over the header size limit', path: `/health?q=${'z'.repeat(20_000)}`, status: 431, code: 'PAYLOAD_TOO_LARGE' },
  ])('$case answers $status $code as an envelope (not the framework’s own body)', async ({ path, status, code }) => {
    const res = await t.call('GET', path, { token: staff.token });
    expect(envelopeProblem(res)).toBeNull();
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status, code });
  });

  it('a body with a NUL byte in a stored field answers 400 and stores nothing', async () => {
    const email = `nul.${uniq()}@example.in`;
    const res = await t.call('POST', '/contact', {
      body: { name: 'Anita\u0000Verma', email, school: 'Sunrise', message: 'Hello\u0000there' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(envelopeProblem(res)).toBeNull();
    expect(res.status).toBe(400);
    expect(await t.db.query(`SELECT id FROM contact_messages WHERE email = $1`, [email])).toEqual([]);
  });

  it('unknown routes and methods, odd paths: a 404 envelope, never a 5xx', async () => {
    const method = fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE');
    const path = fc.oneof(
      hostileString.filter((s) => s.length < 500).map((s) => `/${encodeSegment(s)}`),
      fc.constantFrom('/auth', '/school', '/admin', '/admin/schools/x/delete', '/auth/login/..', '/%2e%2e/%2e%2e/etc/passwd', '/health/..%2f..%2f', '//auth//login', '/auth/login%00', '/school/create?__proto__[polluted]=1'),
    );
    await fc.assert(
      fc.asyncProperty(method, path, async (m, p) => {
        const res = await rawCall(m, `/api/v1${p}`);
        const problem = envelopeProblem(res) ?? prototypeProblem();
        if (problem) throw new Error(`${m} /api/v1${p} → ${problem}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);
});
