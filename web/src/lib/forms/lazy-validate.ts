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
 * types (docs/performance.md). Until the schema is there, validation answers a promise, which
 * final-form waits for (a submit waits for it too, so nothing is ever sent unvalidated); from then
 * on it is the same synchronous zodValidate, so the messages and their timing are as before.
 */
export function lazyZodValidate<S extends z.ZodType>(load: () => Promise<S>) {
  let validate: ((values: unknown) => Errors) | null = null;
  let loading: Promise<(values: unknown) => Errors> | null = null;
  const ready = () =>
    (loading ??= firstInput()
      .then(load)
      .then((schema) => (validate = zodValidate(schema)))
      .catch((e: unknown) => {
        // A chunk that failed to load (a flaky network) is tried again on the next validation.
        loading = null;
        throw e;
      }));
  return (values: unknown): Errors | Promise<Errors> => (validate ? validate(values) : ready().then((v) => v(values)));
}
