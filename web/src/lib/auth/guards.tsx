import { Button } from '@blueprintjs/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../hooks/use-document-title';
import { NotAllowed } from '../../components/not-allowed';
import { MESSAGES } from '@vidyalaya/shared';
import { useAppSelector } from '../store/hooks';
import { selectAuth } from './auth-slice';

/** What the login page reads back: where a signed-out visitor was going. */
export type FromState = { from?: string | { pathname?: string; search?: string; hash?: string } };

/** The remembered origin as a path ('/setup/classes?schoolId=…'), or null. */
export function rememberedOrigin(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (typeof from === 'string') return from.startsWith('/') && !from.startsWith('//') ? from : null;
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/')) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return null;
}

/** Spec §2 route guard: a protected route needs a signed-in user, else /login remembering the origin. */
export function RequireAuth() {
  const { status } = useAppSelector(selectAuth);
  const location = useLocation();
  if (status !== 'authenticated') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/**
 * /login and /register are for signed-out users: a signed-in user goes to /dashboard — or, right
 * after logging in, to the page remembered by RequireAuth — replacing history (spec §2).
 */
export function GuestOnly() {
  const { status } = useAppSelector(selectAuth);
  const location = useLocation();
  if (status === 'authenticated') return <Navigate to={rememberedOrigin(location.state) ?? '/dashboard'} replace />;
  return <Outlet />;
}

/**
 * Dashboard and setup belong to a school's administrator (spec §6). Provider staff have no school,
 * so they see a clear refusal instead of an empty dashboard.
 */
export function RequireSchoolAdmin() {
  const { user } = useAppSelector(selectAuth);
  if (user?.role === 'staff') return <StaffNotAllowed />;
  return <Outlet />;
}

function StaffNotAllowed() {
  const navigate = useNavigate();
  useDocumentTitle(MESSAGES.notAllowed.title);
  return (
    <div className="app-page app-page--narrow">
      <NotAllowed description={MESSAGES.notAllowed.adminScreens} action={<Button text={MESSAGES.ui.nav.home} onClick={() => navigate('/')} />} />
    </div>
  );
}
