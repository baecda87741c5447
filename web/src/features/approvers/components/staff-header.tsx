import { Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { APP_NAME, ONBOARDING_TEXT } from '@vidyalaya/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '../../../components/layout/brand-mark';
import { logout } from '../../../lib/auth/auth-slice';
import { ChangePasswordDialog } from '../../../components/account/change-password-dialog';
import { desktopHost } from '../../../lib/platform/desktop-platform';
import { useSession, useThunkDispatch } from '../hooks/use-session';
import { ServerSettingsButton } from './server-settings-dialog';
import { STAFF_TEXT } from '../messages';

/** The staff screen's header: where you are, who you are, the server settings and signing out. */
export function StaffHeader() {
  const { user } = useSession();
  const dispatch = useThunkDispatch();
  const navigate = useNavigate();
  const platform = desktopHost();
  const [changing, setChanging] = useState(false);
  return (
    <header>
      <Navbar>
        <NavbarGroup align="left">
          <NavbarHeading>
            <Link to="/staff/schools" className="staff-brand">
              <BrandMark size={24} /> {APP_NAME} · {STAFF_TEXT.schoolsTitle}
            </Link>
          </NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="right">
          {user ? <span aria-label={STAFF_TEXT.signedInAs}>{user.username}</span> : null}
          <NavbarDivider />
          {platform ? <ServerSettingsButton platform={platform} /> : null}
          <Button variant="minimal" icon="key" text={ONBOARDING_TEXT.account.changePassword} onClick={() => setChanging(true)} />
          <Button
            variant="minimal"
            icon="log-out"
            text={STAFF_TEXT.signOut}
            onClick={async () => {
              await dispatch(logout());
              navigate('/staff/login', { replace: true });
            }}
          />
        </NavbarGroup>
      </Navbar>
      <ChangePasswordDialog isOpen={changing} onClose={() => setChanging(false)} />
    </header>
  );
}
