import { AnchorButton } from '@blueprintjs/core';
import { DESKTOP_MESSAGES } from '@vidyalaya/shared';
import { useSyncExternalStore } from 'react';
import type { DesktopPlatform } from '../../../lib/platform/desktop-platform';
import { ServerSettingsButton } from './server-settings-dialog';
import { STAFF_TEXT } from '../messages';

/**
 * The desktop app's own small bar, on every screen: the way to the staff screen and to the server
 * settings. It sits outside the router (a hash link is all it needs).
 */
export function DesktopChrome(props: { platform: DesktopPlatform }) {
  // The staff screen has both in its own header.
  const onStaffScreen = useSyncExternalStore(subscribeToHash, () => window.location.hash.startsWith('#/staff'));
  if (onStaffScreen) return null;
  return (
    <nav
      aria-label={DESKTOP_MESSAGES.appBar}
      style={{ position: 'fixed', left: 12, bottom: 12, zIndex: 20, display: 'flex', gap: 8, background: '#fff', padding: 4, borderRadius: 4, boxShadow: '0 1px 4px rgba(0,0,0,.2)' }}
    >
      <AnchorButton size="small" variant="minimal" icon="endorsed" href="#/staff/schools" text={STAFF_TEXT.schoolsTitle} />
      <ServerSettingsButton platform={props.platform} minimal />
    </nav>
  );
}

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
