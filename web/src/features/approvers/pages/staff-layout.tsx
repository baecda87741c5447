import { AnchorButton, Button } from '@blueprintjs/core';
import { NOT_ALLOWED_MESSAGES, SCREEN_MESSAGES } from '@vidyalaya/shared';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { NotAllowed } from '../../../components/not-allowed';
import { logout } from '../../../lib/auth/auth-slice';
import { StaffHeader } from '../components/staff-header';
import { useSession, useThunkDispatch } from '../hooks/use-session';
import { STAFF_TEXT } from '../messages';

/**
 * Every /staff screen but the sign-in: signed out → the staff sign-in (remembering where to come
 * back to); signed in as a school administrator → 'Not allowed'; staff → the screen.
 */
export function Component() {
  const { status, user } = useSession();
  const location = useLocation();
  const dispatch = useThunkDispatch();
  const navigate = useNavigate();
  if (status !== 'authenticated' || !user) {
    return <Navigate to="/staff/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (user.role !== 'staff') {
    return (
      <NotAllowed
        description={NOT_ALLOWED_MESSAGES.staffScreen}
        action={
          <>
            <AnchorButton href="#/dashboard" intent="primary" text={SCREEN_MESSAGES.schoolIdRequired.action} />
            <Button
              text={STAFF_TEXT.signOut}
              onClick={async () => {
                await dispatch(logout());
                navigate('/staff/login', { replace: true });
              }}
            />
          </>
        }
      />
    );
  }
  return (
    <div className="vd-staff">
      <StaffHeader />
      <main id="main-content" style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
        <Outlet />
      </main>
    </div>
  );
}
