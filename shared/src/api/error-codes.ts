import { ACADEMICS_ERRORS } from '../academics/errors';
import { ADMIN_ERRORS } from '../admin/errors';
import { AUTH_ERRORS } from '../auth/errors';
import { CONTACT_ERRORS } from '../contact/errors';
import { SCHOOL_ERRORS } from '../schools/errors';
import { MODULE_ERRORS } from '../modules/index';
import type { ErrorCodeEntry } from './error-entry';

/**
 * Every failure the API can answer with: a stable UPPER_SNAKE code, its HTTP status and the
 * message a person reads (DECISIONS.md "API shape"). A service throws a code; the global filter
 * looks the status and message up here. Each onboarding domain keeps its own codes beside its
 * schemas (`<domain>/errors.ts`), spread in below; a workspace module's are in its contract
 * (`modules/<m>.ts`, collected by `MODULE_CONTRACTS`); the general codes are here.
 */
export const ERROR_CODES = {
  ...AUTH_ERRORS,
  ...SCHOOL_ERRORS,
  ...ACADEMICS_ERRORS,
  ...ADMIN_ERRORS,
  ...CONTACT_ERRORS,
  VALIDATION_FAILED: {
    status: 400,
    message: 'Some of the details are not valid. Please check them and try again.',
  },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  NOT_FOUND: { status: 404, message: 'The requested item was not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'This API route does not exist.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  MAIL_UNAVAILABLE: {
    status: 503,
    message: 'We could not send the email right now. Please try again later.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again later.',
  },
  SCHOOL_NOT_APPROVED: { status: 403, message: 'This school is waiting for approval: it can be changed once it is approved.' },
  // Every workspace module's own codes come from its contract (modules/<m>.ts).
  ...MODULE_ERRORS,
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes as a tuple, for `z.enum` and exhaustive tests. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
