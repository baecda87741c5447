import type { ErrorCodeEntry } from '../api/error-entry';
import { EMAIL_SERVICE_MESSAGES } from '../messages';

/** The public contact form (spec §8 e-mail service statuses). Merged into ERROR_CODES (api/error-codes.ts). */
export const CONTACT_ERRORS = {
  /** POST /contact with only the e-mail address wrong (spec §8 e-mail service statuses). */
  CONTACT_EMAIL_INVALID: { status: 422, message: EMAIL_SERVICE_MESSAGES[422] },
} as const satisfies Record<string, ErrorCodeEntry>;
