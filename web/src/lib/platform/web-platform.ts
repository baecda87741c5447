import { API_BASE_PATH, STORAGE_KEYS } from '@vidyalaya/shared';
import { type AuthTokens } from '@vidyalaya/shared/auth';
import type { Platform } from './platform';

function readAppDomain(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="vidyalaya-app-domain"]');
  return meta?.content || window.location.host;
}

/** The browser: tokens under the vidyalaya_ local-storage keys, the API on the same origin. */
export const webPlatform: Platform = {
  kind: 'web',
  tokens: {
    async get() {
      const accessToken = localStorage.getItem(STORAGE_KEYS.accessToken);
      const refreshToken = localStorage.getItem(STORAGE_KEYS.refreshToken);
      return accessToken && refreshToken ? { accessToken, refreshToken } : null;
    },
    async set(t: AuthTokens) {
      localStorage.setItem(STORAGE_KEYS.accessToken, t.accessToken);
      localStorage.setItem(STORAGE_KEYS.refreshToken, t.refreshToken);
    },
    async clear() {
      localStorage.removeItem(STORAGE_KEYS.accessToken);
      localStorage.removeItem(STORAGE_KEYS.refreshToken);
    },
  },
  async openExternal(url: string) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  async apiBaseUrl() {
    return API_BASE_PATH;
  },
  async appDomain() {
    return readAppDomain();
  },
  storage: {
    get: (k) => localStorage.getItem(k),
    set: (k, v) => localStorage.setItem(k, v),
    remove: (k) => localStorage.removeItem(k),
  },
  // Attendance saved on this phone with no network (issue 37): IndexedDB, loaded only when used.
  async offlineAttendance({ userId, schoolId }) {
    if (typeof indexedDB === 'undefined') return null;
    const { browserOfflineAttendance } = await import('../offline/browser-attendance');
    return browserOfflineAttendance(userId, schoolId);
  },
  async clearOfflineData() {
    if (typeof indexedDB === 'undefined') return;
    const { clearBrowserOfflineAttendance } = await import('../offline/browser-attendance');
    await clearBrowserOfflineAttendance();
  },
};
