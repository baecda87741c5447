/**
 * The workspace's wire messages (validation text the server answers and the renderer shows).
 * Screen copy lives in the renderer's catalogue, not here.
 */
export const WORKSPACE_MESSAGES = {
  roleInvalid: 'Choose a role: admin, office, accountant, teacher or guardian',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must not exceed 100 characters',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must not exceed 255 characters',
  studentIdsInvalid: 'Each student must be a valid ID',
  studentIdsOnlyForGuardians: 'Students can be linked only to a guardian invitation',
  tooManyStudents: 'At most 20 students can be linked to one invitation',
  tokenInvalid: 'This invitation link is not valid',
  languageInvalid: 'Choose English (en) or Hindi (hi)',
  invitationStatusInvalid: 'Status must be pending, accepted, revoked, expired or all',
  yearNameFormat: 'Academic year must look like 2026-27',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  yearDatesMismatch: 'The year’s name must match its dates: 2026-27 runs within April 2026 to March 2027',
  yearEndsBeforeStart: 'The year must end after it starts',
  yearTooLong: 'An academic year lasts at most 12 months',
  entityInvalid: 'Entity must be 1 to 50 letters, digits, dots or underscores',
} as const;
