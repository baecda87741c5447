import { z } from 'zod';
import { ERROR_CODES, ERROR_CODE_LIST, type ErrorCode } from './error-codes';

/** Every API answer is one of these two shapes (DECISIONS.md "API shape"). */
export type ApiSuccess<T> = { success: true; data: T; message?: string };

export type ApiErrorBody = {
  message: string;
  code: ErrorCode;
  /** Field path ('address.city', 'phoneNumbers.1') → message, for validation failures. */
  details?: Record<string, string>;
};

export type ApiFailure = { success: false; message?: string; error: ApiErrorBody };

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export function ok<T>(data: T, message?: string): ApiSuccess<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

/**
 * A failure body for `code`, with the table's message unless one is given. The top-level
 * `message` repeats `error.message` for clients that read only the top level.
 */
export function fail(
  code: ErrorCode,
  options: { message?: string; details?: Record<string, string> } = {},
): ApiFailure {
  const message = options.message ?? ERROR_CODES[code].message;
  const error: ApiErrorBody = options.details
    ? { message, code, details: options.details }
    : { message, code };
  return { success: false, message, error };
}

/**
 * True for any body carrying a boolean `success` flag. Spec §8: a non-2xx answer whose body has
 * the flag is read as a normal answer; anything else is a transport failure.
 */
export function isApiEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { success?: unknown }).success === 'boolean'
  );
}

export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODE_LIST),
  details: z.record(z.string(), z.string()).optional(),
});

/** Checks that a failure body is well formed (used by tests and by clients that want certainty). */
export const apiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string().optional(),
  error: apiErrorBodySchema,
});

export function isApiFailure(value: unknown): value is ApiFailure {
  return apiFailureSchema.safeParse(value).success;
}

/**
 * The message to show for a failed answer: the server's `error.message`, else its top-level
 * `message`, else `fallback` (spec §8 "the server's error.message or a fallback").
 */
export function envelopeErrorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: { message?: unknown }; message?: unknown };
    if (typeof error?.message === 'string' && error.message.trim() !== '') return error.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
