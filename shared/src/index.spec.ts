import { z } from 'zod';
import * as shared from './index';

const schemas = Object.entries(shared as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

describe('the package entry point', () => {
  it('exports the agreed names', () => {
    for (const name of [
      'APP_NAME', 'STORAGE_KEYS', 'MESSAGES', 'ERROR_CODES', 'ok', 'isApiEnvelope', 'apiFailureSchema',
      'CLASS_GROUPS', 'CATALOGUE_CLASSES', 'sortByCatalogue', 'GLOBAL_SUBJECTS', 'INDIAN_STATES',
      'slugifySchoolName', 'subdomainSchema', 'nextSetupStep', 'setupPercentage', 'defaultAcademicYear',
      'nextSectionName', 'trialDaysLeft', 'formatDateIST', 'registerSchema', 'registerFormSchema',
      'loginSchema', 'verifyOtpSchema', 'resendOtpSchema', 'forgotPasswordSchema', 'resetPasswordSchema',
      'resetPasswordFormSchema', 'forgotPasswordNewPasswordFormSchema', 'refreshTokenSchema',
      'createSchoolSchema', 'schoolFormSchema', 'toCreateSchoolPayload', 'updatePlanSchema',
      'subdomainAvailabilityQuerySchema', 'createClassesSchema', 'createSectionsSchema',
      'createClassSubjectsSchema', 'classesSectionsQuerySchema', 'contactFormSchema', 'contactSchema',
      'listSchoolsQuerySchema', 'rejectSchoolSchema', 'uuidParamSchema',
    ]) {
      expect(shared).toHaveProperty(name);
    }
  });

  // nestjs-zod derives the OpenAPI document from each DTO schema with z.toJSONSchema.
  it.each(schemas)('%s converts to JSON Schema for OpenAPI', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('keeps object schemas non-strict: unknown keys are dropped, not refused', () => {
    expect(shared.loginSchema.parse({ username: 'ravi', password: 'x', isAdmin: true })).toEqual({
      username: 'ravi',
      password: 'x',
    });
  });
});

describe('the domain subpaths (@vidyalaya/shared/<domain>)', () => {
  const pkg = require('../package.json') as { exports: Record<string, { types: string; default: string }> };

  it.each(['auth', 'schools', 'academics', 'admin', 'contact'])('%s: a subpath export whose every name the main entry re-exports', (domain) => {
    expect(pkg.exports[`./${domain}`]).toEqual({ types: `./dist/${domain}/index.d.ts`, default: `./dist/${domain}/index.js` });
    const part = require(`./${domain}/index`) as Record<string, unknown>;
    expect(Object.keys(part).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(part)) expect((shared as Record<string, unknown>)[name]).toBe(value);
  });
});
