import { tokenStore } from '../auth/token-store';
import { getPlatform } from '../platform/platform';
import { clearOfflineAttendance, createOfflineAttendance, ownerKey, type OfflineAttendance, type SendOutcome, type StoredAttendance } from './attendance-queue';
import { idbStore } from './idb-store';

/**
 * The browser's offline attendance (issue 37, point 3): the queue of ./attendance-queue.ts in
 * IndexedDB, sent with the session in memory at the moment of sending. A chunk of its own, loaded
 * by the attendance screens and at sign-out, never at start.
 */

type Envelope = { error?: { code?: string; message?: string }; data?: { markedBy?: string | null; markedAt?: string | null } } | null;

/** One queued day's PUT, with the signed-in user's token; a 401 refreshes once, like every call. */
export async function sendQueuedMarks(item: StoredAttendance): Promise<SendOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { ok: false, kind: 'offline' };
  const tokens = await tokenStore.get();
  if (!tokens) return { ok: false, kind: 'signed-out' };
  const base = await getPlatform().apiBaseUrl();
  const put = (accessToken: string) =>
    fetch(`${base}/schools/${item.schoolId}/sections/${item.sectionId}/attendance/${item.date}`, {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ records: item.records, basedOn: item.basedOn }),
    });
  let res: Response;
  try {
    res = await put(tokens.accessToken);
    if (res.status === 401) {
      const { refreshTokens } = await import('../api/base-query');
      const refreshed = await refreshTokens();
      if ('error' in refreshed) return { ok: false, kind: refreshed.error.status === 0 ? 'offline' : 'signed-out' };
      res = await put(refreshed.tokens.accessToken);
    }
  } catch {
    return { ok: false, kind: 'offline' };
  }
  if (res.status === 401) return { ok: false, kind: 'signed-out' };
  const body = (await res.json().catch(() => null)) as Envelope;
  if (res.ok) return { ok: true };
  if (res.status === 409 && body?.error?.code === 'ATTENDANCE_CONFLICT') {
    return { ok: false, kind: 'conflict', markedBy: body.data?.markedBy ?? null, markedAt: body.data?.markedAt ?? null };
  }
  // The server busy or failing: the marks stay queued for the next try.
  if (res.status >= 500 || res.status === 429) return { ok: false, kind: 'offline' };
  return { ok: false, kind: 'refused', status: res.status, message: body?.error?.message ?? `The server refused these marks (${res.status}).` };
}

/** One sync at a time across this browser's tabs, so no day is sent twice. */
function exclusive<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('vidyalaya-offline-attendance', run) as Promise<T>) : run();
}

export function browserOfflineAttendance(userId: string, schoolId: string): OfflineAttendance {
  return createOfflineAttendance(ownerKey(userId, schoolId), schoolId, { store: idbStore, send: sendQueuedMarks, exclusive });
}

export function clearBrowserOfflineAttendance(): Promise<void> {
  return clearOfflineAttendance(idbStore);
}
