// Only the Blueprint rules the public shell needs; every other route adds the rest (routes.tsx).
import '../components/layout/blueprint-public.css';
import './global.css';
import './app.css';
import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, createHashRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { authSlice } from '../lib/auth/auth-slice';
import { setPlatform, type Platform } from '../lib/platform/platform';
import { portalSubdomainOf } from '../lib/portal-host';
import { buildPortalRoutes, buildRoutes } from './routes';
import { createStore } from './store';

/** Starts the renderer on a host: the web build and the desktop build differ only in what they pass. */
export async function bootstrap(platform: Platform, opts: { extraRoutes?: RouteObject[]; hashRouter?: boolean } = {}) {
  setPlatform(platform);
  const store = createStore();
  const subdomain = platform.kind === 'web' ? portalSubdomainOf(window.location.host, await platform.appDomain()) : null;
  const routes = subdomain ? buildPortalRoutes() : buildRoutes(opts.extraRoutes);
  const container = document.getElementById('root')!;
  // A public page the build pre-rendered (scripts/prerender.mjs) is hydrated rather than drawn
  // again, when the visitor is signed out (the page was rendered as they see it): no stored tokens
  // means initializeAuth will conclude "signed out" at once, so that is the state to hydrate in.
  const hydrate = 'prerendered' in container.dataset && !subdomain && !opts.hashRouter && !(await platform.tokens.get());
  if (hydrate) {
    store.dispatch(authSlice.actions.cleared());
    await resolveLazyRoutes(routes, window.location.pathname);
  }
  const router = opts.hashRouter ? createHashRouter(routes) : createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <Provider store={store}>
        {/* Blueprint's providers minus HotkeysProvider: nothing uses hotkeys, and its dialog would load at start. */}
        <PortalProvider>
          <OverlaysProvider>
            <RouterProvider router={router} />
            <AppReady />
          </OverlaysProvider>
        </PortalProvider>
      </Provider>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/**
 * Marks the document once React owns it (`<html data-app-ready>`): after hydration for a pre-rendered
 * page, whose content is visible before then, and lets its forms take input. Draws nothing, so the
 * hydrated tree matches the server's.
 */
function AppReady() {
  useEffect(() => {
    // Pre-rendered forms wait, inert, for the app (scripts/prerender.mjs): they take input from now on.
    for (const el of document.querySelectorAll('[data-until-ready]')) {
      el.removeAttribute('inert');
      el.removeAttribute('data-until-ready');
    }
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

/**
 * Loads the lazy routes that match `path` and puts what they export on the route objects, so the
 * router's first render draws the page at once, as the pre-rendered HTML shows it.
 */
async function resolveLazyRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
