/** A result (`data`) that also carries a top-level `message` in the envelope. */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

const WITH_FIELDS = Symbol('withTopLevel');

/** `data`, answered with a top-level `message` in the envelope (its type says so: not a bare `T`). */
export function withMessage<T>(data: T, message: string): WithMessage<T> {
  return new WithMessage(data, message);
}

/**
 * A result whose envelope also carries `fields` beside `success` and `data` (DECISIONS
 * "Compatibility fixes": GET /auth/me answers `{success, user, data:{user}}`).
 */
export function withTopLevel<T>(data: T, fields: Record<string, unknown>): T {
  return { [WITH_FIELDS]: fields, data } as unknown as T;
}

/**
 * A result that is already JSON (a stored read model, e.g. the dashboard summary): it becomes the
 * envelope's `data` as it is, without being parsed and serialized again. `T` names what it holds.
 */
export class RawJson<T = unknown> {
  declare readonly holds?: T;
  constructor(readonly json: string) {}
}

/**
 * The reply serializer of every API route (app.factory.ts): a handler's result leaves as
 * `{ success: true, data, message? }`. A string is already a whole answer (the failure envelope the
 * filter writes) and leaves as it is.
 *
 * This is a Fastify reply serializer rather than a Nest interceptor: Nest runs each interceptor
 * through RxJS and binds an AsyncResource per request, which cost about 40 % of a small request's
 * CPU time in the benchmark (docs/performance.md).
 */
export function serializeSuccess(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result instanceof RawJson) return `{"success":true,"data":${result.json}}`;
  if (result instanceof WithMessage) return JSON.stringify({ success: true, data: result.data ?? null, message: result.message });
  if (result !== null && typeof result === 'object' && WITH_FIELDS in result) {
    const r = result as { [WITH_FIELDS]: Record<string, unknown>; data: unknown };
    return JSON.stringify({ success: true, ...r[WITH_FIELDS], data: r.data ?? null });
  }
  return JSON.stringify({ success: true, data: result ?? null });
}
