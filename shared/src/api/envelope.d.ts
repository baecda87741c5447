import { z } from 'zod';
import { type ErrorCode } from './error-codes';
/** Every API answer is one of these two shapes (DECISIONS.md "API shape"). */
export type ApiSuccess<T> = {
    success: true;
    data: T;
    message?: string;
};
export type ApiErrorBody = {
    message: string;
    code: ErrorCode;
    /** Field path ('address.city', 'phoneNumbers.1') → message, for validation failures. */
    details?: Record<string, string>;
};
export type ApiFailure = {
    success: false;
    message?: string;
    error: ApiErrorBody;
};
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
export declare function ok<T>(data: T, message?: string): ApiSuccess<T>;
/**
 * A failure body for `code`, with the table's message unless one is given. The top-level
 * `message` repeats `error.message` for clients that read only the top level.
 */
export declare function fail(code: ErrorCode, options?: {
    message?: string;
    details?: Record<string, string>;
}): ApiFailure;
/**
 * True for any body carrying a boolean `success` flag. Spec §8: a non-2xx answer whose body has
 * the flag is read as a normal answer; anything else is a transport failure.
 */
export declare function isApiEnvelope(value: unknown): value is ApiEnvelope<unknown>;
export declare const apiErrorBodySchema: z.ZodObject<{
    message: z.ZodString;
    code: z.ZodEnum<{
        VALIDATION_FAILED: "VALIDATION_FAILED";
        MALFORMED_JSON: "MALFORMED_JSON";
        PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE";
        UNAUTHENTICATED: "UNAUTHENTICATED";
        INVALID_CREDENTIALS: "INVALID_CREDENTIALS";
        TOKEN_EXPIRED: "TOKEN_EXPIRED";
        REFRESH_TOKEN_INVALID: "REFRESH_TOKEN_INVALID";
        EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED";
        FORBIDDEN: "FORBIDDEN";
        NOT_FOUND: "NOT_FOUND";
        ROUTE_NOT_FOUND: "ROUTE_NOT_FOUND";
        USER_NOT_FOUND: "USER_NOT_FOUND";
        SCHOOL_NOT_FOUND: "SCHOOL_NOT_FOUND";
        USERNAME_TAKEN: "USERNAME_TAKEN";
        EMAIL_TAKEN: "EMAIL_TAKEN";
        SUBDOMAIN_TAKEN: "SUBDOMAIN_TAKEN";
        SUBDOMAIN_RESERVED: "SUBDOMAIN_RESERVED";
        SCHOOL_CODE_TAKEN: "SCHOOL_CODE_TAKEN";
        SCHOOL_ALREADY_EXISTS: "SCHOOL_ALREADY_EXISTS";
        OTP_INVALID: "OTP_INVALID";
        OTP_EXPIRED: "OTP_EXPIRED";
        OTP_ATTEMPTS_EXCEEDED: "OTP_ATTEMPTS_EXCEEDED";
        RESET_TOKEN_INVALID: "RESET_TOKEN_INVALID";
        PASSWORD_TOO_COMMON: "PASSWORD_TOO_COMMON";
        UNKNOWN_CLASSES: "UNKNOWN_CLASSES";
        UNKNOWN_SUBJECTS: "UNKNOWN_SUBJECTS";
        PLAN_COMING_SOON: "PLAN_COMING_SOON";
        SCHOOL_NOT_EDITABLE: "SCHOOL_NOT_EDITABLE";
        ALREADY_DECIDED: "ALREADY_DECIDED";
        CONTACT_EMAIL_INVALID: "CONTACT_EMAIL_INVALID";
        RATE_LIMITED: "RATE_LIMITED";
        MAIL_UNAVAILABLE: "MAIL_UNAVAILABLE";
        DATABASE_UNAVAILABLE: "DATABASE_UNAVAILABLE";
        INTERNAL_ERROR: "INTERNAL_ERROR";
    }>;
    details: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
}, z.core.$strip>;
/** Checks that a failure body is well formed (used by tests and by clients that want certainty). */
export declare const apiFailureSchema: z.ZodObject<{
    success: z.ZodLiteral<false>;
    message: z.ZodOptional<z.ZodString>;
    error: z.ZodObject<{
        message: z.ZodString;
        code: z.ZodEnum<{
            VALIDATION_FAILED: "VALIDATION_FAILED";
            MALFORMED_JSON: "MALFORMED_JSON";
            PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE";
            UNAUTHENTICATED: "UNAUTHENTICATED";
            INVALID_CREDENTIALS: "INVALID_CREDENTIALS";
            TOKEN_EXPIRED: "TOKEN_EXPIRED";
            REFRESH_TOKEN_INVALID: "REFRESH_TOKEN_INVALID";
            EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED";
            FORBIDDEN: "FORBIDDEN";
            NOT_FOUND: "NOT_FOUND";
            ROUTE_NOT_FOUND: "ROUTE_NOT_FOUND";
            USER_NOT_FOUND: "USER_NOT_FOUND";
            SCHOOL_NOT_FOUND: "SCHOOL_NOT_FOUND";
            USERNAME_TAKEN: "USERNAME_TAKEN";
            EMAIL_TAKEN: "EMAIL_TAKEN";
            SUBDOMAIN_TAKEN: "SUBDOMAIN_TAKEN";
            SUBDOMAIN_RESERVED: "SUBDOMAIN_RESERVED";
            SCHOOL_CODE_TAKEN: "SCHOOL_CODE_TAKEN";
            SCHOOL_ALREADY_EXISTS: "SCHOOL_ALREADY_EXISTS";
            OTP_INVALID: "OTP_INVALID";
            OTP_EXPIRED: "OTP_EXPIRED";
            OTP_ATTEMPTS_EXCEEDED: "OTP_ATTEMPTS_EXCEEDED";
            RESET_TOKEN_INVALID: "RESET_TOKEN_INVALID";
            PASSWORD_TOO_COMMON: "PASSWORD_TOO_COMMON";
            UNKNOWN_CLASSES: "UNKNOWN_CLASSES";
            UNKNOWN_SUBJECTS: "UNKNOWN_SUBJECTS";
            PLAN_COMING_SOON: "PLAN_COMING_SOON";
            SCHOOL_NOT_EDITABLE: "SCHOOL_NOT_EDITABLE";
            ALREADY_DECIDED: "ALREADY_DECIDED";
            CONTACT_EMAIL_INVALID: "CONTACT_EMAIL_INVALID";
            RATE_LIMITED: "RATE_LIMITED";
            MAIL_UNAVAILABLE: "MAIL_UNAVAILABLE";
            DATABASE_UNAVAILABLE: "DATABASE_UNAVAILABLE";
            INTERNAL_ERROR: "INTERNAL_ERROR";
        }>;
        details: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare function isApiFailure(value: unknown): value is ApiFailure;
/**
 * The message to show for a failed answer: the server's `error.message`, else its top-level
 * `message`, else `fallback` (spec §8 "the server's error.message or a fallback").
 */
export declare function envelopeErrorMessage(body: unknown, fallback: string): string;
