/**
 * The user-facing strings of spec §2, §4, §5 and §8 that the schemas, the server's error table or
 * more than one part of the renderer use, plus the ones DECISIONS.md adds. Spec strings are copied
 * exactly (spelling, punctuation, capitals; messages.spec.ts checks them). Copy that only one
 * screen shows lives with the feature that shows it (`web/src/features/<f>/messages.ts`).
 */
import { ADD_AT_LEAST_ONE_SECTION, PASSWORDS_DONT_MATCH } from './messages-common';
import { APPROVAL_MESSAGES, FOOTER_MESSAGES, HOME_MESSAGES, NAV_MESSAGES, SCREEN_MESSAGES, SETUP_COMPLETE_MESSAGES, SETUP_STEP_MESSAGES } from './messages-site';
import { VALIDATION_MESSAGES } from './messages-validation';

export * from './messages-site';
export * from './messages-validation';

// Strings that serve in more than one group.
const INVALID_CREDENTIALS = 'Invalid username or password';
const INVALID_OTP = 'Invalid OTP. Please try again.';
const REGISTRATION_FAILED = 'Registration failed';
const LOGIN_FAILED = 'Login failed';
const RESEND_OTP_FAILED = 'Failed to resend OTP';
const SEND_RESET_CODE_FAILED = 'Failed to send reset code';
const PASSWORD_RESET_FAILED = 'Password reset failed';
const LOGOUT_FAILED = 'Logout failed';
const CREATE_SCHOOL_FAILED = 'Failed to create school';
const PLEASE_TRY_AGAIN = 'Please try again.';
const ERROR = 'Error';

/** Conflicts and refusals the server answers with (DECISIONS.md). */
export const ERROR_MESSAGES = {
  invalidCredentials: INVALID_CREDENTIALS,
  invalidOtp: INVALID_OTP,
  passwordTooCommon: 'This password is too common',
  subdomainTaken: 'Subdomain already taken',
  subdomainReserved: 'This subdomain is reserved',
  planComingSoon: 'This plan is coming soon',
  // Schools and setup (issue 4)
  subdomainLocked: 'The subdomain of an approved school cannot be changed',
  /** `classList`: the class names, comma separated. */
  unknownClasses: (classList: string) =>
    `These classes have not been added for this academic year: ${classList}. Please add them first.`,
  classNotAdded: (className: string, academicYear: string) =>
    `${className} has not been added for ${academicYear}`,
  /** `subjectList`: the subject names, comma separated. */
  unknownSubjects: (subjectList: string) =>
    `These subjects are not in the list of available subjects: ${subjectList}`,
  unknownSubject: (subjectName: string) => `${subjectName} is not one of the available subjects`,
} as const;

/** Success toasts (spec §2, §4, §8). */
export const TOAST_MESSAGES = {
  registrationSuccess: 'Registration successful! Please check your email for verification code',
  loginSuccess: 'Welcome back! You have been successfully logged in.',
  emailVerified: 'Email verified successfully! You can now sign in to your account.',
  otpVerified: 'OTP verified successfully! You can now reset your password.',
  otpSent: 'OTP sent successfully!',
  resetCodeSent: 'Reset code sent!',
  codeVerified: 'Code verified! Please enter your new password.',
  passwordResetSuccess: 'Password reset successful! You can now login with your new password.',
  contactSent: "Message sent successfully! We'll get back to you within 24 hours.",
  loggedOut: 'Logged out successfully',
  /** /reset-password page. */
  resetPasswordPage: {
    title: 'Password reset successful!',
    description: 'You can now sign in with your new password.',
  },
  schoolCreated: {
    title: 'School created successfully!',
    description: 'Your school profile has been created and is pending approval.',
  },
  classesCreated: {
    title: 'Classes Created Successfully!',
    description: (count: number) => `${count} classes have been created for your school.`,
  },
  sectionsCreated: {
    title: 'Sections Created Successfully!',
    description: (count: number) => `${count} sections have been created for your classes.`,
  },
  subjectsSaved: {
    title: 'Subjects Saved Successfully!',
    description: 'Subjects have been configured for your classes.',
  },
  subjectsAlreadyComplete: {
    title: 'Subjects Configuration Complete!',
    description: 'All classes already have subjects configured.',
  },
} as const;

/** Fallbacks when a failed answer carries no server message (spec §8). */
export const FALLBACK_MESSAGES = {
  register: REGISTRATION_FAILED,
  resendOtp: RESEND_OTP_FAILED,
  verifyOtp: 'OTP verification failed',
  login: LOGIN_FAILED,
  forgotPassword: SEND_RESET_CODE_FAILED,
  resetPassword: PASSWORD_RESET_FAILED,
  fetchUser: 'Failed to fetch user data',
  fetchSchool: 'Failed to fetch school data',
  fetchSchoolDetailed: 'Failed to fetch detailed school data',
  logout: LOGOUT_FAILED,
  refreshToken: 'Token refresh failed',
  createSchool: CREATE_SCHOOL_FAILED,
  updatePlan: 'Failed to update plan',
  addClasses: 'Failed to add classes',
  addSections: 'Failed to add sections',
  fetchClassesSections: 'Failed to fetch classes and sections',
  fetchSubjects: 'Failed to fetch subjects',
  fetchGlobalSubjects: 'Failed to fetch global subjects',
  createClassSubjects: 'Failed to create class subjects',
} as const;

/**
 * Destructive toasts: the title, and the description shown when the server gives no message
 * (spec §8 "server message, or the fallback text after the colon").
 */
export const DESTRUCTIVE_MESSAGES = {
  register: { title: REGISTRATION_FAILED, description: 'An error occurred during registration' },
  login: { title: LOGIN_FAILED, description: INVALID_CREDENTIALS },
  verifyOtp: { title: 'Verification failed', description: INVALID_OTP },
  resendOtp: { title: RESEND_OTP_FAILED, description: 'Please try again later' },
  sendResetCode: { title: SEND_RESET_CODE_FAILED, description: PLEASE_TRY_AGAIN },
  invalidCode: { title: 'Invalid code', description: PLEASE_TRY_AGAIN },
  resetPasswordFailed: { title: 'Failed to reset password', description: PLEASE_TRY_AGAIN },
  resendCode: { title: 'Failed to resend code', description: PLEASE_TRY_AGAIN },
  passwordReset: {
    title: PASSWORD_RESET_FAILED,
    description: 'An error occurred while resetting your password',
  },
  passwordTooShort: {
    title: 'Password too short',
    description: 'Password must be at least 6 characters long',
  },
  passwordsMismatch: {
    title: PASSWORDS_DONT_MATCH,
    description: 'Please make sure both passwords are identical',
  },
  createSchool: {
    title: CREATE_SCHOOL_FAILED,
    description: 'An error occurred while creating your school profile',
  },
  createClasses: {
    title: 'Error Creating Classes',
    description: 'Failed to create classes. Please try again.',
  },
  createSections: {
    title: 'Error Creating Sections',
    description: 'Failed to create sections. Please try again.',
  },
  addSubjects: {
    title: 'Error Adding Subjects',
    description: 'Failed to add subjects. Please try again.',
  },
  noSectionsToCreate: {
    title: 'No Sections to Create',
    description: ADD_AT_LEAST_ONE_SECTION,
  },
  incompleteSubjectSelection: {
    title: 'Incomplete Subject Selection',
    description: (classNames: readonly string[]) =>
      `Please select at least one subject for: ${classNames.join(', ')}`,
  },
  loadClasses: { title: ERROR, description: 'Failed to load classes. Please try again.' },
  loadGlobalSubjects: {
    title: ERROR,
    description: 'Failed to load global subjects. Please try again.',
    /** The shorter variant the spec also lists. */
    short: 'Failed to load global subjects.',
  },
  loadSchool: { title: 'Error loading school data', description: 'Please try refreshing the page' },
  contact: {
    title: 'Failed to send message',
    description: 'Please try again or contact us directly.',
  },
  logout: {
    title: LOGOUT_FAILED,
    description: 'There was an error logging out. Please try again.',
  },
} as const;

/** Contact-form answers by status (spec §8 "E-mail service statuses"). */
export const EMAIL_SERVICE_MESSAGES = {
  422: 'Invalid email format. Please check your email address.',
  400: 'Message sending failed. Please check all fields.',
  403: 'Service temporarily unavailable. Please try again later.',
  other: 'Failed to send message. Please try again.',
} as const;

/** Headings and button labels of spec §2. */
export const UI_MESSAGES = {
  nav: NAV_MESSAGES,
  footer: FOOTER_MESSAGES,
  home: HOME_MESSAGES,
  features: { available: 'Available Features', comingSoon: 'Coming Soon', getStarted: NAV_MESSAGES.getStarted },
  howItWorks: { startYourFreeTrial: 'Start Your Free Trial' },
  pricing: {
    freeTrial: 'Free Trial',
    startFreeTrial: HOME_MESSAGES.startFreeTrial,
    customSolutions: 'Custom Solutions',
    contactUs: 'Contact Us',
  },
  register: { title: 'Create Your Account', submit: 'Create Account' },
  login: { title: 'Login to Platform', submit: NAV_MESSAGES.login },
  verifyOtp: { submit: 'Verify Code', resend: 'Resend', backToLogin: 'Back to Login' },
  dashboard: {
    createYourSchool: 'Create Your School',
    continueSetup: 'Continue Setup',
    visitPortal: 'Visit Portal',
    accessSchoolPortal: 'Access School Portal',
  },
  setupSchool: {
    basicInformation: 'Basic Information',
    addressInformation: 'Address Information',
    contactInformation: 'Contact Information',
    additionalInformation: 'Additional Information',
    backToDashboard: 'Back to Dashboard',
  },
  setupClasses: {
    selectAll: 'Select All',
    deselectAll: 'Deselect All',
    submit: (count: number) => `Create Classes (${count})`,
  },
  setupSections: { addSection: 'Add Section' },
  setupSubjects: {
    addSubjects: SETUP_STEP_MESSAGES.subjects,
    dialogTitle: (className: string) => `Select Subjects for ${className}`,
    cancel: 'Cancel',
    saveSelection: (count: number) => `Save Selection (${count})`,
    submit: 'Save Subjects Configuration',
  },
} as const;

/** The desktop app: the server it talks to, its settings and its keychain (DECISIONS "Desktop"). */
export const DESKTOP_MESSAGES = {
  connectTitle: 'Connect to your Vidyalaya server',
  connectIntro:
    'Enter the address of the Vidyalaya server your school office uses. The app checks that it answers before saving it.',
  serverUrlLabel: 'Server address',
  serverUrlPlaceholder: 'https://vidyalaya.example.in',
  appDomainLabel: 'Portal domain',
  appDomainHelp: "The host that school portals live under. Leave it empty to use the server's host.",
  connect: 'Connect',
  saveAndReconnect: 'Save and reconnect',
  serverSettings: 'Server settings',
  connectedTo: (serverUrl: string) => `Connected to ${serverUrl}`,
  serverUrlRequired: 'Enter the server address',
  serverUrlInvalid: 'Enter a web address starting with http:// or https://',
  serverUrlCredentials: 'The address must not contain a user name or password',
  serverUrlOriginOnly: "Enter the server's address only, without a path, query or #",
  serverUrlHttps: 'Use https:// (plain http:// is only for a server on this computer, such as localhost)',
  appDomainInvalid: 'Enter a host name with an optional port, e.g. vidyalaya.in or localhost:3000',
  serverUnreachable: (serverUrl: string) =>
    `Could not reach a server at ${serverUrl}. Check the address and your network.`,
  serverNotVidyalaya: (serverUrl: string) => `${serverUrl} answered, but it is not a Vidyalaya server.`,
  serverUnhealthy: (serverUrl: string) =>
    `The server at ${serverUrl} answered, but its database is not available. Try again later.`,
  keychainUnavailable: {
    title: 'No system keychain available',
    description: 'You will stay signed in only until the app closes.',
  },
  keychainAvailable: "Sign-in tokens are kept in this computer's keychain.",
  notInDesktop: 'This page runs inside the Vidyalaya desktop app.',
  appBar: 'Desktop app',
} as const;

/** A signed-in user opening screens meant for the other role. */
export const NOT_ALLOWED_MESSAGES = {
  title: 'Not allowed',
  staffScreen: 'This screen is for Vidyalaya staff only. Your account is a school administrator account.',
  adminScreens:
    'These screens are for school administrators. Staff accounts review schools in the desktop app.',
  staffSignInRefused: 'Only Vidyalaya staff can sign in here. You have been signed out.',
} as const;

/**
 * Every group above under one name, as the back end and the tests read them. The renderer imports the
 * groups it shows by their own names, so a page loads only their text.
 */
export const MESSAGES = {
  validation: VALIDATION_MESSAGES,
  errors: ERROR_MESSAGES,
  toast: TOAST_MESSAGES,
  fallback: FALLBACK_MESSAGES,
  destructive: DESTRUCTIVE_MESSAGES,
  emailService: EMAIL_SERVICE_MESSAGES,
  screens: SCREEN_MESSAGES,
  ui: UI_MESSAGES,
  approval: APPROVAL_MESSAGES,
  setupSteps: SETUP_STEP_MESSAGES,
  setupComplete: SETUP_COMPLETE_MESSAGES,
  desktop: DESKTOP_MESSAGES,
  notAllowed: NOT_ALLOWED_MESSAGES,
} as const;
