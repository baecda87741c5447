import type { ErrorCodeEntry } from '../api/error-entry';

/** The setup steps: classes, sections and subjects (spec §7). Merged into ERROR_CODES (api/error-codes.ts). */
export const ACADEMICS_ERRORS = {
  UNKNOWN_CLASSES: {
    status: 400,
    message: 'Some of these classes do not exist for this school and year. Please add them first.',
  },
  UNKNOWN_SUBJECTS: {
    status: 400,
    message: 'Some of these subjects are not in the list of available subjects.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;
