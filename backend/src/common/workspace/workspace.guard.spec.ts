import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { DataSource } from 'typeorm';
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

function handlerWith(permission?: string): Function {
  const fn = function handler() {};
  if (permission) Reflect.defineMetadata('vidyalaya:required-permission', permission, fn);
  return fn;
}

describe('WorkspaceGuard', () => {
  it('a route without a permission decision is a programming error, whoever calls', async () => {
    await expect(guardAnswering('admin').canActivate(contextFor(handlerWith(), { schoolId: SCHOOL }))).rejects.toThrow(/declares no @RequirePermission/);
  });

  it('non-member and malformed school id: 404 SCHOOL_NOT_FOUND; role without the permission: 403', async () => {
    await expect(guardAnswering(null).canActivate(contextFor(handlerWith('school.read'), { schoolId: SCHOOL }))).rejects.toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
    await expect(guardAnswering('admin').canActivate(contextFor(handlerWith('school.read'), { schoolId: 'nope' }))).rejects.toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
    await expect(guardAnswering('teacher').canActivate(contextFor(handlerWith('fees.read'), { schoolId: SCHOOL }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(guardAnswering('teacher').canActivate(contextFor(handlerWith('attendance.mark'), { schoolId: SCHOOL }))).resolves.toBe(true);
  });

  it('a school awaiting approval: reads pass, every other method answers 403 SCHOOL_NOT_APPROVED (issue 33 row 3)', async () => {
    const admin = { id: 'u1', username: 'u', role: 'admin' };
    for (const status of ['pending', 'rejected']) {
      await expect(guardAnswering('admin', status).canActivate(contextFor(handlerWith('school.read'), { schoolId: SCHOOL }, admin, 'GET'))).resolves.toBe(true);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        await expect(guardAnswering('admin', status).canActivate(contextFor(handlerWith('members.manage'), { schoolId: SCHOOL }, admin, method))).rejects.toMatchObject({ code: 'SCHOOL_NOT_APPROVED' });
      }
    }
    await expect(guardAnswering('admin').canActivate(contextFor(handlerWith('members.manage'), { schoolId: SCHOOL }, admin, 'POST'))).resolves.toBe(true);
  });
});
