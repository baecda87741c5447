/**
 * Every failure the API can answer with: a stable UPPER_SNAKE code, its HTTP status and the
 * message a person reads (DECISIONS.md "API shape"). A service throws a code; the global filter
 * looks the status and message up here.
 */
export declare const ERROR_CODES: {
    readonly VALIDATION_FAILED: {
        readonly status: 400;
        readonly message: "Some of the details are not valid. Please check them and try again.";
    };
    readonly MALFORMED_JSON: {
        readonly status: 400;
        readonly message: "The request body is not valid JSON.";
    };
    readonly PAYLOAD_TOO_LARGE: {
        readonly status: 413;
        readonly message: "The request is too large.";
    };
    readonly UNAUTHENTICATED: {
        readonly status: 401;
        readonly message: "Please sign in to continue.";
    };
    readonly INVALID_CREDENTIALS: {
        readonly status: 401;
        readonly message: "Invalid username or password";
    };
    readonly TOKEN_EXPIRED: {
        readonly status: 401;
        readonly message: "Your session has expired. Please sign in again.";
    };
    readonly REFRESH_TOKEN_INVALID: {
        readonly status: 401;
        readonly message: "Your session is no longer valid. Please sign in again.";
    };
    readonly EMAIL_NOT_VERIFIED: {
        readonly status: 403;
        readonly message: "Please verify your email address before signing in.";
    };
    readonly FORBIDDEN: {
        readonly status: 403;
        readonly message: "You do not have permission to do this.";
    };
    readonly NOT_FOUND: {
        readonly status: 404;
        readonly message: "The requested item was not found.";
    };
    readonly ROUTE_NOT_FOUND: {
        readonly status: 404;
        readonly message: "This API route does not exist.";
    };
    readonly USER_NOT_FOUND: {
        readonly status: 404;
        readonly message: "User not found.";
    };
    readonly SCHOOL_NOT_FOUND: {
        readonly status: 404;
        readonly message: "School not found.";
    };
    readonly USERNAME_TAKEN: {
        readonly status: 409;
        readonly message: "This username is already taken.";
    };
    readonly EMAIL_TAKEN: {
        readonly status: 409;
        readonly message: "An account with this email address already exists.";
    };
    readonly SUBDOMAIN_TAKEN: {
        readonly status: 409;
        readonly message: "Subdomain already taken";
    };
    readonly SUBDOMAIN_RESERVED: {
        readonly status: 409;
        readonly message: "This subdomain is reserved";
    };
    readonly SCHOOL_CODE_TAKEN: {
        readonly status: 409;
        readonly message: "This school code is already in use.";
    };
    readonly SCHOOL_ALREADY_EXISTS: {
        readonly status: 409;
        readonly message: "You have already created a school.";
    };
    readonly OTP_INVALID: {
        readonly status: 400;
        readonly message: "Invalid OTP. Please try again.";
    };
    readonly OTP_EXPIRED: {
        readonly status: 400;
        readonly message: "This code has expired. Please request a new one.";
    };
    readonly OTP_ATTEMPTS_EXCEEDED: {
        readonly status: 400;
        readonly message: "Too many wrong attempts. Please request a new code.";
    };
    readonly RESET_TOKEN_INVALID: {
        readonly status: 400;
        readonly message: "This password reset has expired or was already used. Please start again.";
    };
    readonly PASSWORD_TOO_COMMON: {
        readonly status: 400;
        readonly message: "This password is too common";
    };
    readonly UNKNOWN_CLASSES: {
        readonly status: 400;
        readonly message: "Some of these classes do not exist for this school and year. Please add them first.";
    };
    readonly UNKNOWN_SUBJECTS: {
        readonly status: 400;
        readonly message: "Some of these subjects are not in the list of available subjects.";
    };
    readonly PLAN_COMING_SOON: {
        readonly status: 422;
        readonly message: "This plan is coming soon";
    };
    readonly SCHOOL_NOT_EDITABLE: {
        readonly status: 422;
        readonly message: "This school cannot be changed now: only a rejected school can be edited and re-submitted.";
    };
    readonly ALREADY_DECIDED: {
        readonly status: 422;
        readonly message: "This school is not waiting for a decision: it has already been approved or rejected.";
    };
    /** POST /contact with only the e-mail address wrong (spec §8 e-mail service statuses). */
    readonly CONTACT_EMAIL_INVALID: {
        readonly status: 422;
        readonly message: "Invalid email format. Please check your email address.";
    };
    readonly RATE_LIMITED: {
        readonly status: 429;
        readonly message: "Too many requests. Please wait a moment and try again.";
    };
    readonly MAIL_UNAVAILABLE: {
        readonly status: 503;
        readonly message: "We could not send the email right now. Please try again later.";
    };
    readonly DATABASE_UNAVAILABLE: {
        readonly status: 503;
        readonly message: "The service is temporarily unavailable. Please try again later.";
    };
    readonly INTERNAL_ERROR: {
        readonly status: 500;
        readonly message: "Something went wrong on our side. Please try again.";
    };
};
export type ErrorCode = keyof typeof ERROR_CODES;
/** The codes as a tuple, for `z.enum` and exhaustive tests. */
export declare const ERROR_CODE_LIST: [ErrorCode, ...ErrorCode[]];
export declare function isErrorCode(value: unknown): value is ErrorCode;
export declare function errorStatus(code: ErrorCode): number;
export declare function errorMessage(code: ErrorCode): string;
