import { refreshTokens } from '../../../lib/api/base-query';
import { tokenStore } from '../../../lib/auth/token-store';
import { getPlatform } from '../../../lib/platform/platform';

/**
 * A file the API answers (the import template, the UDISE+ workbook, a student's photo): fetched
 * with the session's bearer token (refreshed once on a 401), answered as a Blob. The JSON calls go
 * through RTK Query; these bytes cannot.
 */
export async function fetchFile(path: string): Promise<Blob> {
  const base = await getPlatform().apiBaseUrl();
  const get = async (token: string | undefined) => fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const tokens = await tokenStore.get();
  let res = await get(tokens?.accessToken);
  if (res.status === 401 && tokens) {
    const refreshed = await refreshTokens();
    if ('error' in refreshed) throw Object.assign(new Error(refreshed.error.message), { status: refreshed.error.status });
    res = await get(refreshed.tokens.accessToken);
  }
  if (!res.ok) {
    let code: string | undefined;
    try {
      code = ((await res.json()) as { error?: { code?: string } }).error?.code;
    } catch {
      code = undefined;
    }
    throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status, code });
  }
  return res.blob();
}

/** Saves a Blob under `filename` (the browser's download; Electron shows its save dialog). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const schoolPath = (schoolId: string) => `/schools/${encodeURIComponent(schoolId)}`;
