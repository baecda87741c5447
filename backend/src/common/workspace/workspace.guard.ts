import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { roleHas, type Permission } from '@vidyalaya/shared';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/access-tokens';
import { DomainException } from '../domain.exception';
import { membershipRole } from './membership.query';
import type { WorkspaceContext } from './workspace-context';
import { REQUIRED_PERMISSION } from './workspace.keys';
import { isUuid } from '../uuid';

export const WORKSPACE_ON_REQUEST = Symbol('vidyalaya:workspace');

type WorkspaceRequest = { params?: Record<string, string>; user?: AuthUser; [WORKSPACE_ON_REQUEST]?: WorkspaceContext };

/**
 * The workspace guard (DECISIONS "Paths and tenancy"). Runs after the global AuthGuard, on every
 * route of a `@SchoolScoped()` controller:
 * 1. the route must declare its permission (a route without one is a programming error: 500 and
 *    a failing route-matrix test);
 * 2. one query finds the school and the caller's membership; a school that does not exist, a
 *    malformed id and a school the caller does not belong to all answer 404 SCHOOL_NOT_FOUND;
 * 3. the role, read from the database now, must hold the permission, else 403 FORBIDDEN.
 * The proven `WorkspaceContext` is handed to the handler with `@Workspace()`.
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
    const role = await membershipRole(this.db, schoolId.toLowerCase(), user.id);
    if (!role) throw new DomainException('SCHOOL_NOT_FOUND');
    if (!roleHas(role, permission)) throw new DomainException('FORBIDDEN');
    req[WORKSPACE_ON_REQUEST] = { schoolId: schoolId.toLowerCase(), userId: user.id, role };
    return true;
  }
}
