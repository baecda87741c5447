import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { UserRole } from '@vidyalaya/shared';
import type { AuthUser } from './access-tokens';

export const IS_PUBLIC = 'vidyalaya:public';
export const ROLES = 'vidyalaya:roles';

/** The route needs no sign-in (every other route does). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles may call the route (403 FORBIDDEN otherwise). */
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES, roles);

/** The signed-in user, as the access token names them. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
