import type { ErrorCodeEntry } from '../api/error-entry';
import { ERROR_MESSAGES } from '../messages';

/** Accounts, codes and sessions (spec §4, §7; DECISIONS "Accounts and tokens"). Merged into ERROR_CODES (api/error-codes.ts). */
export const AUTH_ERRORS = {
  INVALID_CREDENTIALS: { status: 401, message: ERROR_MESSAGES.invalidCredentials },
  TOKEN_EXPIRED: { status: 401, message: 'Your session has expired. Please sign in again.' },
  REFRESH_TOKEN_INVALID: {
    status: 401,
    message: 'Your session is no longer valid. Please sign in again.',
  },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Please verify your email address before signing in.',
  },
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken.' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email address already exists.' },
  OTP_INVALID: { status: 400, message: ERROR_MESSAGES.invalidOtp },
  OTP_EXPIRED: { status: 400, message: 'This code has expired. Please request a new one.' },
  OTP_ATTEMPTS_EXCEEDED: {
    status: 400,
    message: 'Too many wrong attempts. Please request a new code.',
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    message: 'This password reset has expired or was already used. Please start again.',
  },
  PASSWORD_TOO_COMMON: { status: 400, message: ERROR_MESSAGES.passwordTooCommon },
} as const satisfies Record<string, ErrorCodeEntry>;
