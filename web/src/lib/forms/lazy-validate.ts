import type { z } from 'zod';
import { zodValidate } from './zod-validate';

type Errors = Record<string, unknown> | undefined;

/** What the user does first on a page: typing (or an autofill), pressing a key, pointing, submitting. */
const FIRST_INPUT = ['input', 'change', 'keydown', 'pointerdown', 'touchstart', 'submit'] as const;

let interacted: Promise<void> | null = null;
/** Resolves on the user's first input on the page (at once where there is no document: tests, the pre-render). */
function firstInput(): Promise<void> {
  interacted ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const done = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of FIRST_INPUT) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return interacted;
}

/**
 * zodValidate for a schema that loads with the user's first input rather than with the page: the
 * shared schemas bring zod (about 22 KB brotli), which a sign-in page need not load before anyone
 * types (docs/performance.md). Validation always answers a promise (final-form's asynchronous
 * record validation): before the schema is there it waits for it, and a submit waits for the
 * answer, so nothing is ever sent unvalidated. Always, not only while loading: final-form keeps
 * the last asynchronous answer's errors under any later synchronous answer that finds a field
 * valid, so mixing the two would leave stale messages. The messages are zodValidate's.
 */
export function lazyZodValidate<S extends z.ZodType>(load: () => Promise<S>) {
  let loading: Promise<(values: unknown) => Errors> | null = null;
  const ready = () =>
    (loading ??= firstInput()
      .then(load)
      .then((schema) => zodValidate(schema))
      .catch((e: unknown) => {
        // A chunk that failed to load (a flaky network) is tried again on the next validation.
        loading = null;
        throw e;
      }));
  return (values: unknown): Promise<Errors> => ready().then((validate) => validate(values));
}
