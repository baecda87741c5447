/**
 * The first API answers of a workspace page, asked for by the document itself (issue 37): the
 * workspace's document starts with a small inline script (written by web/scripts/prerender.mjs)
 * that, while the app's scripts are still downloading, asks in one request (POST /batch) for what
 * the page needs first — the session (`/auth/me`), the preferences, the school's home and the
 * page's main query, chosen by the address — with the stored access token, and leaves each
 * address's pending answer in `window.__vdPrefetch`. The base query takes an answer from there
 * instead of asking again, once: only a GET of exactly that address, with the same token, within a
 * few seconds of the document's start. Anything else (another token, a later call, a refresh after
 * a 401, an address the batch did not answer) goes to the network as before, so nothing old is
 * shown as fresh.
 */
interface Prefetched {
  token: string;
  /** performance.now() when the script sent the calls. */
  at: number;
  /** Each address's answer; one resolved to nothing was not answered, and the app asks for it itself. */
  answers: Record<string, Promise<Response | undefined> | undefined>;
}

declare global {
  interface Window {
    __vdPrefetch?: Prefetched;
  }
}

/** An answer older than this was asked for by a load long past: ask again. */
export const PREFETCH_MAX_AGE_MS = 15_000;

/** The pending answer for `url` (the API's full path with its query), taken so it is used once; undefined when there is none to use. */
export function takePrefetched(url: string, accessToken: string | undefined): Promise<Response | undefined> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__vdPrefetch;
  if (!early || !accessToken || early.token !== accessToken) return undefined;
  const answer = early.answers[url];
  if (!answer) return undefined;
  delete early.answers[url];
  if (performance.now() - early.at > PREFETCH_MAX_AGE_MS) return undefined;
  return answer;
}
