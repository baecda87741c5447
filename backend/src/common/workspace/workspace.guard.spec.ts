import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { currentSchoolId, requestContext } from '../request-context';
import { WorkspaceGuard } from './workspace.guard';

/** The guard's decisions without a database: a stub answers the membership query. */
function contextFor(handler: Function, params: Record<string, string>, user = { id: 'u1', username: 'u', role: 'admin' }, method = 'GET'): ExecutionContext {
  const req = { method, params, user };
  return {
    getHandler: () => handler,
    getClass: () => class Probe {},
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
}

const SCHOOL = '7d0e6f0a-1111-4222-8333-944445555666';

function guardAnswering(role: string | null, approvalStatus = 'approved') {
  const db = {
    driver: { master: { connect: async () => ({ query: async () => ({ rows: role ? [{ role, approval_status: approvalStatus }] : [] }), release: () => undefined }) } },
    logger: { logQuery: () => undefined },
  } as unknown as DataSource;
  return new WorkspaceGuard(new Reflector(), db);
}

/** The guard as a request runs it: inside the request's context (app.factory.ts's hook). */
function activate(guard: WorkspaceGuard, ctx: ExecutionContext): Promise<boolean> {
  return requestContext.run({ reqId: 'test' }, () => guard.canActivate(ctx));
}

function handlerWith(permission?: string): Function {
  const fn = function handler() {};
  if (permission) Reflect.defineMetadata('vidyalaya:required-permission', permission, fn);
  return fn;
}

describe('WorkspaceGuard', () => {
  it('a route without a permission decision is a programming error, whoever calls', async () => {
    await expect(activate(guardAnswering('admin'), contextFor(handlerWith(), { schoolId: SCHOOL }))).rejects.toThrow(/declares no @RequirePermission/);
  });

  it('non-member and malformed school id: 404 SCHOOL_NOT_FOUND; role without the permission: 403', async () => {
    await expect(activate(guardAnswering(null), contextFor(handlerWith('school.read'), { schoolId: SCHOOL }))).rejects.toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
    await expect(activate(guardAnswering('admin'), contextFor(handlerWith('school.read'), { schoolId: 'nope' }))).rejects.toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
    await expect(activate(guardAnswering('teacher'), contextFor(handlerWith('fees.read'), { schoolId: SCHOOL }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(activate(guardAnswering('teacher'), contextFor(handlerWith('attendance.mark'), { schoolId: SCHOOL }))).resolves.toBe(true);
  });

  it('a school awaiting approval: reads pass, every other method answers 403 SCHOOL_NOT_APPROVED (issue 33 row 3)', async () => {
    const admin = { id: 'u1', username: 'u', role: 'admin' };
    for (const status of ['pending', 'rejected']) {
      await expect(activate(guardAnswering('admin', status), contextFor(handlerWith('school.read'), { schoolId: SCHOOL }, admin, 'GET'))).resolves.toBe(true);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        await expect(activate(guardAnswering('admin', status), contextFor(handlerWith('members.manage'), { schoolId: SCHOOL }, admin, method))).rejects.toMatchObject({ code: 'SCHOOL_NOT_APPROVED' });
      }
    }
    await expect(activate(guardAnswering('admin'), contextFor(handlerWith('members.manage'), { schoolId: SCHOOL }, admin, 'POST'))).resolves.toBe(true);
  });

  it('binds the request to the school it proved, and only then (issue 33: reads run under row-level security)', async () => {
    const seen: (string | undefined)[] = [];
    await requestContext.run({ reqId: 'test' }, async () => {
      await guardAnswering('admin').canActivate(contextFor(handlerWith('school.read'), { schoolId: SCHOOL.toUpperCase() }));
      seen.push(currentSchoolId());
    });
    await requestContext.run({ reqId: 'test' }, async () => {
      await expect(guardAnswering(null).canActivate(contextFor(handlerWith('school.read'), { schoolId: SCHOOL }))).rejects.toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
      seen.push(currentSchoolId());
    });
    expect(seen).toEqual([SCHOOL, undefined]);
  });
});
