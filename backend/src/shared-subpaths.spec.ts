import * as shared from '@vidyalaya/shared';
import { AUTH_ERRORS, registerSchema } from '@vidyalaya/shared/auth';
import { createClassesSchema } from '@vidyalaya/shared/academics';
import { SCHOOL_ERRORS } from '@vidyalaya/shared/schools';

/** The back end's jest mapping (and tsconfig paths) resolve shared's domain subpaths to the same objects as the main entry. */
describe('@vidyalaya/shared subpaths', () => {
  it('answer the objects the main entry exports, and the domain codes are in ERROR_CODES', () => {
    expect(registerSchema).toBe(shared.registerSchema);
    expect(createClassesSchema).toBe(shared.createClassesSchema);
    for (const code of [...Object.keys(AUTH_ERRORS), ...Object.keys(SCHOOL_ERRORS)]) expect(shared.ERROR_CODES).toHaveProperty(code);
  });
});
