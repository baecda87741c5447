import { Button } from '@blueprintjs/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { FromState } from './guest-only';
import { useDocumentTitle } from '../hooks/use-document-title';
import { NotAllowed } from '../../components/not-allowed';
import { NAV_MESSAGES, NOT_ALLOWED_MESSAGES } from '@vidyalaya/shared';
import { useAppSelector } from '../store/hooks';
import { selectAuth } from './auth-slice';

export { GuestOnly, rememberedOrigin, type FromState } from './guest-only';

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
  useDocumentTitle(NOT_ALLOWED_MESSAGES.title);
  return (
    <div className="app-page app-page--narrow">
      <NotAllowed description={NOT_ALLOWED_MESSAGES.adminScreens} action={<Button text={NAV_MESSAGES.home} onClick={() => navigate('/')} />} />
    </div>
  );
}
