import { Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SCREEN_MESSAGES } from '@vidyalaya/shared';
import { PlainSpinner } from '../components/blueprint/plain-spinner';
import { WorkspaceSkeleton } from '../components/layout/workspace-skeleton';
import { initializeAuth } from '../lib/auth/auth-slice';
import { clearToastsOnNavigation } from '../lib/toast-registry';
import { useAppDispatch, useAppSelector } from './store';

/**
 * Spec §2: the page scrolls to the top on every route change; the toasts of the page left behind
 * go with it (those raised by the action that navigated stay).
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    clearToastsOnNavigation();
  }, [pathname]);
  return null;
}

/** Spec §2: nothing is rendered until authentication initialisation is done. */
export function RootLayout() {
  const dispatch = useAppDispatch();
  // Deferred: once the session is known the whole first page draws as a transition, in slices the
  // browser can interrupt, rather than in the store's one synchronous render (issue 21).
  const status = useDeferredValue(useAppSelector((s) => s.auth.status));
  const started = useRef(false);
  useEffect(() => {
    // Once per app start (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void dispatch(initializeAuth());
  }, [dispatch]);
  if (status === 'initializing') return <Initializing />;
  return (
    <>
      <ScrollToTop />
      {/* The first page's code may still be loading when the session is known (app/lazy-routes.tsx). */}
      <Suspense fallback={<Initializing />}>
        <Outlet />
      </Suspense>
    </>
  );
}

function Initializing() {
  // The workspace's document paints its skeleton before the scripts run (issue 37): the same markup
  // stays until the shell is ready, rather than a spinner in between.
  const { pathname } = useLocation();
  if (pathname === '/workspace' || pathname.startsWith('/workspace/')) return <WorkspaceSkeleton />;
  return (
    <div className="app-initializing" role="status">
      <PlainSpinner size={32} />
      <p>{SCREEN_MESSAGES.initializing}</p>
    </div>
  );
}
