// Only the Blueprint rules the public shell needs; every other route adds the rest (routes.tsx).
import '../components/layout/blueprint-public.css';
import './global.css';
import './app.css';
import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, createHashRouter, RouterProvider, type RouteObject } from 'react-router';
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
  const router = opts.hashRouter ? createHashRouter(routes) : createBrowserRouter(routes);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        {/* Blueprint's providers minus HotkeysProvider: nothing uses hotkeys, and its dialog would load at start. */}
        <PortalProvider>
          <OverlaysProvider>
            <RouterProvider router={router} />
          </OverlaysProvider>
        </PortalProvider>
      </Provider>
    </StrictMode>,
  );
}
