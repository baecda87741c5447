/**
 * The store the app starts with: Redux's contract (getState, dispatch, subscribe; reducers keyed by
 * slice; thunks; middleware) in a few lines, so the first page loads neither Redux Toolkit nor immer
 * (docs/performance.md). RTK Query, which does need them, brings them with the first route that calls
 * the API: its reducer and middleware join here then (`inject`, lib/store/lazy-apis.ts).
 */
export interface AnyAction {
  type: string;
  [extra: string]: unknown;
}
export type SliceReducer<S> = (state: S | undefined, action: AnyAction) => S;
export interface MiddlewareApi {
  getState: () => unknown;
  dispatch: (action: unknown) => unknown;
}
export type Middleware = (api: MiddlewareApi) => (next: (action: unknown) => unknown) => (action: unknown) => unknown;

/** An action creator with a payload, as Redux Toolkit's: called, `.type`, `.match`. */
export interface ActionCreator<P> {
  (payload: P): { type: string; payload: P };
  type: string;
  match: (action: unknown) => action is { type: string; payload: P };
}

export function actionCreator<P = void>(type: string): ActionCreator<P> {
  const create = (payload: P) => ({ type, payload });
  return Object.assign(create, {
    type,
    match: (action: unknown): action is { type: string; payload: P } => (action as AnyAction | null)?.type === type,
  });
}

/** What dispatching an asynchronous thunk answers: the settled action, and `.unwrap()` as Redux Toolkit's. */
export type ThunkResult<R> = Promise<{ type: string; payload?: R; error?: unknown }> & { unwrap: () => Promise<R> };

/**
 * An asynchronous thunk in the manner of `createAsyncThunk`: dispatches `<type>/fulfilled` with the
 * answer or `<type>/rejected`; the dispatch never throws, `.unwrap()` does.
 */
export function asyncThunk<Arg, R>(type: string, run: (arg: Arg, dispatch: (action: unknown) => unknown) => Promise<R>) {
  const fulfilled = actionCreator<R>(`${type}/fulfilled`);
  const rejected = actionCreator<unknown>(`${type}/rejected`);
  const thunk =
    (arg: Arg) =>
    (dispatch: (action: unknown) => unknown): ThunkResult<R> => {
      const settled = run(arg, dispatch).then(
        (payload) => ({ ok: true as const, payload, action: dispatch(fulfilled(payload)) as { type: string; payload: R } }),
        (error: unknown) => ({ ok: false as const, error, action: dispatch({ type: rejected.type, error }) as { type: string; error: unknown } }),
      );
      return Object.assign(
        settled.then((s) => s.action),
        { unwrap: () => settled.then((s) => (s.ok ? s.payload : Promise.reject(s.error))) },
      );
    };
  return Object.assign(thunk, { fulfilled, rejected });
}

export interface SmallStore<S> {
  getState: () => S;
  dispatch: (action: unknown) => unknown;
  subscribe: (listener: () => void) => () => void;
  /** Adds a slice's reducer under its key (RTK Query's API) and a middleware after the others. */
  inject: (key: string, reducer: SliceReducer<unknown>, middleware?: Middleware) => void;
}

export function createSmallStore<S extends object>(reducers: { [K in keyof S]: SliceReducer<S[K]> }, preloaded: Partial<S>): SmallStore<S> {
  const slices: Record<string, SliceReducer<unknown>> = { ...(reducers as Record<string, SliceReducer<unknown>>) };
  let state = preloaded as Record<string, unknown>;
  let listeners: Array<() => void> = [];
  const applied: Array<(next: (action: unknown) => unknown) => (action: unknown) => unknown> = [];

  const reduce = (action: AnyAction): void => {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const key of Object.keys(slices)) {
      next[key] = slices[key]!(state[key], action);
      if (next[key] !== state[key]) changed = true;
    }
    if (changed || Object.keys(state).length !== Object.keys(next).length) state = next;
  };

  const plainDispatch = (action: unknown): unknown => {
    if (typeof (action as AnyAction | null)?.type !== 'string') throw new TypeError('not an action');
    reduce(action as AnyAction);
    for (const listener of listeners.slice()) listener();
    return action;
  };

  let chain: (action: unknown) => unknown = plainDispatch;
  const api: MiddlewareApi = { getState: () => state, dispatch: (action) => chain(action) };
  // Thunks first, as Redux Toolkit's default middleware.
  const thunks: Middleware = (mw) => (next) => (action) =>
    typeof action === 'function' ? (action as (d: unknown, g: unknown, x: unknown) => unknown)(mw.dispatch, mw.getState, undefined) : next(action);
  const compose = () => {
    chain = applied.reduceRight<(action: unknown) => unknown>((next, mw) => mw(next), plainDispatch);
  };
  applied.push(thunks(api));
  compose();
  reduce({ type: '@@small-store/init' });

  return {
    getState: () => state as S,
    dispatch: (action) => chain(action),
    subscribe(listener) {
      listeners.push(listener);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    inject(key, reducer, middleware) {
      slices[key] = reducer;
      if (middleware) {
        applied.push(middleware(api));
        compose();
      }
    },
  };
}
