/**
 * A store other than PostgreSQL (Redis, when it holds the rate-limit counters) cannot be reached or
 * did not answer in time. The envelope filter answers it like a database outage: 503
 * DATABASE_UNAVAILABLE, and one log line with `reason` — a short description that never holds a
 * URL, a password or a stack.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly store: string,
    readonly reason: string,
  ) {
    super(`${store} unavailable: ${reason}`);
    this.name = 'StoreUnavailableError';
  }
}

/** True when an error means the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string; driverError?: unknown };
  if (e.driverError && isDatabaseUnavailable(e.driverError)) return true;
  const code = e.code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  // PostgreSQL: class 08 connection exceptions, 57P01-57P03 shutdown / cannot connect now.
  if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
  const msg = e.message ?? '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Too many connections/i.test(
    msg,
  );
}

/**
 * SQLSTATEs of class 22 that only a value the client sent can cause: a NUL byte or a character
 * the database cannot store, text that is not a valid uuid/number/date, a value out of range or
 * too long. Answered 400 (bad input) instead of 500 (found by the fuzz suite, backend/test/fuzz).
 */
const INVALID_INPUT_CODES = new Set(['22021', '22P05', '22P02', '22001', '22003', '22007', '22008']);

export function isInvalidInput(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; driverError?: unknown };
  if (e.driverError && isInvalidInput(e.driverError)) return true;
  return typeof e.code === 'string' && INVALID_INPUT_CODES.has(e.code);
}
