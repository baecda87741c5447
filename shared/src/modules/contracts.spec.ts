import { ERROR_CODES } from '../api/error-codes';
import { PERMISSIONS, ROLE_PERMISSIONS, SCHOOL_ROLES } from '../workspace/roles';
import { MODULE_CONTRACTS } from './index';

describe('the modules’ contracts, collected into the error and role tables', () => {
  it('each module is listed once and owns its codes and permissions alone', () => {
    const names = MODULE_CONTRACTS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const codes = MODULE_CONTRACTS.flatMap((c) => Object.keys(c.errors));
    expect(new Set(codes).size).toBe(codes.length);
    const permissions = MODULE_CONTRACTS.flatMap((c) => [...c.permissions]);
    expect(new Set(permissions).size).toBe(permissions.length);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('every code and permission of a contract is in the collected tables, with its status and sentence', () => {
    for (const c of MODULE_CONTRACTS) {
      for (const [code, entry] of Object.entries(c.errors)) expect(ERROR_CODES[code as keyof typeof ERROR_CODES]).toEqual(entry);
      for (const p of c.permissions) {
        expect(PERMISSIONS).toContain(p);
        expect(ROLE_PERMISSIONS.admin).toContain(p);
      }
      // A module grants only its own permissions.
      for (const granted of Object.values(c.grants)) for (const p of granted ?? []) expect(c.permissions).toContain(p);
    }
  });

  it('a module permission is held by exactly the roles its contract grants it to', () => {
    for (const c of MODULE_CONTRACTS) {
      for (const p of c.permissions) {
        const holders = SCHOOL_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(p));
        const granted = (Object.entries(c.grants) as [string, readonly string[]][]).filter(([, ps]) => ps.includes(p)).map(([r]) => r);
        expect({ p, holders: holders.sort() }).toEqual({ p, holders: ['admin', ...granted].sort() });
      }
    }
  });
});
