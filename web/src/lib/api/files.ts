import { useEffect, useState } from 'react';
import { tokenStore } from '../auth/token-store';
import { getPlatform } from '../platform/platform';
import { refreshTokens } from './base-query';

/**
 * A file the API answers (a photo, the logo, a PDF, a workbook): fetched with the session's bearer
 * token (refreshed once on a 401), answered as a Blob. The JSON calls go through RTK Query; these
 * bytes cannot. `path` is under the API's base (`/schools/…`); one that starts with `/api/v1` (a
 * background job's `resultUrl`) is taken as it is. A failure rejects with the server's message
 * (or `HTTP <status>`), its `status` and its error `code`.
 */
export async function fetchFile(path: string): Promise<Blob> {
  const base = await getPlatform().apiBaseUrl();
  const url = path.startsWith('/api/v1') ? `${base.replace(/\/api\/v1\/?$/, '')}${path}` : `${base}${path}`;
  const get = (token: string | undefined) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const tokens = await tokenStore.get();
  let res = await get(tokens?.accessToken);
  if (res.status === 401 && tokens) {
    const refreshed = await refreshTokens();
    if ('error' in refreshed) throw Object.assign(new Error(refreshed.error.message), { status: refreshed.error.status });
    res = await get(refreshed.tokens.accessToken);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw Object.assign(new Error(body?.error?.message ?? `HTTP ${res.status}`), { status: res.status, code: body?.error?.code });
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

/**
 * An image the API answers, as a `blob:` URL for an <img> (which could not send the token): null
 * while loading, when `path` is null, or when it cannot be had. Fetched again when `path` or
 * `version` changes; the previous URL is released.
 */
export function useFileUrl(path: string | null, version?: unknown): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (path === null) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchFile(path)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, version]);
  return url;
}
