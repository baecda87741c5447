import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { UserRole } from '@vidyalaya/shared';
import { Clock } from '../clock';
import { DomainException } from '../domain.exception';
import { AuthUser, verifyAccessToken } from './access-tokens';
import { IS_PUBLIC, ROLES } from './decorators';

/**
 * Global guard: every route needs a valid access token unless marked @Public(); @Roles() narrows it.
 * It trusts the token alone (no database round trip); tokens live 15 minutes.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  canActivate(ctx: ExecutionContext): boolean {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const header = req.headers['authorization'] ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    if (!match) throw new DomainException('UNAUTHENTICATED');
    const result = verifyAccessToken(match[1], this.config.jwtSecret, this.clock.now());
    if (!result.ok) throw new DomainException(result.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
    req.user = result.user;
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(result.user.role)) throw new DomainException('FORBIDDEN');
    return true;
  }
}
