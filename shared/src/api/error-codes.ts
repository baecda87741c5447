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
 * (`modules/<m>.ts`, collected by `MODULE_CONTRACTS`); the general codes and the older workspace's are here.
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
  // The school workspace (docs/workspace-contract.md).
  INVITATION_INVALID: { status: 404, message: 'This invitation is not valid: it may have expired or been used already.' },
  LAST_ADMIN: { status: 422, message: 'A school needs at least one admin: make someone else an admin first.' },
  SCHOOL_OWNER: { status: 422, message: 'The account that registered the school cannot be removed or given another role.' },
  ALREADY_MEMBER: { status: 409, message: 'This person is already a member of the school.' },
  SCHOOL_NOT_APPROVED: { status: 403, message: 'This school is waiting for approval: it can be changed once it is approved.' },
  INVITATION_EMAIL_MISMATCH: { status: 403, message: 'This invitation was sent to another e-mail address: sign out and open the link to make a new account.' },
  ACADEMIC_YEAR_INVALID: { status: 400, message: 'The academic year’s name must match its dates.' },
  ACADEMIC_YEAR_EXISTS: { status: 409, message: 'This academic year already exists.' },
  // Staff, timetable and calendar (issue 15).
  EMPLOYEE_CODE_TAKEN: { status: 409, message: 'Another staff member already has this employee code.' },
  STAFF_ACCOUNT_LINKED: { status: 409, message: 'This member account is already linked to another staff record.' },
  TIMETABLE_CLASH: { status: 409, message: 'A teacher would be in two places at once.' },
  TEACHER_OVERLOADED: { status: 409, message: 'A teacher would teach more periods in a day than the school allows.' },
  SUBSTITUTE_NOT_FREE: { status: 409, message: 'This teacher is not free in that period.' },
  SCHOOL_CLOSED: { status: 422, message: 'The school is closed on this day.' },
  // Students and admissions (DECISIONS "Students", "Admissions").
  STUDENT_LIMIT_REACHED: { status: 422, message: 'The free trial allows up to 100 students' },
  ADMISSION_NUMBER_TAKEN: { status: 409, message: 'Another student already has this admission number.' },
  AADHAAR_DUPLICATE: { status: 409, message: 'Another student of this school has this Aadhaar number.' },
  APPLICATION_DECIDED: { status: 422, message: 'This application has already been decided.' },
  PHOTO_INVALID: { status: 400, message: 'Upload a JPEG, PNG or WebP photo of at most 512 KB.' },
  IMPORT_FILE_INVALID: { status: 400, message: 'Upload a CSV or Excel (.xlsx) file with the template’s header row.' },
  // Attendance (DECISIONS "Attendance", issue 16).
  ATTENDANCE_HOLIDAY: { status: 422, message: 'Attendance cannot be marked on a holiday.' },
  ATTENDANCE_FUTURE_DATE: { status: 422, message: 'Attendance cannot be marked for a day that has not come yet.' },
  ATTENDANCE_NOT_IN_SECTION: { status: 422, message: 'Some of these students are not in this section.' },
  ATTENDANCE_CONFLICT: { status: 409, message: 'Someone else saved this day’s attendance meanwhile. Review their marks and save again.' },
  // Fees and receipts (DECISIONS "Fees").
  FEE_HEAD_EXISTS: { status: 409, message: 'A fee head with this name already exists.' },
  FEE_STRUCTURE_EXISTS: { status: 409, message: 'This class already has a fee structure for the year.' },
  NO_FEE_STRUCTURE: { status: 422, message: 'This student’s class has no fee structure yet.' },
  PAYMENT_EXCEEDS_DUES: { status: 422, message: 'The amount is more than what is due.' },
  RECEIPT_CANCELLED: { status: 422, message: 'This receipt is already cancelled.' },
  UPI_NOT_SET: { status: 422, message: 'The school has not set its UPI ID yet.' },
  FEE_STRUCTURE_PAID: { status: 409, message: 'Payments are recorded against this part of the fee structure, so it cannot be changed this way.' },
  // Exams and report cards (DECISIONS "Exams and report cards").
  MARKS_LOCKED: { status: 422, message: 'The results of this exam are published: marks are locked until an admin unpublishes them.' },
  MARKS_INCOMPLETE: { status: 409, message: 'Some marks of this exam are not entered yet: fill the empty sheets, or an admin may publish knowingly.' },
  SCHEME_IN_USE: { status: 409, message: 'Marks have already been entered this year in an exam that uses this assessment scheme, so its components and maximum marks can no longer be changed.' },
  LOGO_INVALID: { status: 400, message: 'Upload the logo as a PNG or JPEG image of at most 256 KB.' },
  RESULTS_NOT_PUBLISHED: { status: 422, message: 'No results have been published for this student yet.' },
  // Guardians and notices (issue 19).
  NO_GUARDIAN_EMAIL: { status: 422, message: 'The student has no guardian with this e-mail address. Add it to the student’s record first.' },
  ATTACHMENT_INVALID: { status: 400, message: 'Attach a PDF of at most 2 MB.' },
  NOTICE_PUBLISHED: { status: 422, message: 'This notice is already published and can no longer be changed.' },
  DATA_REQUEST_CLOSED: { status: 422, message: 'This request has already been answered.' },
  // A closed academic year (a later one is current): readable, never changed (issue 29).
  YEAR_CLOSED: { status: 409, message: 'This academic year is closed: a later year is current, so its marks and attendance can be read but no longer changed.' },
  // The modules' own codes (certificates, online payment, year end, messages, …) come from their contracts.
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
