import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';

const WITH_MESSAGE = Symbol('withMessage');

/** A result that also carries a top-level `message` in the envelope. */
export function withMessage<T>(data: T, message: string): T {
  return { [WITH_MESSAGE]: message, data } as unknown as T;
}

/**
 * A result that is already JSON (a stored read model, e.g. the dashboard summary): it becomes the
 * envelope's `data` as it is, without being parsed and serialized again. `T` names what it holds.
 */
export class RawJson<T = unknown> {
  declare readonly holds?: T;
  constructor(readonly json: string) {}
}

/** Wraps every successful result as `{ success: true, data }`. */
@Injectable()
export class SuccessInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result) => {
        if (result instanceof RawJson) {
          ctx.switchToHttp().getResponse<FastifyReply>().type('application/json; charset=utf-8');
          return `{"success":true,"data":${result.json}}`;
        }
        if (result && typeof result === 'object' && WITH_MESSAGE in result) {
          const r = result as { [WITH_MESSAGE]: string; data: unknown };
          return { success: true, data: r.data, message: r[WITH_MESSAGE] };
        }
        return { success: true, data: result ?? null };
      }),
    );
  }
}
