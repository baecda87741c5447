import { API_BASE_PATH, type DesktopBridge, type DesktopInfo, type DesktopSettings, type ServerCheckResult } from '@vidyalaya/shared';
import { getPlatform, type Platform } from './platform';

declare global {
  interface Window {
    /** The desktop app's bridge, exposed by its preload (absent in a browser). */
    desktop?: DesktopBridge;
  }
}

/** What only the desktop host offers: its server settings and where tokens are kept. */
export interface DesktopHost {
  info(): Promise<DesktopInfo>;
  checkServer(input: { serverUrl: string; appDomain?: string }): Promise<ServerCheckResult>;
  /** Checks, then keeps, the server address; the caller reloads the window to use it. */
  saveSettings(input: { serverUrl: string; appDomain?: string }): Promise<ServerCheckResult>;
}

export interface DesktopPlatform extends Platform {
  kind: 'desktop';
  host: DesktopHost;
  /** The settings this window started with (null before the first connection). */
  settings: DesktopSettings | null;
}

/**
 * The Electron host: tokens go to the OS keychain through window.desktop (never to this page's
 * storage), the API is the configured server's, links open in the system browser. Local storage
 * keeps only non-secret state (the setup wizard's school).
 */
export function createDesktopPlatform(bridge: DesktopBridge, settings: DesktopSettings | null): DesktopPlatform {
  const need = (): DesktopSettings => {
    if (!settings) throw new Error('No Vidyalaya server is configured yet');
    return settings;
  };
  return {
    kind: 'desktop',
    settings,
    tokens: {
      get: () => bridge.getTokens(),
      set: (tokens) => bridge.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
      clear: () => bridge.clearTokens(),
    },
    openExternal: (url) => bridge.openExternal(url),
    apiBaseUrl: async () => `${need().serverUrl}${API_BASE_PATH}`,
    appDomain: async () => need().appDomain,
    storage: {
      get: (k) => localStorage.getItem(k),
      set: (k, v) => localStorage.setItem(k, v),
      remove: (k) => localStorage.removeItem(k),
    },
    // The main process keeps the queue (desktop/src/main/attendance-queue.ts), for this computer.
    offlineAttendance: async () =>
      bridge.queueAttendance
        ? {
            where: 'computer',
            queue: (marks) => bridge.queueAttendance(marks),
            list: () => bridge.listQueuedAttendance(),
            sync: () => bridge.syncAttendance(),
            discard: (id) => bridge.discardQueuedAttendance(id),
            keepMine: (id) => bridge.keepQueuedAttendance(id),
          }
        : null,
    host: {
      info: () => bridge.getInfo(),
      checkServer: (input) => bridge.checkServer(input),
      saveSettings: (input) => bridge.saveSettings(input),
    },
  };
}

/** The desktop host, when the renderer runs in the desktop app; null in a browser. */
export function desktopHost(): DesktopPlatform | null {
  const p = getPlatform();
  return p.kind === 'desktop' ? (p as DesktopPlatform) : null;
}
