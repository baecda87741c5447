import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { DESKTOP_MESSAGES } from '@vidyalaya/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './app/bootstrap';
import { ConnectScreen } from './features/approvers/components/connect-screen';
import { DesktopChrome } from './features/approvers/components/desktop-chrome';
import { staffRoutes } from './features/approvers/routes';
import { setPlatform } from './lib/platform/platform';
import { createDesktopPlatform } from './lib/platform/desktop-platform';
import { toast } from './lib/toast';

/**
 * The desktop entry (web/desktop.html, built by desktop/electron.vite.config.ts). Asks the main
 * process for its settings: with no server yet, the first-start 'Connect' screen; otherwise the
 * app on that server, with the staff approval screen and a hash router (the page is a file of
 * app://vidyalaya, not a server that could answer every path).
 */
async function start(): Promise<void> {
  const bridge = window.desktop;
  const root = document.getElementById('root')!;
  if (!bridge) {
    root.textContent = DESKTOP_MESSAGES.notInDesktop;
    return;
  }
  const info = await bridge.getInfo();
  const platform = createDesktopPlatform(bridge, info.settings);
  setPlatform(platform);
  if (!info.settings) {
    createRoot(root).render(
      <StrictMode>
        <ConnectScreen platform={platform} />
      </StrictMode>,
    );
    return;
  }
  await bootstrap(platform, { extraRoutes: staffRoutes, hashRouter: true });
  createRoot(document.getElementById('desktop-chrome')!).render(
    <StrictMode>
      <DesktopChrome platform={platform} />
    </StrictMode>,
  );
  if (info.keychain === 'session') {
    toast({ title: DESKTOP_MESSAGES.keychainUnavailable.title, description: DESKTOP_MESSAGES.keychainUnavailable.description, intent: 'warning', timeout: 0 });
  }
}

void start();
