import type { Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from '../lib/api/api';
import { setSessionEndedHandler } from '../lib/api/session-ended';
import { setApiInjector } from '../lib/store/lazy-apis';
import { createSmallStore, type Middleware, type SliceReducer } from '../lib/store/small-store';
import { authSlice, endSession, type AuthState } from '../lib/auth/auth-slice';
import { loadSchoolState, persistSchoolState, schoolStateSlice, type SchoolState } from '../lib/school-state/school-state';

/** The store's state: RTK Query's slice is there once a route has loaded it (lib/store/lazy-apis.ts). */
export interface RootState {
  auth: AuthState;
  school: SchoolState;
  [api.reducerPath]?: ReturnType<typeof api.reducer>;
}

/** Call after setPlatform(): the school state is read from the platform's storage. */
export function createStore() {
  // The start needs neither Redux Toolkit nor immer (lib/store/small-store.ts). RTK Query joins when
  // a route first loads it (lib/store/lazy-apis.ts): its reducer and middleware are added then.
  const store = createSmallStore<{ auth: AuthState; school: SchoolState }>(
    { auth: authSlice.reducer, school: schoolStateSlice.reducer },
    { school: loadSchoolState() },
  );
  setApiInjector((a) => {
    store.inject(a.reducerPath, a.reducer as SliceReducer<unknown>, a.middleware as Middleware);
    store.dispatch({ type: 'app/apiLoaded' });
  });
  // Spec §3: the school state is kept in local persistent storage.
  persistSchoolState(store);
  // Spec §8 / DECISIONS: a 401 that a refresh cannot mend signs the user out.
  setSessionEndedHandler(() => void endSession(store.dispatch));
  // The part of Redux's store type react-redux and the app use (no replaceReducer, no observable).
  return store as unknown as Omit<Store<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
// The typed hooks live in lib/ (features may not import app/); re-exported for app/'s own files.
export { useAppDispatch, useAppSelector } from '../lib/store/hooks';
