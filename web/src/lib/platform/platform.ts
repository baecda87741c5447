import type { AuthTokens } from '@vidyalaya/shared/auth';
import type { OfflineAttendance } from '../offline/attendance-queue';

/**
 * Everything the renderer needs from its host. The web build uses web-platform.ts (local storage,
 * same-origin API); the desktop build uses desktop-platform.ts (OS keychain via window.desktop,
 * a configurable server). Nothing else in the renderer touches storage or the host directly.
 */
export interface Platform {
  kind: 'web' | 'desktop';
  tokens: {
    get(): Promise<AuthTokens | null>;
    set(tokens: AuthTokens): Promise<void>;
    clear(): Promise<void>;
  };
  /** Opens a link outside the app (a new tab on the web, the system browser on desktop). */
  openExternal(url: string): Promise<void>;
  /** Absolute or origin-relative base of the API, e.g. '/api/v1' or 'https://vidyalaya.in/api/v1'. */
  apiBaseUrl(): Promise<string>;
  /** The product's public host (APP_DOMAIN), for school portal addresses. */
  appDomain(): Promise<string>;
  /** Small non-secret state kept across restarts (the setup wizard's school state). */
  storage: {
    get(key: string): string | null;
    set(key: string, value: string): void;
    remove(key: string): void;
  };
  /**
   * Attendance marked with no network: the desktop app's main-process queue (issue 16), or this
   * browser's IndexedDB (issue 37); the days of one signed-in user in one school. Null or absent: none.
   */
  offlineAttendance?(scope: { userId: string; schoolId: string }): Promise<OfflineAttendance | null>;
  /** Sign-out: forgets what this host kept offline for the user (the browser's queued attendance). */
  clearOfflineData?(): Promise<void>;
}

let current: Platform | null = null;

export function setPlatform(p: Platform): void {
  current = p;
}

export function getPlatform(): Platform {
  if (!current) throw new Error('Platform not set: call setPlatform() before rendering');
  return current;
}
