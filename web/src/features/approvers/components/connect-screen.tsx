import { Card } from '@blueprintjs/core';
import { APP_NAME, DESKTOP_MESSAGES, TAGLINE } from '@vidyalaya/shared';
import type { DesktopPlatform } from '../../../lib/platform/desktop-platform';
import { ServerSettingsForm } from './server-settings-form';

const M = DESKTOP_MESSAGES;

/** First start of the desktop app: which Vidyalaya server to use. Connecting reloads into the app. */
export function ConnectScreen(props: { platform: DesktopPlatform }) {
  return (
    <main className="vd-connect" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, background: 'var(--vd-bg-soft)' }}>
      <Card elevation={2} style={{ width: '100%', maxWidth: 480 }}>
        <p style={{ margin: 0, color: 'var(--vd-muted)' }}>
          {APP_NAME} · {TAGLINE}
        </p>
        <h1 style={{ marginTop: 8 }}>{M.connectTitle}</h1>
        <p>{M.connectIntro}</p>
        <ServerSettingsForm host={props.platform.host} initial={null} submitText={M.connect} onSaved={() => window.location.reload()} />
      </Card>
    </main>
  );
}
