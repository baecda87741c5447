/**
 * Business constants and limits (spec §1, §9; DECISIONS.md). Every number the product shows or
 * enforces lives here once; schemas, rules and screens import it.
 */

export const APP_NAME = 'Vidyalaya';
export const TAGLINE = 'Top Quality, Half the Cost';

/** Local-storage keys (web build); the desktop build keeps tokens in the OS keychain instead. */
export const STORAGE_KEYS = {
  accessToken: 'vidyalaya_access_token',
  refreshToken: 'vidyalaya_refresh_token',
  school: 'vidyalaya_school',
  /**
   * The child a guardian's page last showed on this device, with its school and section
   * (`schoolId studentId sectionId|-`): the workspace's document asks for that child's first answers
   * with the page's own (web/scripts/prerender.mjs). Ids only; removed at sign-out.
   */
  child: 'vidyalaya_child',
} as const;

export const API_BASE_PATH = '/api/v1';
/** Host the school portals hang under when `APP_DOMAIN` is not set (development). */
export const DEFAULT_APP_DOMAIN = 'localhost:3000';

// Accounts
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 255;

// One-time codes and tokens
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_RESEND_MAX_PER_HOUR = 5;
export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const RESET_TOKEN_TTL_MINUTES = 10;

// Trial and approval
export const FREE_TRIAL_DAYS = 30;
export const FREE_TRIAL_MAX_STUDENTS = 100;
export const APPROVAL_TIME = '24-48 hours';
export const MIN_REGISTRANT_AGE = 18;

// School form (spec §5, §9)
export const SCHOOL_NAME_MIN = 2;
export const SCHOOL_NAME_MAX = 255;
export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 50;
export const ADDRESS_LINE_MAX = 255;
export const LANDMARK_MAX = 255;
export const LOCALITY_MAX = 100;
export const PIN_CODE_MIN_DIGITS = 4;
export const PIN_CODE_MAX_DIGITS = 10;
export const BOARD_MAX = 255;
export const SCHOOL_CODE_MIN = 2;
export const SCHOOL_CODE_MAX = 50;
export const PRINCIPAL_NAME_MIN = 2;
export const PRINCIPAL_NAME_MAX = 255;
export const LANGUAGE_MIN = 2;
export const LANGUAGE_MAX = 50;
export const ESTABLISHED_YEAR_MIN = 1800;
export const PHONE_NUMBERS_MIN = 1;
export const PHONE_NUMBERS_MAX = 5;

// Academics
export const SECTION_NAME_MAX = 20;
export const SUBJECT_NAME_MAX = 100;
export const SECTION_LETTERS: readonly string[] = Array.from({ length: 26 }, (_, i) =>
  String.fromCharCode(65 + i),
);
export const DEFAULT_SECTION_NAMES: readonly string[] = ['A', 'B', 'C'];
export const SETUP_STEPS_COUNTED = 4;

// Contact form
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;

// Staff approval screen
export const ADMIN_SEARCH_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const REJECTION_REASON_MIN = 3;
export const REJECTION_REASON_MAX = 1000;

// Shell
export const HEADER_TRANSLUCENT_THRESHOLD_PX = 10;

// Company and legal pages
export const LEGAL_LAST_UPDATED = '04/10/2025';
export const COMPANY = {
  name: 'Vidyalaya',
  address: {
    line1: 'Civil Lines',
    city: 'Kanpur',
    state: 'Uttar Pradesh',
    pinCode: '208001',
    country: 'India',
  },
  /** The postal address on one line, as the footer and legal pages print it. */
  addressText: 'Civil Lines, Kanpur, Uttar Pradesh 208001, India',
  email: 'hello@vidyalaya.in',
  copyrightYear: 2025,
} as const;
export const GOVERNING_LAW = 'Uttar Pradesh';

export const CONTACT_RESPONSE_TARGETS = [
  { key: 'general', label: 'General inquiries', target: '4 hours' },
  { key: 'technical', label: 'Technical support', target: '2 hours' },
  { key: 'sales', label: 'Sales', target: '1 hour' },
  { key: 'emergency', label: 'Emergency', target: '24/7' },
] as const;
export const BUSINESS_HOURS = 'Monday to Friday, 11:00 AM to 6:00 PM IST';
/** The reply promise of the contact form's success toast. */
export const CONTACT_REPLY_WITHIN = '24 hours';

// Enumerations
export const PLAN_TYPES = ['free_trial', 'basic', 'standard', 'premium'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
/** Plans that can be chosen now; the others answer 422 'This plan is coming soon'. */
export const AVAILABLE_PLAN_TYPES = ['free_trial'] as const satisfies readonly PlanType[];

export const SCHOOL_LEVELS = ['primary', 'secondary', 'higher_secondary', 'mixed'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const USER_ROLES = ['admin', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const OTP_PURPOSES = ['registration', 'password_reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * Subdomains no school may take: the product's own hosts and names that would mislead
 * (DECISIONS: 409 'This subdomain is reserved'). `demo` is deliberately absent: a demo school uses it.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'about',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'apps',
  'assets',
  'auth',
  'billing',
  'blog',
  'cdn',
  'contact',
  'dashboard',
  'dev',
  'docs',
  'download',
  'downloads',
  'email',
  'ftp',
  'help',
  'imap',
  'localhost',
  'login',
  'logout',
  'mail',
  'media',
  'mx',
  'ns1',
  'ns2',
  'pop',
  'pop3',
  'portal',
  'pricing',
  'register',
  'root',
  'secure',
  'signin',
  'signup',
  'smtp',
  'sso',
  'staff',
  'staging',
  'static',
  'status',
  'support',
  'system',
  'test',
  'vidyalaya',
  'webmail',
  'www',
];

export const DEFAULT_COUNTRY = 'India';
