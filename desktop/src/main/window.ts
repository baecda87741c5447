/**
 * The app's window and the locks on every web contents: context isolation, the sandbox and no Node
 * in the renderer; navigation kept inside app://vidyalaya; no new windows (web links go to the
 * system browser after navigation.ts has checked them); no webviews; no permission granted.
 */
import { BrowserWindow, shell, type Session, type WebContents } from 'electron';
import { APP_ENTRY_URL, decideNavigation, decideWindowOpen } from './navigation';

/** Hands a checked URL to the system browser; a failure (no browser) is only logged. */
function openInBrowser(url: string): void {
  shell.openExternal(url).catch((e: unknown) => console.warn('Could not open the system browser', e));
}

/** Applies the navigation and window rules to one web contents (every one the app creates). */
export function lockDownWebContents(contents: WebContents, serverUrl: () => string | null): void {
  const onNavigate = (event: { preventDefault(): void; url: string }) => {
    const decision = decideNavigation(event.url);
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.action === 'external') openInBrowser(decision.url);
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-frame-navigate', onNavigate);
  contents.on('will-redirect', (event) => {
    if (decideNavigation(event.url).action !== 'allow') event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url, serverUrl());
    if (decision.action === 'external') openInBrowser(decision.url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** No camera, microphone, notifications, geolocation…: the app asks for none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

export function createMainWindow(opts: { preload: string; icon?: string }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Vidyalaya',
    icon: opts.icon,
    autoHideMenuBar: true,
    // Written out in full here (not spread from a constant) so a reviewer — and electronegativity —
    // sees every setting where the window is made.
    webPreferences: {
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_ENTRY_URL);
  return win;
}
