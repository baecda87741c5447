import type { ApiError } from './base-query';

/** Whatever a failed `.unwrap()` threw, as an ApiError (a thrown non-API error becomes status 0). */
export function asApiError(error: unknown): ApiError {
  if (typeof error === 'object' && error !== null && typeof (error as ApiError).status === 'number') {
    return error as ApiError;
  }
  const message = error instanceof Error ? error.message : String(error ?? '');
  return { status: 0, message };
}

/** Spec §8 destructive toasts: "server message, or the fallback text after the colon". */
export function errorDescription(error: unknown, fallback: string): string {
  return asApiError(error).serverMessage ?? fallback;
}

/**
 * The server's validation details ('address.city', 'phoneNumbers.1' → message) as final-form
 * submission errors, so each message shows beside its field. Undefined when there are none.
 */
export function toSubmitErrors(error: unknown): Record<string, unknown> | undefined {
  const details = asApiError(error).details;
  if (!details || Object.keys(details).length === 0) return undefined;
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(details)) {
    const keys = path.split('.');
    let node = errors;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        node[key] ??= message;
        return;
      }
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return errors;
}
