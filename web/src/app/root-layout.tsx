import { Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@vidyalaya/shared';
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
  const status = useAppSelector((s) => s.auth.status);
  const started = useRef(false);
  useEffect(() => {
    // Once per app start (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void dispatch(initializeAuth());
  }, [dispatch]);
  if (status === 'initializing') {
    return (
      <div className="app-initializing" role="status">
        <Spinner size={32} aria-hidden />
        <p>{MESSAGES.screens.initializing}</p>
      </div>
    );
  }
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}
