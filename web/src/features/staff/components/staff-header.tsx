import { Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { APP_NAME, MESSAGES } from '@vidyalaya/shared';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../../lib/auth/auth-slice';
import { desktopHost } from '../../../lib/platform/desktop-platform';
import { useSession, useThunkDispatch } from '../hooks/use-session';
import { ServerSettingsButton } from './server-settings-dialog';

/** The staff screen's header: where you are, who you are, the server settings and signing out. */
export function StaffHeader() {
  const { user } = useSession();
  const dispatch = useThunkDispatch();
  const navigate = useNavigate();
  const platform = desktopHost();
  return (
    <header>
      <Navbar>
        <NavbarGroup align="left">
          <NavbarHeading>
            <Link to="/staff/schools">
              {APP_NAME} · {MESSAGES.staff.schoolsTitle}
            </Link>
          </NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="right">
          {user ? <span aria-label={MESSAGES.staff.signedInAs}>{user.username}</span> : null}
          <NavbarDivider />
          {platform ? <ServerSettingsButton platform={platform} /> : null}
          <Button
            variant="minimal"
            icon="log-out"
            text={MESSAGES.staff.signOut}
            onClick={async () => {
              await dispatch(logout());
              navigate('/staff/login', { replace: true });
            }}
          />
        </NavbarGroup>
      </Navbar>
    </header>
  );
}
