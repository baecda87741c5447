import { Button, Callout, Dialog, DialogBody } from '@blueprintjs/core';
import { DESKTOP_MESSAGES } from '@vidyalaya/shared';
import { useEffect, useState } from 'react';
import type { DesktopPlatform } from '../../../lib/platform/desktop-platform';
import { ServerSettingsForm } from './server-settings-form';

const M = DESKTOP_MESSAGES;

/** Changes the server address. Saving reloads the window, so every part of the app uses the new server. */
export function ServerSettingsDialog(props: { platform: DesktopPlatform; isOpen: boolean; onClose: () => void }) {
  const [keychain, setKeychain] = useState<'os' | 'session' | null>(null);
  useEffect(() => {
    if (props.isOpen) void props.platform.host.info().then((i) => setKeychain(i.keychain));
  }, [props.isOpen, props.platform]);
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={M.serverSettings} icon="cog">
      <DialogBody>
        {props.platform.settings ? <p>{M.connectedTo(props.platform.settings.serverUrl)}</p> : null}
        {keychain === 'session' ? (
          <Callout intent="warning" title={M.keychainUnavailable.title} style={{ marginBottom: 12 }}>
            {M.keychainUnavailable.description}
          </Callout>
        ) : keychain === 'os' ? (
          <p>{M.keychainAvailable}</p>
        ) : null}
        <ServerSettingsForm
          host={props.platform.host}
          initial={props.platform.settings}
          submitText={M.saveAndReconnect}
          onSaved={() => window.location.reload()}
        />
      </DialogBody>
    </Dialog>
  );
}

/** The small 'Server settings' button, with its dialog. */
export function ServerSettingsButton(props: { platform: DesktopPlatform; minimal?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant={props.minimal ? 'minimal' : 'outlined'} icon="cog" text={M.serverSettings} onClick={() => setOpen(true)} />
      <ServerSettingsDialog platform={props.platform} isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
