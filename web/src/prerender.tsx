/**
 * The server-side entry of the build's pre-render step (scripts/prerender.mjs): renders a public page
 * to HTML with React's server renderer, as a signed-out visitor sees it, so the page's content paints
 * before any script runs. The browser then hydrates it (app/bootstrap.tsx) into the same tree.
 */
import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { DEFAULT_APP_DOMAIN } from '@vidyalaya/shared';
import { AppRoutes, preloadRoutes, RouteErrorBoundary, toElementRoutes } from './app/lazy-routes';
import { buildRoutes } from './app/routes';
import { WorkspaceSkeleton } from './components/layout/workspace-skeleton';
import { createStore } from './app/store';
import { authSlice } from './lib/auth/auth-slice';
import { setPlatform, type Platform } from './lib/platform/platform';

/** A host with nothing stored: the visitor is signed out and has no school state. */
const prerenderPlatform: Platform = {
  kind: 'web',
  tokens: { get: async () => null, set: async () => undefined, clear: async () => undefined },
  openExternal: async () => undefined,
  apiBaseUrl: async () => '/api/v1',
  appDomain: async () => DEFAULT_APP_DOMAIN,
  storage: { get: () => null, set: () => undefined, remove: () => undefined },
};

/** The HTML of the app's root element for `path`, or a redirect's target. */
export async function render(path: string): Promise<{ html: string } | { redirect: string }> {
  setPlatform(prerenderPlatform);
  const store = createStore();
  // What initializeAuth concludes at once for a visitor with no tokens; bootstrap does the same
  // before it hydrates, so both render the signed-out tree.
  store.dispatch(authSlice.actions.cleared());
  const routes = toElementRoutes(buildRoutes());
  // Every route of the page is loaded first: the server renderer then never meets a suspended one.
  await preloadRoutes(routes, path);
  const html = renderToString(
    <StrictMode>
      <Provider store={store}>
        <PortalProvider>
          <OverlaysProvider>
            <StaticRouter location={path}>
              <RouteErrorBoundary>
                <AppRoutes routes={routes} />
              </RouteErrorBoundary>
            </StaticRouter>
          </OverlaysProvider>
        </PortalProvider>
      </Provider>
    </StrictMode>,
  );
  return { html };
}

/**
 * The workspace's skeleton as the workspace's document carries it (issue 37): the same component
 * React draws while the session and the school load, labelled in English (the document's prefetch
 * script relabels it in Hindi when that is the language this device chose).
 */
export function renderWorkspaceSkeleton(): string {
  return renderToStaticMarkup(<WorkspaceSkeleton label="Loading" />);
}
