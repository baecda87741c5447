/**
 * Business constants and limits (spec §1, §9; DECISIONS.md). Every number the product shows or
 * enforces lives here once; schemas, rules and screens import it.
 */
export declare const APP_NAME = "Vidyalaya";
export declare const TAGLINE = "Top Quality, Half the Cost";
/** Local-storage keys (web build); the desktop build keeps tokens in the OS keychain instead. */
export declare const STORAGE_KEYS: {
    readonly accessToken: "vidyalaya_access_token";
    readonly refreshToken: "vidyalaya_refresh_token";
    readonly school: "vidyalaya_school";
};
export declare const API_BASE_PATH = "/api/v1";
/** Host the school portals hang under when `APP_DOMAIN` is not set (development). */
export declare const DEFAULT_APP_DOMAIN = "localhost:3000";
export declare const USERNAME_MIN = 3;
export declare const USERNAME_MAX = 30;
export declare const PASSWORD_MIN = 6;
export declare const PASSWORD_MAX = 128;
export declare const EMAIL_MAX = 255;
export declare const OTP_LENGTH = 6;
export declare const OTP_TTL_MINUTES = 10;
export declare const OTP_MAX_ATTEMPTS = 5;
export declare const OTP_RESEND_COOLDOWN_SECONDS = 60;
export declare const OTP_RESEND_MAX_PER_HOUR = 5;
export declare const ACCESS_TOKEN_TTL_SECONDS = 900;
export declare const REFRESH_TOKEN_TTL_DAYS = 30;
export declare const RESET_TOKEN_TTL_MINUTES = 10;
export declare const FREE_TRIAL_DAYS = 30;
export declare const FREE_TRIAL_MAX_STUDENTS = 100;
export declare const APPROVAL_TIME = "24-48 hours";
export declare const MIN_REGISTRANT_AGE = 18;
export declare const SCHOOL_NAME_MIN = 2;
export declare const SCHOOL_NAME_MAX = 255;
export declare const SUBDOMAIN_MIN = 3;
export declare const SUBDOMAIN_MAX = 50;
export declare const ADDRESS_LINE_MAX = 255;
export declare const LANDMARK_MAX = 255;
export declare const LOCALITY_MAX = 100;
export declare const PIN_CODE_MIN_DIGITS = 4;
export declare const PIN_CODE_MAX_DIGITS = 10;
export declare const BOARD_MAX = 255;
export declare const SCHOOL_CODE_MIN = 2;
export declare const SCHOOL_CODE_MAX = 50;
export declare const PRINCIPAL_NAME_MIN = 2;
export declare const PRINCIPAL_NAME_MAX = 255;
export declare const LANGUAGE_MIN = 2;
export declare const LANGUAGE_MAX = 50;
export declare const ESTABLISHED_YEAR_MIN = 1800;
export declare const PHONE_NUMBERS_MIN = 1;
export declare const PHONE_NUMBERS_MAX = 5;
export declare const SECTION_NAME_MAX = 20;
export declare const SUBJECT_NAME_MAX = 100;
export declare const SECTION_LETTERS: readonly string[];
export declare const DEFAULT_SECTION_NAMES: readonly string[];
export declare const SETUP_STEPS_COUNTED = 4;
export declare const CONTACT_NAME_MAX = 100;
export declare const CONTACT_MESSAGE_MAX = 5000;
export declare const ADMIN_SEARCH_MAX = 100;
export declare const ADMIN_PAGE_SIZE_DEFAULT = 20;
export declare const ADMIN_PAGE_SIZE_MAX = 100;
export declare const REJECTION_REASON_MIN = 3;
export declare const REJECTION_REASON_MAX = 1000;
export declare const HEADER_TRANSLUCENT_THRESHOLD_PX = 10;
export declare const LEGAL_LAST_UPDATED = "04/10/2025";
export declare const COMPANY: {
    readonly name: "Vidyalaya";
    readonly address: {
        readonly line1: "Civil Lines";
        readonly city: "Kanpur";
        readonly state: "Uttar Pradesh";
        readonly pinCode: "208001";
        readonly country: "India";
    };
    /** The postal address on one line, as the footer and legal pages print it. */
    readonly addressText: "Civil Lines, Kanpur, Uttar Pradesh 208001, India";
    readonly email: "hello@vidyalaya.in";
    readonly copyrightYear: 2025;
};
export declare const GOVERNING_LAW = "Uttar Pradesh";
export declare const CONTACT_RESPONSE_TARGETS: readonly [{
    readonly key: "general";
    readonly label: "General inquiries";
    readonly target: "4 hours";
}, {
    readonly key: "technical";
    readonly label: "Technical support";
    readonly target: "2 hours";
}, {
    readonly key: "sales";
    readonly label: "Sales";
    readonly target: "1 hour";
}, {
    readonly key: "emergency";
    readonly label: "Emergency";
    readonly target: "24/7";
}];
export declare const BUSINESS_HOURS = "Monday to Friday, 11:00 AM to 6:00 PM IST";
/** The reply promise of the contact form's success toast. */
export declare const CONTACT_REPLY_WITHIN = "24 hours";
export declare const PLAN_TYPES: readonly ["free_trial", "basic", "standard", "premium"];
export type PlanType = (typeof PLAN_TYPES)[number];
/** Plans that can be chosen now; the others answer 422 'This plan is coming soon'. */
export declare const AVAILABLE_PLAN_TYPES: readonly ["free_trial"];
export declare const SCHOOL_LEVELS: readonly ["primary", "secondary", "higher_secondary", "mixed"];
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];
export declare const APPROVAL_STATUSES: readonly ["pending", "approved", "rejected"];
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export declare const USER_ROLES: readonly ["admin", "staff"];
export type UserRole = (typeof USER_ROLES)[number];
export declare const OTP_PURPOSES: readonly ["registration", "password_reset"];
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/**
 * Subdomains no school may take: the product's own hosts and names that would mislead
 * (DECISIONS: 409 'This subdomain is reserved'). `demo` is deliberately absent: a demo school uses it.
 */
export declare const RESERVED_SUBDOMAINS: readonly string[];
export declare const DEFAULT_COUNTRY = "India";
