import { startTestApp, type TestApp } from '../support/app';

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
    for (const [path, method] of [
      ['/api/v1/school/create', 'post'],
      ['/api/v1/school/subdomain-availability', 'get'],
      ['/api/v1/school/{id}', 'patch'],
      ['/api/v1/school/{id}/plan', 'patch'],
      ['/api/v1/school/classes', 'post'],
      ['/api/v1/school/sections', 'post'],
      ['/api/v1/school/classes-sections/{schoolId}', 'get'],
      ['/api/v1/school/subjects/global', 'get'],
      ['/api/v1/school/subjects', 'get'],
      ['/api/v1/school/subjects', 'post'],
      ['/api/v1/auth/my-school', 'get'],
      ['/api/v1/auth/my-school-detailed', 'get'],
      ['/api/v1/admin/schools', 'get'],
      ['/api/v1/admin/schools/{id}', 'get'],
      ['/api/v1/admin/schools/{id}/approve', 'post'],
      ['/api/v1/admin/schools/{id}/reject', 'post'],
      ['/api/v1/public/schools/{subdomain}', 'get'],
      ['/api/v1/contact', 'post'],
    ]) {
      expect({ path, method, documented: Boolean(doc.paths[path]?.[method]) }).toEqual({ path, method, documented: true });
    }
    const create = doc.components.schemas.CreateSchoolDto;
    expect(create.required).toEqual(expect.arrayContaining(['name', 'subdomain', 'address', 'level', 'phoneNumbers']));
    expect(create.properties.subdomain).toMatchObject({ minLength: 3, maxLength: 50 });
    expect(create.properties.subdomain.allOf).toContainEqual({ pattern: '^(?!.*--)' });
    expect(create.properties.level.enum).toEqual(['primary', 'secondary', 'higher_secondary', 'mixed']);
    expect(doc.components.schemas.UpdatePlanDto.properties.planType.enum).toEqual(['free_trial', 'basic', 'standard', 'premium']);
    expect(doc.components.schemas.ContactDto.required).toEqual(expect.arrayContaining(['name', 'email', 'school', 'message']));
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
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
});
