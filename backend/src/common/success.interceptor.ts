import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';

const WITH_MESSAGE = Symbol('withMessage');

/** A result that also carries a top-level `message` in the envelope. */
export function withMessage<T>(data: T, message: string): T {
  return { [WITH_MESSAGE]: message, data } as unknown as T;
}

/** Wraps every successful result as `{ success: true, data }`. */
@Injectable()
export class SuccessInterceptor implements NestInterceptor {
  intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result) => {
        if (result && typeof result === 'object' && WITH_MESSAGE in result) {
          const r = result as { [WITH_MESSAGE]: string; data: unknown };
          return { success: true, data: r.data, message: r[WITH_MESSAGE] };
        }
        return { success: true, data: result ?? null };
      }),
    );
  }
}
