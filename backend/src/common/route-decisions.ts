import { SetMetadata, type Type } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { IS_PUBLIC, ROLES } from './auth/decorators';
import { SCHOOL_LOCATION, SchoolOwnerGuard } from './tenancy/school-owner.guard';
import { SCHOOL_SCOPED } from './workspace/workspace.keys';

/**
 * Every route states who may reach whose data; `app.routes.spec.ts` fails for a route that does
 * not. A route is decided when it is
 * - public: `@Public()`;
 * - staff-only: `@Roles('staff')` and no other role (provider staff, no tenant);
 * - owned-school: `@OwnedSchool(…)` (SchoolOwnerGuard loads the caller's school or answers 404);
 * - caller-scoped: `@CallerScoped()` (only the caller's own account, or the school the caller owns
 *   found from the token, or data that belongs to no school);
 * - or carries any metadata key in ROUTE_DECISION_KEYS. A new kind of tenancy guard (the school
 *   workspace's `/schools/:schoolId/*` permissions) appends its key there, one line.
 */
export const CALLER_SCOPED = 'vidyalaya:caller-scoped';

/** The route reaches only the caller's own data (see ROUTE_DECISION_KEYS). */
export const CallerScoped = () => SetMetadata(CALLER_SCOPED, true);

/** Metadata keys that record a route's access decision, with the name the route table shows. */
export const ROUTE_DECISION_KEYS: { key: string | symbol; decision: string }[] = [
  { key: IS_PUBLIC, decision: 'public' },
  { key: SCHOOL_LOCATION, decision: 'owned-school' },
  { key: CALLER_SCOPED, decision: 'caller-scoped' },
  // `/schools/:schoolId/*`: membership + the route's permission (common/workspace/workspace.guard.ts).
  { key: SCHOOL_SCOPED, decision: 'school-workspace' },
];

/** Guards whose presence on a route (or its controller) is a decision by itself. */
export const ROUTE_DECISION_GUARDS: { guard: Type; decision: string }[] = [{ guard: SchoolOwnerGuard, decision: 'owned-school' }];

const read = <T>(key: string | symbol, handler: object, controller: object): T | undefined =>
  (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined);

/** The access decision of one route (its handler and controller class), or null when it has none. */
export function routeDecision(handler: object, controller: object): string | null {
  for (const { key, decision } of ROUTE_DECISION_KEYS) {
    if (read(key, handler, controller) !== undefined) return decision;
  }
  const guards = [...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []), ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? [])];
  for (const { guard, decision } of ROUTE_DECISION_GUARDS) {
    if (guards.includes(guard)) return decision;
  }
  const roles = read<string[]>(ROLES, handler, controller);
  if (roles && roles.length > 0 && roles.every((r) => r === 'staff')) return 'staff-only';
  return null;
}
