import { STORAGE_KEYS } from '@vidyalaya/shared';
import { type AuthTokens, type PublicUser } from '@vidyalaya/shared/auth';
import { loadedApis } from '../store/lazy-apis';
import { actionCreator, asyncThunk, type AnyAction } from '../store/small-store';
import { getPlatform } from '../platform/platform';
import { tokenStore } from './token-store';

export type AuthStatus = 'initializing' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: PublicUser | null;
}

const initialState: AuthState = { status: 'initializing', user: null };

/**
 * Spec §4 Authentication: read both tokens; if either is missing → unauthenticated; otherwise
 * fetch the current user: success → authenticated, failure → tokens cleared, unauthenticated.
 */
export const initializeAuth = asyncThunk('auth/initialize', async (_: void, dispatch): Promise<PublicUser | null> => {
  const tokens = await tokenStore.get();
  if (!tokens) return null;
  const { authApi } = await import('./auth-api');
  const result = (await dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }))) as Awaited<
    ReturnType<ReturnType<typeof authApi.endpoints.me.initiate>>
  >;
  if ('data' in result && result.data) return result.data.user;
  // The server refused them: they are no good. When it could not be reached at all (offline, or
  // the page being left mid-request) the tokens are kept for the next start.
  const status = (result.error as { status?: unknown } | undefined)?.status;
  if (typeof status === 'number' && status > 0) await tokenStore.clear();
  return null;
});

/** Login stores both tokens and marks the user authenticated. */
export const signedIn = asyncThunk('auth/signedIn', async (p: { tokens: AuthTokens; user: PublicUser }) => {
  await tokenStore.set(p.tokens);
  return p.user;
});

/**
 * Logout calls the server with the refresh token (a failure is only logged), clears the tokens and
 * the user, and wipes the persisted school setup state.
 */
export const logout = asyncThunk('auth/logout', async (_: void, dispatch) => {
  const tokens = await tokenStore.get();
  if (tokens) {
    const { authApi } = await import('./auth-api');
    const res = (await dispatch(authApi.endpoints.logout.initiate({ refreshToken: tokens.refreshToken }))) as { error?: unknown };
    if ('error' in res) console.warn('Logout call failed', res.error);
  }
  await endSession(dispatch);
});

/**
 * Ends the session locally: tokens, user, school state, attendance queued on this phone (issue 37)
 * and cached API data all go. A queue that cannot be cleared never blocks signing out: its days
 * belong to this user and school only, and are never listed to anyone else.
 */
export async function endSession(dispatch: (a: unknown) => unknown): Promise<void> {
  await getPlatform()
    .clearOfflineData?.()
    .catch((e: unknown) => console.warn('Offline attendance could not be cleared', e));
  await tokenStore.clear();
  getPlatform().storage.remove(STORAGE_KEYS.school);
  getPlatform().storage.remove(STORAGE_KEYS.child);
  dispatch(authSlice.actions.cleared());
  for (const api of loadedApis()) dispatch(api.util.resetApiState());
}

const cleared = actionCreator('auth/cleared');
const signedOut: AuthState = { status: 'unauthenticated', user: null };

function authReducer(state: AuthState = initialState, action: AnyAction): AuthState {
  if (cleared.match(action) || action.type === initializeAuth.rejected.type) return signedOut;
  if (initializeAuth.fulfilled.match(action)) return action.payload ? { status: 'authenticated', user: action.payload } : signedOut;
  if (signedIn.fulfilled.match(action)) return { status: 'authenticated', user: action.payload };
  return state;
}

/** The auth slice: its reducer and `actions.cleared` (the shape Redux Toolkit's createSlice gave it). */
export const authSlice = { name: 'auth' as const, reducer: authReducer, actions: { cleared } };

export const selectAuth = (s: { auth: AuthState }) => s.auth;
