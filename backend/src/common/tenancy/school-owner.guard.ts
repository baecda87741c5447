import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ZodValidationException } from 'nestjs-zod';
import type { z } from 'zod';
import type { AuthUser } from '../auth/access-tokens';
import { DomainException } from '../domain.exception';
import { bindSchool } from '../request-context';

/**
 * Tenancy, in one place. A route that acts on a school names where the school id comes from
 * (`@OwnedSchool('body', 'schoolId', createClassesSchema)`); this guard validates that part of the
 * request with the route's own schema (so a malformed request answers the same 400 as the
 * validation pipe would), then loads the school only if the signed-in user owns it. Another
 * administrator's school and a missing one both answer 404 SCHOOL_NOT_FOUND, byte for byte.
 * Handlers take the loaded school with `@TenantSchool()`; they never see a bare id to trust. The
 * request is then bound to the school (`bindSchool`), so its statements run under row-level security.
 *
 * common/ knows no module: the schools module provides `SchoolOwnership` (the one query that loads
 * a school by id and owner), globally, so the guard works on any module's routes.
 */
type Source = 'params' | 'body' | 'query';
interface SchoolLocation {
  source: Source;
  key: string;
  schema: z.ZodType;
}

export const SCHOOL_LOCATION = 'vidyalaya:school-location';
const SCHOOL_ON_REQUEST = Symbol('vidyalaya:school');

/** The least the guard needs of a school; handlers read the full record the provider loaded. */
export interface OwnedSchoolRecord {
  id: string;
  ownerId: string;
}

/** Loads the school `schoolId` if `ownerId` owns it, else null (implemented by the schools module). */
export abstract class SchoolOwnership {
  abstract findOwned(schoolId: string, ownerId: string): Promise<OwnedSchoolRecord | null>;
}

type TenantRequest = Partial<Record<Source, unknown>> & { user?: AuthUser; [SCHOOL_ON_REQUEST]?: OwnedSchoolRecord };

@Injectable()
export class SchoolOwnerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly schools: SchoolOwnership,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const location = this.reflector.get<SchoolLocation | undefined>(SCHOOL_LOCATION, ctx.getHandler());
    if (!location) throw new Error('SchoolOwnerGuard needs @OwnedSchool() on the route');
    const req = ctx.switchToHttp().getRequest<TenantRequest>();
    const parsed = location.schema.safeParse(req[location.source] ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const schoolId = (parsed.data as Record<string, unknown>)[location.key];
    const user = req.user;
    if (typeof schoolId !== 'string' || !user) throw new DomainException('SCHOOL_NOT_FOUND');
    const school = await this.schools.findOwned(schoolId, user.id);
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
    req[SCHOOL_ON_REQUEST] = school;
    // The rest of the request runs in the school's row-level-security context (issue 33).
    bindSchool(school.id.toLowerCase());
    return true;
  }
}

/**
 * The route acts on the school whose id is `request[source][key]`, validated by `schema` (the same
 * shared schema the route's DTO uses), and only its owner may call it.
 */
export function OwnedSchool(source: Source, key: string, schema: z.ZodType) {
  return applyDecorators(SetMetadata(SCHOOL_LOCATION, { source, key, schema } satisfies SchoolLocation), UseGuards(SchoolOwnerGuard));
}

/**
 * The school SchoolOwnerGuard loaded for this request (owned by the signed-in user): the record
 * `SchoolOwnership` answered (the schools module's entity).
 */
export const TenantSchool = createParamDecorator((_: unknown, ctx: ExecutionContext): OwnedSchoolRecord => {
  const school = ctx.switchToHttp().getRequest<TenantRequest>()[SCHOOL_ON_REQUEST];
  if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
  return school;
});
