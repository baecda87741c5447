import type { QueuedAttendance, QueuedAttendanceSync } from '@vidyalaya/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { selectAuth } from '../../../lib/auth/auth-slice';
import type { OfflineAttendance } from '../../../lib/offline/attendance-queue';
import { getPlatform } from '../../../lib/platform/platform';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { useSchool } from '../../../lib/workspace/school-context';
import { attendanceApi } from '../api/attendance-api';

/** How often queued days are tried again while an attendance screen is open. */
const RETRY_MS = 60_000;

/**
 * The host's offline attendance for the signed-in user in this school: the desktop app's queue, or
 * this phone's (IndexedDB); undefined while it loads, null where there is none.
 */
export function useOfflineAttendance(): OfflineAttendance | null | undefined {
  const { schoolId } = useSchool();
  const userId = useAppSelector(selectAuth).user?.id;
  const [queue, setQueue] = useState<OfflineAttendance | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setQueue(undefined);
    if (!userId) {
      setQueue(null);
      return;
    }
    void (getPlatform().offlineAttendance?.({ userId, schoolId }) ?? Promise.resolve(null))
      .then((q) => live && setQueue(q))
      .catch(() => live && setQueue(null));
    return () => {
      live = false;
    };
  }, [userId, schoolId]);
  return queue;
}

/**
 * The queued days, sent when the screen opens, when the network returns, when the app comes back to
 * the foreground and every minute; a day that reached the server refreshes the attendance data.
 */
export function useQueuedDays(queue: OfflineAttendance | null | undefined) {
  const dispatch = useAppDispatch();
  const [items, setItems] = useState<QueuedAttendance[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<QueuedAttendanceSync | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    if (!queue) return;
    const list = await queue.list().catch(() => []);
    if (live.current) setItems(list);
  }, [queue]);

  const sync = useCallback(async () => {
    if (!queue) return;
    setBusy(true);
    try {
      const running = queue.sync();
      await load(); // shows the day being sent as syncing
      const r = await running;
      if (live.current) setResult(r);
      // Days sent, or found saved meanwhile by someone else: the screens show the server's day again.
      if (r.synced > 0 || r.conflicts > 0) dispatch(attendanceApi.util.invalidateTags(['Attendance']));
    } catch {
      if (live.current) setResult({ synced: 0, conflicts: 0, failed: 0, pending: 0, stopped: 'offline' });
    } finally {
      await load();
      if (live.current) setBusy(false);
    }
  }, [queue, load, dispatch]);

  useEffect(() => {
    if (!queue) return;
    void sync();
    const again = () => void sync();
    const visible = () => {
      if (document.visibilityState === 'visible') again();
    };
    window.addEventListener('online', again);
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', visible);
    const timer = window.setInterval(again, RETRY_MS);
    return () => {
      window.removeEventListener('online', again);
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', visible);
      window.clearInterval(timer);
    };
  }, [queue, sync]);

  /** Keep mine (queued again on top of the server's version) or the school's (this day discarded); then send. */
  const settle = useCallback(
    async (id: string, keepMine: boolean) => {
      if (!queue) return;
      await (keepMine ? queue.keepMine(id) : queue.discard(id));
      await sync();
    },
    [queue, sync],
  );

  return { items, busy, result, sync, settle, reload: load };
}
