import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readVerifyOtpState } from '../verify-otp-state';

const VerifyOtpPage = lazy(() => import('./verify-otp-page'));

/**
 * Spec §2 /verify-otp: needs {username, type} in the navigation state, else /login. Decided here,
 * before the page's own code loads, so an address opened without them (a bookmark, a new tab)
 * goes to /login without fetching a page it will not show.
 */
export function Component() {
  const state = readVerifyOtpState(useLocation().state);
  if (!state) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={null}>
      <VerifyOtpPage {...state} />
    </Suspense>
  );
}
