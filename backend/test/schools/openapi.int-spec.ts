import { FILE_ROUTES } from '../../src/app.manifest';
import { DOMAIN_MODULES } from '../../src/app.module';
import { routeTable } from '../../src/common/route-table';
import { ClassesSectionsResponse, GlobalSubjectsResponse } from '../../src/modules/academics/academics.responses';
import { MeResponse } from '../../src/modules/auth/auth.responses';
import { HealthResponse } from '../../src/modules/health/health.responses';
import { SchoolResultResponse, SchoolSummaryResponse } from '../../src/modules/schools/schools.responses';
import {
  AdmissionNumberingResponse,
  ApplicationListResponse,
  ApplicationReceiptResponse,
  ApplicationResponse,
  EnrolmentHistoryResponse,
  StudentListResponse,
  StudentResponse,
} from '../../src/modules/students/students.responses';
import { addSections, freshAadhaar, studentBody } from '../students/students-support';
import { createSchoolWithMembers, createUserWithToken, startTestApp, uniq, type TestApp } from '../support/app';
import { createSchool } from './fixtures';

describe('OpenAPI document from the shared zod schemas, served at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('/api/docs-json lists the school, setup, staff, public and contact calls with bodies derived from the zod schemas', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs-json`);
    expect(res.status).toBe(200);
    const doc: any = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    // Every route of the app (read from its modules) is documented, and the document has nothing else.
    const routes = routeTable(DOMAIN_MODULES).map((r) => `${r.method.toLowerCase()} /api/v1${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m} ${path}`),
    );
    expect(routes.length).toBeGreaterThanOrEqual(29);
    expect(documented.sort()).toEqual(routes.sort());
    const create = doc.components.schemas.CreateSchoolDto;
    expect(create.required).toEqual(expect.arrayContaining(['name', 'subdomain', 'address', 'level', 'phoneNumbers']));
    expect(create.properties.subdomain).toMatchObject({ minLength: 3, maxLength: 50 });
    expect(create.properties.subdomain.allOf).toContainEqual({ pattern: '^(?!.*--)' });
    expect(create.properties.level.enum).toEqual(['primary', 'secondary', 'higher_secondary', 'mixed']);
    expect(doc.components.schemas.UpdatePlanDto.properties.planType.enum).toEqual(['free_trial', 'basic', 'standard', 'premium']);
    expect(doc.components.schemas.ContactDto.required).toEqual(expect.arrayContaining(['name', 'email', 'school', 'message']));
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('every route documents its success answer: the envelope around a schema of its data', async () => {
    const doc: any = await (await fetch(`${t.baseUrl}/api/docs-json`)).json();
    const resolve = (s: any): any => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s);
    const undocumented: string[] = [];
    const files: string[] = [];
    for (const r of routeTable(DOMAIN_MODULES)) {
      const op = doc.paths[`/api/v1${r.path.replace(/:(\w+)/g, '{$1}')}`][r.method.toLowerCase()];
      const ok = Object.entries(op.responses ?? {}).find(([status]) => /^2\d\d$/.test(status)) as [string, any] | undefined;
      const content: Record<string, any> = ok?.[1]?.content ?? {};
      const schema = resolve(content['application/json']?.schema);
      // A route that answers something other than JSON (a file's bytes, the iCalendar feed) documents
      // each of its media types with a schema and no envelope; the list of such routes is fixed below.
      const types = Object.keys(content);
      const other = types.length > 0 && !types.includes('application/json') && types.every((type) => content[type]?.schema);
      if (other) files.push(r.name);
      else if (!schema?.properties?.data || schema.properties.success?.enum?.[0] !== true) undocumented.push(r.name);
    }
    expect(undocumented).toEqual([]);
    // Only the routes that really answer a file or a feed may skip the envelope: each module lists
    // its own in its manifest (`fileRoutes`, src/app.manifest.ts).
    expect(files.sort()).toEqual([...FILE_ROUTES].sort());
    expect(FILE_ROUTES.length).toBeGreaterThanOrEqual(16);
    expect(Object.keys(doc.paths['/api/v1/public/calendar/{file}'].get.responses['200'].content)).toEqual(['text/calendar']);
    const summary = resolve(doc.paths['/api/v1/auth/my-school-detailed'].get.responses['200'].content['application/json'].schema);
    expect(summary.properties.data.properties.school.properties.metaData.properties.approvalStatus.enum).toEqual(['pending', 'approved', 'rejected']);
    expect(summary.properties.data.required).toEqual(expect.arrayContaining(['school', 'classes', 'totalSections', 'totalSubjects', 'setupProgress']));
  });

  it('the documented answers are the real ones: live answers parse with the same schemas', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const school = await createSchool(t, admin.token);
    const cases: [string, string, { schema: { safeParse(v: unknown): { success: boolean; error?: unknown } } }][] = [
      ['/health', '', HealthResponse],
      ['/auth/me', admin.token, MeResponse],
      ['/auth/my-school', admin.token, SchoolResultResponse],
      ['/auth/my-school-detailed', admin.token, SchoolSummaryResponse],
      [`/school/classes-sections/${school.id}`, admin.token, ClassesSectionsResponse],
      ['/school/subjects/global', admin.token, GlobalSubjectsResponse],
    ];
    for (const [path, token, dto] of cases) {
      const res = await t.call('GET', path, { token: token || undefined });
      const parsed = dto.schema.safeParse(res.body);
      expect({ path, status: res.status, ok: parsed.success, error: parsed.error }).toEqual({ path, status: 200, ok: true, error: undefined });
    }
  });

  it('the students and admissions answers parse with their documented schemas', async () => {
    const s = await createSchoolWithMembers(t);
    const sections = await addSections(t, s);
    const token = s.members.office.token;
    const base = `/schools/${s.schoolId}`;
    const created = await t.call('POST', `${base}/students`, { token, body: studentBody(sections.a, { rollNumber: 4, aadhaar: freshAadhaar() }) });
    const id = created.body.data?.student?.id;
    const applied = await t.call('POST', `/public/schools/${s.subdomain}/applications`, {
      body: {
        firstName: 'Anaya',
        dateOfBirth: '2020-03-02',
        gender: 'female',
        classApplied: 'LKG',
        guardian: { name: 'Pooja Singh', relation: 'mother', phone: '9876512345', email: `pooja${uniq()}@example.test` },
        consent: true,
      },
    });
    const queue = await t.call('GET', `${base}/applications`, { token });
    const applicationId = queue.body.data?.items?.[0]?.id;
    const cases: [string, { status: number; body: unknown }, number, { schema: { safeParse(v: unknown): { success: boolean; error?: unknown } } }][] = [
      ['POST students', created, 201, StudentResponse],
      ['GET students', await t.call('GET', `${base}/students`, { token }), 200, StudentListResponse],
      ['GET student', await t.call('GET', `${base}/students/${id}`, { token }), 200, StudentResponse],
      ['GET enrolments', await t.call('GET', `${base}/students/${id}/enrolments`, { token }), 200, EnrolmentHistoryResponse],
      ['GET numbering', await t.call('GET', `${base}/students/admission-numbering`, { token }), 200, AdmissionNumberingResponse],
      ['POST application', applied, 201, ApplicationReceiptResponse],
      ['GET applications', queue, 200, ApplicationListResponse],
      ['GET application', await t.call('GET', `${base}/applications/${applicationId}`, { token }), 200, ApplicationResponse],
    ];
    for (const [name, res, status, dto] of cases) {
      const parsed = dto.schema.safeParse(res.body);
      expect({ name, status: res.status, ok: parsed.success, error: parsed.error }).toEqual({ name, status, ok: true, error: undefined });
    }
  });

  it('/api/docs serves the Swagger UI page under the strict CSP: only same-origin scripts, no inline script', async () => {
    const page = await fetch(`${t.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    const scripts = [...html.matchAll(/<script src=['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(scripts).toEqual(expect.arrayContaining(['./docs/swagger-ui-bundle.js', './docs/swagger-ui-init.js']));
    for (const src of scripts) {
      const asset = await fetch(new URL(src, `${t.baseUrl}/api/docs`));
      const size = (await asset.arrayBuffer()).byteLength;
      expect({ src, status: asset.status, empty: size === 0 }).toEqual({ src, status: 200, empty: false });
    }
  });

  it('issue 20: path tricks under /api/docs answer a 4xx envelope, never a 500', async () => {
    const tricks = [
      '/api/docs/%00',
      '/api/docs/favicon-32x32.png%00.js',
      '/api/docs/..%5c..%5cpackage.json',
      '/api/docs//etc/passwd',
      '/api/docs/..%2f..%2fpackage.json',
      '/api/docs/%',
      '/api/docs/%c0%ae%c0%ae/',
      '/api/docs/%ff',
      '/api/docs/swagger-ui-bundle.js/',
      `/api/docs/${'a'.repeat(3000)}`,
    ];
    for (const path of tricks) {
      const res = await fetch(`${t.baseUrl}${path}`);
      const body = (await res.json().catch(() => null)) as { success?: boolean } | null;
      expect({ path: path.slice(0, 50), status: res.status, success: body?.success }).toEqual({ path: path.slice(0, 50), status: expect.any(Number), success: false });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
