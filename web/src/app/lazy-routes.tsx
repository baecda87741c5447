import { Component as ReactComponent, use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, renderMatches, useLocation, type RouteMatch, type RouteObject } from 'react-router';

/**
 * The app's routes are written in React Router's data-router form (`lazy: () => import(page)`, the
 * module exporting `Component`), but rendered with the declarative router (`<BrowserRouter>` +
 * `useRoutes`), which is less than half its size (about 12 KB brotli against 27: docs/performance.md).
 * A lazy route becomes an element that suspends until its module is there; the router wraps every
 * navigation in a transition, so the page left behind stays until the next one can draw, as with the
 * data router. Every lazy route the location matches starts loading at once (no waterfall), and a
 * pre-rendered page preloads its routes before hydrating, so its first render suspends nowhere.
 */
type Lazy = () => Promise<{ Component?: ComponentType | null }>;

const loaded = new WeakMap<Lazy, ComponentType>();
const loading = new WeakMap<Lazy, Promise<void>>();

function load(lazy: Lazy): Promise<void> {
  let p = loading.get(lazy);
  if (!p) {
    p = lazy().then(
      (m) => {
        loaded.set(lazy, m.Component ?? Empty);
      },
      (e: unknown) => {
        // A failed chunk may load on the next try (a flaky network): forget it.
        loading.delete(lazy);
        throw e;
      },
    );
    loading.set(lazy, p);
  }
  return p;
}

function Empty() {
  return null;
}

function LazyRoute({ lazy }: { lazy: Lazy }) {
  const Component = loaded.get(lazy);
  if (Component) return <Component />;
  use(load(lazy));
  const Ready = loaded.get(lazy) ?? Empty;
  return <Ready />;
}

const lazyOf = new WeakMap<RouteObject, Lazy>();

/** The routes with every `lazy` turned into an element that loads it (the tree's shape is kept). */
export function toElementRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children, ...rest } = route;
    const next = { ...rest } as RouteObject;
    if (typeof lazy === 'function') {
      next.element = <LazyRoute lazy={lazy as Lazy} />;
      lazyOf.set(next, lazy as Lazy);
    }
    if (children) (next as { children?: RouteObject[] }).children = toElementRoutes(children);
    return next;
  });
}

/**
 * The routes a path matches, kept for the last few paths: React Router flattens and ranks the whole
 * route table on every `matchRoutes` call (a few milliseconds on a phone for this app's table), and the
 * routes are drawn again on every navigation and every lazy route that arrives.
 */
const MATCHES_KEPT = 32;
const matchesOf = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();
function matchesFor(routes: RouteObject[], path: string): RouteMatch[] | null {
  let kept = matchesOf.get(routes);
  if (!kept) matchesOf.set(routes, (kept = new Map()));
  if (kept.has(path)) {
    const found = kept.get(path)!;
    // The most recently used last: the first key is the one to drop.
    kept.delete(path);
    kept.set(path, found);
    return found;
  }
  const found = matchRoutes(routes, path);
  kept.set(path, found);
  if (kept.size > MATCHES_KEPT) kept.delete(kept.keys().next().value!);
  return found;
}

/** Loads every lazy route `path` matches (all at once); resolves when they are all there. */
export async function preloadRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchesFor(routes, path) ?? [];
  await Promise.all(matches.map(({ route }) => lazyOf.get(route)).filter((l): l is Lazy => !!l).map(load));
}

/**
 * The routes for the current location (inside a router); starts loading all matched routes at once.
 * What `useRoutes(routes)` draws at the top of the tree, from the kept matches (one match a path).
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  void preloadRoutes(routes, pathname).catch(() => undefined);
  return renderMatches(matchesFor(routes, pathname));
}

/**
 * What the data router's default error element did: a page whose code failed to load (the network
 * dropped, or a deploy replaced the files) or threw while drawing shows a message and a way to
 * reload, instead of an empty window.
 */
export class RouteErrorBoundary extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('The page failed to load or draw', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="app-page app-page--narrow" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Check your connection and reload.</p>
        <button type="button" className="bp6-button bp6-intent-primary" onClick={() => window.location.reload()}>
          <span className="bp6-button-text">Reload</span>
        </button>
      </div>
    );
  }
}
