import type { ErrorCodeEntry } from '../api/error-entry';
import { ERROR_MESSAGES } from '../messages';

/** A school's profile and plan (spec §5; DECISIONS "Schools, setup and approval"). Merged into ERROR_CODES (api/error-codes.ts). */
export const SCHOOL_ERRORS = {
  SCHOOL_NOT_FOUND: { status: 404, message: 'School not found.' },
  SUBDOMAIN_TAKEN: { status: 409, message: ERROR_MESSAGES.subdomainTaken },
  SUBDOMAIN_RESERVED: { status: 409, message: ERROR_MESSAGES.subdomainReserved },
  SCHOOL_CODE_TAKEN: { status: 409, message: 'This school code is already in use.' },
  SCHOOL_ALREADY_EXISTS: { status: 409, message: 'You have already created a school.' },
  PLAN_COMING_SOON: { status: 422, message: ERROR_MESSAGES.planComingSoon },
  SCHOOL_NOT_EDITABLE: {
    status: 422,
    message: 'This school cannot be changed now: only a rejected school can be edited and re-submitted.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;
