/**
 * RTK Query (about 14 KB brotli) is not part of the start: the public and sign-in pages that need no
 * API call never load it (docs/performance.md). `lib/api/api.ts` registers the one API here when a
 * route's code first imports it, and the store (app/store.ts) injects its reducer and middleware
 * then. A store made later (the pre-render makes one per page) gets the APIs loaded before it.
 */
export interface LazyApi {
  reducerPath: string;
  reducer: (state: unknown, action: { type: string }) => unknown;
  middleware: unknown;
  util: { resetApiState: () => { type: string } };
}

type Injector = (api: LazyApi) => void;

const apis: LazyApi[] = [];
let inject: Injector | null = null;

/** Called by the store when it is made: injects every API loaded so far, and each one loaded later. */
export function setApiInjector(fn: Injector): void {
  inject = fn;
  for (const api of apis) fn(api);
}

/** Called once by each API module as it loads. */
export function registerApi(api: LazyApi): void {
  apis.push(api);
  inject?.(api);
}

/** The APIs loaded so far (signing out resets their caches). */
export function loadedApis(): readonly LazyApi[] {
  return apis;
}
