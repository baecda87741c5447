import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { NAV_MESSAGES, ONBOARDING_TEXT } from '@vidyalaya/shared';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { logout, selectAuth } from '../../lib/auth/auth-slice';
import { toastSignedOut, toastSignOutFailed } from '../../lib/auth/sign-out-toasts';

/** The dialog (its form, the shared schemas and zod) loads when first opened, not with every signed-in page. */
const ChangePasswordDialog = lazy(() => import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));

const A = ONBOARDING_TEXT.account;

/**
 * The signed-in header's one menu: who is signed in, the dashboard, editing the school, changing
 * the password and signing out (spec §4 Logout: a failed call is only logged; when this device
 * cannot forget the session, 'Logout failed').
 */
export function AccountMenu() {
  const { user } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  async function onLogout() {
    setLoggingOut(true);
    try {
      await dispatch(logout()).unwrap();
      toastSignedOut();
      await navigate('/');
    } catch {
      toastSignOutFailed();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <>
      <Popover
        placement="bottom-end"
        minimal
        content={
          <Menu aria-label={A.menu} className="account-menu">
            <li className="account-menu-who" role="none">
              {A.signedInAs(user?.username ?? '')}
            </li>
            <MenuDivider />
            <MenuItem icon="dashboard" text={A.dashboard} onClick={() => navigate('/dashboard')} />
            <MenuItem icon="edit" text={A.editSchool} onClick={() => navigate('/setup/school?edit=1')} />
            <MenuItem icon="key" text={A.changePassword} onClick={() => setChanging(true)} />
            <MenuDivider />
            <MenuItem icon="log-out" text={NAV_MESSAGES.logout} disabled={loggingOut} onClick={() => void onLogout()} shouldDismissPopover={false} />
          </Menu>
        }
      >
        <Button variant="minimal" size="large" icon="user" endIcon="caret-down" className="account-menu-button" aria-label={`${A.menu}: ${user?.username ?? ''}`}>
          <span className="account-menu-name">{user?.username}</span>
        </Button>
      </Popover>
      {changing ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog isOpen onClose={() => setChanging(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
