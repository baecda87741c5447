import { ERROR_CODES, type ErrorCode } from '@vidyalaya/shared';

/**
 * The one exception type services throw. Each code has its HTTP status and default user-facing
 * message in shared/src/api/error-codes.ts; the global filter turns it into the envelope.
 */
export class DomainException extends Error {
  readonly code: ErrorCode;
  /** Field path → message; a few codes carry structured details (MARKS_INCOMPLETE: `{sheets:[…]}`). */
  readonly details?: Record<string, string> | Record<string, unknown>;
  /** Seconds for the Retry-After header (429). */
  readonly retryAfterSeconds?: number;
  /** Extra data to put in the failure envelope's `data` (rarely needed). */
  readonly data?: unknown;

  constructor(
    code: ErrorCode,
    opts: { message?: string; details?: Record<string, string> | Record<string, unknown>; retryAfterSeconds?: number; data?: unknown } = {},
  ) {
    super(opts.message ?? ERROR_CODES[code].message);
    this.name = 'DomainException';
    this.code = code;
    this.details = opts.details;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.data = opts.data;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}
