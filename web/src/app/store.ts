import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api/api';
import { setSessionEndedHandler } from '../lib/api/base-query';
import { authSlice, endSession } from '../lib/auth/auth-slice';
import { loadSchoolState, persistSchoolState, schoolStateSlice } from '../lib/school-state/school-state';

/** Call after setPlatform(): the school state is read from the platform's storage. */
export function createStore() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: authSlice.reducer, school: schoolStateSlice.reducer },
    preloadedState: { school: loadSchoolState() },
    middleware: (gDM) => gDM().concat(api.middleware),
  });
  // Spec §3: the school state is kept in local persistent storage.
  persistSchoolState(store);
  // Spec §8 / DECISIONS: a 401 that a refresh cannot mend signs the user out.
  setSessionEndedHandler(() => void endSession(store.dispatch));
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
// The typed hooks live in lib/ (features may not import app/); re-exported for app/'s own files.
export { useAppDispatch, useAppSelector } from '../lib/store/hooks';
