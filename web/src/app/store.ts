import { combineSlices, configureStore, createDynamicMiddleware, type Middleware } from '@reduxjs/toolkit';
import type { api } from '../lib/api/api';
import { setSessionEndedHandler } from '../lib/api/base-query';
import { setApiInjector } from '../lib/store/lazy-apis';
import { authSlice, endSession } from '../lib/auth/auth-slice';
import { loadSchoolState, persistSchoolState, schoolStateSlice } from '../lib/school-state/school-state';

/** Call after setPlatform(): the school state is read from the platform's storage. */
export function createStore() {
  // RTK Query joins when a route first loads it (lib/store/lazy-apis.ts): its reducer is injected
  // into the combined reducer and its middleware added to the dynamic one.
  const reducer = combineSlices(authSlice, schoolStateSlice).withLazyLoadedSlices<{ [K in typeof api.reducerPath]: ReturnType<typeof api.reducer> }>();
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer,
    preloadedState: { school: loadSchoolState() },
    middleware: (gDM) => gDM().concat(dynamic.middleware),
  });
  setApiInjector((a) => {
    reducer.inject({ reducerPath: a.reducerPath, reducer: a.reducer as typeof api.reducer });
    dynamic.addMiddleware(a.middleware as Middleware);
    store.dispatch({ type: 'app/apiLoaded' });
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
