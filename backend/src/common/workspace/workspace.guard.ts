import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { roleHas, type Permission } from '@vidyalaya/shared';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/access-tokens';
import { DomainException } from '../domain.exception';
import { membership } from './membership.query';
import type { WorkspaceContext } from './workspace-context';
import { REQUIRED_PERMISSION } from './workspace.keys';
import { isUuid } from '../uuid';
import { bindSchool } from '../request-context';

/** The methods a school awaiting approval may still call in its workspace. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const WORKSPACE_ON_REQUEST = Symbol('vidyalaya:workspace');

type WorkspaceRequest = { method?: string; params?: Record<string, string>; user?: AuthUser; [WORKSPACE_ON_REQUEST]?: WorkspaceContext };

/**
 * The workspace guard (DECISIONS "Paths and tenancy"). Runs after the global AuthGuard, on every
 * route of a `@SchoolScoped()` controller:
 * 1. the route must declare its permission (a route without one is a programming error: 500 and
 *    a failing route-matrix test);
 * 2. one query finds the school and the caller's membership; a school that does not exist, a
 *    malformed id and a school the caller does not belong to all answer 404 SCHOOL_NOT_FOUND;
 * 3. the role, read from the database now, must hold the permission, else 403 FORBIDDEN;
 * 4. a school provider staff have not approved (pending, rejected, or renamed and re-submitted)
 *    may read its workspace but not change it: every other method answers 403 SCHOOL_NOT_APPROVED
 *    (issue 33 row 3). So nothing is added and no invitation or other e-mail goes out in the name
 *    of a school nobody vetted; its home and the `/school/*` setup calls are not workspace writes.
 * The proven `WorkspaceContext` is handed to the handler with `@Workspace()`, and the request is
 * bound to the school (`bindSchool`): the rest of it, reads included, runs under the school's
 * row-level security (database/school-bound.ts).
 */
@Injectable()
export class WorkspaceGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly db: DataSource,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const permission = this.reflector.get<Permission | undefined>(REQUIRED_PERMISSION, ctx.getHandler());
    if (!permission) throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} is school-scoped but declares no @RequirePermission()`);
    const req = ctx.switchToHttp().getRequest<WorkspaceRequest>();
    const schoolId = req.params?.schoolId;
    const user = req.user;
    if (!user || !isUuid(schoolId)) throw new DomainException('SCHOOL_NOT_FOUND');
    const member = await membership(this.db, schoolId.toLowerCase(), user.id);
    if (!member) throw new DomainException('SCHOOL_NOT_FOUND');
    const { role } = member;
    if (!roleHas(role, permission)) throw new DomainException('FORBIDDEN');
    if (!member.approved && !READ_METHODS.has((req.method ?? 'GET').toUpperCase())) throw new DomainException('SCHOOL_NOT_APPROVED');
    req[WORKSPACE_ON_REQUEST] = { schoolId: schoolId.toLowerCase(), userId: user.id, role };
    // From here on every statement of this request runs in the school's row-level-security
    // context, so a query that forgets its school filter still sees only this school (issue 33).
    bindSchool(schoolId.toLowerCase());
    return true;
  }
}
