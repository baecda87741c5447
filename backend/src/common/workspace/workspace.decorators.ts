import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import type { Permission } from '@vidyalaya/shared';
import { DomainException } from '../domain.exception';
import type { WorkspaceContext } from './workspace-context';
import { WORKSPACE_ON_REQUEST, WorkspaceGuard } from './workspace.guard';

import { REQUIRED_PERMISSION, SCHOOL_SCOPED } from './workspace.keys';

export { REQUIRED_PERMISSION, SCHOOL_SCOPED };

/**
 * A controller whose routes all live under `/schools/:schoolId/…` and act in that school. Its
 * routes run the workspace guard (membership, then the route's permission); every route must
 * declare `@RequirePermission(…)` — a route without one fails at request time and in the route
 * matrix test (test/workspace/route-matrix.int-spec.ts).
 */
export function SchoolScoped(): ClassDecorator {
  return applyDecorators(
    SetMetadata(SCHOOL_SCOPED, true),
    UseGuards(WorkspaceGuard),
    ApiBearerAuth(),
    ApiNotFoundResponse({ description: 'SCHOOL_NOT_FOUND: no such school, or the caller is not a member (the same answer)' }),
    ApiForbiddenResponse({ description: 'FORBIDDEN: the caller’s role in this school lacks the route’s permission' }),
  ) as ClassDecorator;
}

/** The one permission (shared/src/workspace/roles.ts) a role needs to call this route. */
export const RequirePermission = (permission: Permission) => SetMetadata(REQUIRED_PERMISSION, permission);

/** The request's proven workspace context (school, user, role). */
export const Workspace = createParamDecorator((_: unknown, ctx: ExecutionContext): WorkspaceContext => {
  const found = ctx.switchToHttp().getRequest<{ [WORKSPACE_ON_REQUEST]?: WorkspaceContext }>()[WORKSPACE_ON_REQUEST];
  if (!found) throw new DomainException('SCHOOL_NOT_FOUND');
  return found;
});
