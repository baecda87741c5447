import type { ErrorCodeEntry } from '../api/error-entry';

/** Provider staff's approval queue. Merged into ERROR_CODES (api/error-codes.ts). */
export const ADMIN_ERRORS = {
  ALREADY_DECIDED: {
    status: 422,
    message: 'This school is not waiting for a decision: it has already been approved or rejected.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;
