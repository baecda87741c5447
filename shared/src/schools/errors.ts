import type { ErrorCodeEntry } from '../api/error-entry';
import { MESSAGES } from '../messages';

/** A school's profile and plan (spec §5; DECISIONS "Schools, setup and approval"). Merged into ERROR_CODES (api/error-codes.ts). */
export const SCHOOL_ERRORS = {
  SCHOOL_NOT_FOUND: { status: 404, message: 'School not found.' },
  SUBDOMAIN_TAKEN: { status: 409, message: MESSAGES.errors.subdomainTaken },
  SUBDOMAIN_RESERVED: { status: 409, message: MESSAGES.errors.subdomainReserved },
  SCHOOL_CODE_TAKEN: { status: 409, message: 'This school code is already in use.' },
  SCHOOL_ALREADY_EXISTS: { status: 409, message: 'You have already created a school.' },
  PLAN_COMING_SOON: { status: 422, message: MESSAGES.errors.planComingSoon },
  SCHOOL_NOT_EDITABLE: {
    status: 422,
    message: 'This school cannot be changed now: only a rejected school can be edited and re-submitted.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;
