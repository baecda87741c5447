/**
 * Field messages of spec §5 (and the limits DECISIONS adds): the schemas' messages, loaded with the
 * schemas (a form's page), not with every page's first script.
 */
import { ADD_AT_LEAST_ONE_SECTION, PASSWORDS_DONT_MATCH } from './messages-common';

const USERNAME_MIN_MESSAGE = 'Username must be at least 3 characters';
const PASSWORD_MIN_MESSAGE = 'Password must be at least 6 characters';
const SCHOOL_NAME_MAX_MESSAGE = 'School name must not exceed 255 characters';
const ALL_FIELDS_REQUIRED = 'All fields are required';
const EMAIL_TOO_LONG = 'Email must not exceed 255 characters';

/** Field messages of spec §5 (and the limits DECISIONS adds). */
export const VALIDATION_MESSAGES = {
  // Accounts
  usernameMin: USERNAME_MIN_MESSAGE,
  usernameMax: 'Username must not exceed 30 characters',
  usernameCharacters: 'Username can contain only letters, digits, dots, hyphens and underscores, in one script',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: EMAIL_TOO_LONG,
  passwordMin: PASSWORD_MIN_MESSAGE,
  passwordMax: 'Password must not exceed 128 characters',
  passwordRequired: 'Password is required',
  passwordsDontMatch: PASSWORDS_DONT_MATCH,
  passwordLikeAccount: 'Password must not be your username or email address',
  agreeToTerms: 'You must agree to the Terms of Service and Privacy Policy',
  otpDigits: 'OTP must be 6 digits',
  otpPurposeInvalid: 'Purpose must be registration or password_reset',
  resetTokenRequired: 'Reset token is required',
  refreshTokenRequired: 'Refresh token is required',

  // School form
  schoolNameMin: 'School name must be at least 2 characters',
  schoolNameMax: SCHOOL_NAME_MAX_MESSAGE,
  subdomainRequired: 'Subdomain is required',
  subdomainMin: 'Subdomain must be at least 3 characters',
  subdomainMax: 'Subdomain must not exceed 50 characters',
  subdomainCharacters: 'Subdomain can only contain lowercase letters, numbers, and hyphens',
  subdomainStart: 'Subdomain must start with a letter or number',
  subdomainEnd: 'Subdomain must end with a letter or number',
  subdomainConsecutiveHyphens: 'Subdomain cannot contain consecutive hyphens',
  addressRequired: 'Address is required',
  address1Required: 'Address line 1 is required',
  address1TooLong: 'Address line 1 too long',
  address2TooLong: 'Address line 2 too long',
  localityRequired: 'Locality is required',
  localityTooLong: 'Locality too long',
  cityRequired: 'City is required',
  cityTooLong: 'City too long',
  stateRequired: 'State is required',
  stateTooLong: 'State too long',
  countryRequired: 'Country is required',
  countryTooLong: 'Country too long',
  pinCode: 'Pin code must be 4-10 digits',
  landmarkTooLong: 'Landmark too long',
  levelRequired: 'Please select a school level',
  boardTooLong: 'Board must not exceed 255 characters',
  schoolCodeMin: 'School code must be at least 2 characters',
  schoolCodeMax: 'School code must not exceed 50 characters',
  schoolCodeFormat:
    'School code can only contain uppercase letters, numbers, hyphens and underscores',
  phoneNumbersMin: 'At least one phone number is required',
  phoneNumbersMax: 'Maximum 5 phone numbers allowed',
  phoneNumberFormat: 'Invalid phone number format',
  phoneNumbersUnique: 'Phone numbers must be unique',
  schoolEmailInvalid: 'Invalid email format',
  schoolEmailTooLong: EMAIL_TOO_LONG,
  principalNameMin: 'Principal name must be at least 2 characters',
  principalNameMax: 'Principal name must not exceed 255 characters',
  principalNameFormat: 'Principal name can only contain letters, spaces and dots',
  establishedYearInteger: 'Established year must be a whole number',
  establishedYearMin: 'Established year cannot be before 1800',
  establishedYearFuture: 'Established year cannot be in the future',
  languageMin: 'Language must be at least 2 characters',
  languageMax: 'Language must not exceed 50 characters',
  languageFormat: 'Language can only contain letters and spaces',
  planTypeInvalid: 'Plan must be one of free_trial, basic, standard or premium',

  // Setup forms
  schoolIdInvalid: 'Invalid school ID',
  idInvalid: 'Invalid ID',
  academicYearFormat: 'Academic year must be in format YYYY-YY (e.g., 2024-25)',
  academicYearRange: 'Academic year must be between 2000-01 and 2099-00',
  classesMin: 'Please select at least one class',
  unknownClass: (name: string) =>
    `"${name}" is not one of the available classes (Nursery to Class 12)`,
  classNameRequired: 'Class name is required',
  duplicateClass: 'Each class can appear only once',
  sectionsMin: ADD_AT_LEAST_ONE_SECTION,
  sectionNameRequired: 'Section name is required',
  sectionNameMax: 'Section name must not exceed 20 characters',
  sectionNamesUnique: 'Section names must be unique within a class',
  classSubjectsMin: 'Please select at least one subject to add',
  subjectNamesMin: 'Please select at least one subject for this class',
  subjectNameRequired: 'Subject name is required',
  subjectNameMax: 'Subject name must not exceed 100 characters',
  subjectNamesUnique: 'Each subject can be added only once per class',

  // Contact form
  nameRequired: 'Name is required',
  contactNameMax: 'Name must not exceed 100 characters',
  contactEmailRequired: 'Email is required',
  contactSchoolMax: SCHOOL_NAME_MAX_MESSAGE,
  messageRequired: 'Message is required',
  messageMax: 'Message must not exceed 5000 characters',
  allFieldsRequired: ALL_FIELDS_REQUIRED,

  // Staff approval
  statusFilterInvalid: 'Status must be pending, approved, rejected or all',
  searchMax: 'Search must not exceed 100 characters',
  pageInvalid: 'Page must be a whole number of at least 1',
  pageSizeInvalid: 'Page size must be a whole number from 1 to 100',
  rejectionReasonRequired: 'A reason is required to reject a school',
  rejectionReasonMax: 'Reason must not exceed 1000 characters',
} as const;
