// Only the Blueprint rules the public shell needs; every other route adds the rest (routes.tsx).
import '../components/layout/blueprint-public.css';
import './global.css';
import './app.css';
import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, HashRouter, type RouteObject } from 'react-router';
import { authSlice } from '../lib/auth/auth-slice';
import { setPlatform, type Platform } from '../lib/platform/platform';
import { portalSubdomainOf } from '../lib/portal-host';
import { AppRoutes, preloadRoutes, RouteErrorBoundary, toElementRoutes } from './lazy-routes';
import { buildPortalRoutes, buildRoutes } from './routes';
import { createStore } from './store';

/** Starts the renderer on a host: the web build and the desktop build differ only in what they pass. */
export async function bootstrap(platform: Platform, opts: { extraRoutes?: RouteObject[]; hashRouter?: boolean } = {}) {
  setPlatform(platform);
  const store = createStore();
  const subdomain = platform.kind === 'web' ? portalSubdomainOf(window.location.host, await platform.appDomain()) : null;
  const routes = toElementRoutes(subdomain ? buildPortalRoutes() : buildRoutes(opts.extraRoutes));
  const container = document.getElementById('root')!;
  // A public page the build pre-rendered (scripts/prerender.mjs) is hydrated rather than drawn
  // again, when the visitor is signed out (the page was rendered as they see it): no stored tokens
  // means initializeAuth will conclude "signed out" at once, so that is the state to hydrate in.
  const hydrate = 'prerendered' in container.dataset && !subdomain && !opts.hashRouter && !(await platform.tokens.get());
  if (hydrate) {
    store.dispatch(authSlice.actions.cleared());
    await preloadRoutes(routes, window.location.pathname);
  }
  const Router = opts.hashRouter ? HashRouter : BrowserRouter;
  const app = (
    <StrictMode>
      <Provider store={store}>
        {/* Blueprint's providers minus HotkeysProvider: nothing uses hotkeys, and its dialog would load at start. */}
        <PortalProvider>
          <OverlaysProvider>
            <Router>
              <RouteErrorBoundary>
                <AppRoutes routes={routes} />
              </RouteErrorBoundary>
            </Router>
            <AppReady />
          </OverlaysProvider>
        </PortalProvider>
      </Provider>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else {
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread until the whole page is drawn (a workspace page on a slow phone: issue 21).
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
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
