import { AsyncLocalStorage } from 'node:async_hooks';
import { isUuid } from './uuid';

/**
 * What the code running for one request can know about it without being handed it: its id, and
 * the school it acts in once a guard has proved it. Set by the one Fastify hook in app.factory.ts
 * (after the body is read, before guards, pipes and the handler). The id is read by the logger's
 * mixin (common/logger.ts), so every line a service writes while serving a request carries
 * `reqId`, as the HTTP lines do. The school is read by the database (database/school-bound.ts):
 * from the moment a guard binds it, every statement the request sends runs in that school's
 * row-level-security context, whatever its SQL says (issue 33, reads that fail closed).
 */
export interface RequestContext {
  /** Undefined for work that is not a request (a background job). */
  readonly reqId?: string;
  /** The school this request or job acts in; set once by `bindSchool`, never changed. */
  schoolId?: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the request being served, or undefined outside one (start-up, timers, the CLI). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}

/** The school the running request or job is bound to, if any. */
export function currentSchoolId(): string | undefined {
  return requestContext.getStore()?.schoolId;
}

/**
 * The school the running request or job is bound to. Reading it where none is bound is a
 * programming error: the code that found the school (a guard, a job, a public call's token) binds
 * it first.
 */
export function boundSchoolId(): string {
  const id = requestContext.getStore()?.schoolId;
  if (id === undefined) throw new Error('No school is bound here: bindSchool() in a request, runInSchool() elsewhere');
  return id;
}

/**
 * Binds the request being served to `schoolId` (lower-case uuid) for the rest of its life: called
 * by the guards that prove the caller's place in a school (WorkspaceGuard, SchoolOwnerGuard), so
 * every query after them sees only that school's rows. Binding a request to a second, different
 * school is a programming error; outside a request it is too (use `runInSchool`).
 */
export function bindSchool(schoolId: string): void {
  const store = requestContext.getStore();
  if (!store) throw new Error('bindSchool() called outside a request');
  if (!isUuid(schoolId) || schoolId !== schoolId.toLowerCase()) throw new Error('bindSchool() needs a lower-case school id');
  if (store.schoolId !== undefined && store.schoolId !== schoolId) throw new Error('This request is already bound to another school');
  store.schoolId = schoolId;
}

/** Runs `fn` bound to `schoolId` (a background job acting for its school), keeping the request id if any. */
export function runInSchool<T>(schoolId: string, fn: () => T): T {
  const id = schoolId.toLowerCase();
  if (!isUuid(id)) throw new Error('runInSchool() needs a school id');
  return requestContext.run({ reqId: currentRequestId(), schoolId: id }, fn);
}
