import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running for one request can know about it without being handed it: its id. Set by
 * the one Fastify hook in app.factory.ts (after the body is read, before guards, pipes and the
 * handler), read by the logger's mixin (common/logger.ts), so every line a service writes while
 * serving a request carries `reqId`, as the HTTP lines do.
 */
export interface RequestContext {
  reqId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the request being served, or undefined outside one (start-up, timers, the CLI). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}
