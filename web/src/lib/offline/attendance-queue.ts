import type { QueuedAttendance, QueuedAttendanceSync } from '@vidyalaya/shared';

/**
 * Attendance marked on a phone with no network (issue 37, point 3): the same rules as the desktop
 * app's queue (desktop/src/main/attendance-queue.ts), kept in the browser. Each queued day carries
 * `basedOn`, the `markedAt` the teacher started from, so a day someone else saved meanwhile answers
 * 409 ATTENDANCE_CONFLICT and waits as a conflict for her to decide (keep mine, or the school's).
 *
 * Storage is given (IndexedDB in the browser, web/src/lib/offline/idb-store.ts; a Map in the unit
 * tests), and so is sending (the signed-in session's tokens, read from memory when sending: a queued
 * day holds only the marks, the section and the date, never a token). Every day belongs to one
 * signed-in user in one school (`owner`): one teacher's days are never listed to another.
 */

export type QueuedMarks = Pick<QueuedAttendance, 'schoolId' | 'sectionId' | 'date' | 'records' | 'basedOn'>;

/** A queued day as stored: the state is 'queued', 'conflict' or 'failed' ('syncing' is never stored). */
export interface StoredAttendance extends QueuedAttendance {
  owner: string;
}

export interface QueueStore {
  all(owner: string): Promise<StoredAttendance[]>;
  put(item: StoredAttendance): Promise<void>;
  remove(id: string): Promise<void>;
  /** Every owner's days (sign-out). */
  clear(): Promise<void>;
}

/** What one PUT came to. */
export type SendOutcome =
  | { ok: true }
  | { ok: false; kind: 'offline' | 'signed-out' }
  | { ok: false; kind: 'conflict'; markedBy: string | null; markedAt: string | null }
  | { ok: false; kind: 'refused'; status: number; message: string };

export type SendMarks = (item: StoredAttendance) => Promise<SendOutcome>;

/** The days of one user in one school, as the attendance screens use them. */
export interface OfflineAttendance {
  /** Where the marks wait: the desktop app's main process ('computer') or this browser ('phone'). */
  where: 'computer' | 'phone';
  queue(marks: QueuedMarks): Promise<QueuedAttendance>;
  list(): Promise<QueuedAttendance[]>;
  sync(): Promise<QueuedAttendanceSync>;
  /** Drops a day: for a conflict, this keeps the school's marks. */
  discard(id: string): Promise<boolean>;
  /** A conflict she decided to overwrite: queued again on top of the server's version. */
  keepMine(id: string): Promise<boolean>;
}

export const ownerKey = (userId: string, schoolId: string) => `${userId}:${schoolId}`;

const sameDay = (a: QueuedMarks, b: QueuedMarks) => a.schoolId === b.schoolId && a.sectionId === b.sectionId && a.date === b.date;
const byQueuedAt = (a: StoredAttendance, b: StoredAttendance) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id);
const visible = ({ owner: _owner, ...item }: StoredAttendance): QueuedAttendance => ({ ...item, records: item.records.map((r) => ({ ...r })) });

export interface QueueDeps {
  store: QueueStore;
  send: SendMarks;
  /** Runs one sync at a time across this browser's tabs (the Web Locks API when there is one). */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
  now?: () => Date;
  newId?: () => string;
}

/** Which days are being sent right now, per owner (shown as 'syncing'), and the sync under way. */
const sending = new Map<string, string>();
const running = new Map<string, Promise<QueuedAttendanceSync>>();
/** Bumped when the queue is cleared (sign-out): a sync under way then writes nothing back. */
let generation = 0;

export function createOfflineAttendance(owner: string, schoolId: string, deps: QueueDeps): OfflineAttendance {
  const { store } = deps;
  const mine = async () => (await store.all(owner)).filter((i) => i.schoolId === schoolId).sort(byQueuedAt);
  const exclusive = deps.exclusive ?? (<T>(run: () => Promise<T>) => run());

  async function run(): Promise<QueuedAttendanceSync> {
    const result: QueuedAttendanceSync = { synced: 0, conflicts: 0, failed: 0, pending: 0 };
    const started = generation;
    for (const item of (await mine()).filter((i) => i.state === 'queued')) {
      if (generation !== started) break;
      // Discarded or replaced meanwhile (another tab, or the teacher saving the day again).
      const current = (await store.all(owner)).find((i) => i.id === item.id);
      if (!current || current.state !== 'queued') continue;
      sending.set(owner, item.id);
      const outcome = await deps.send(current);
      sending.delete(owner);
      if (generation !== started) break;
      if (outcome.ok) {
        await store.remove(item.id);
        result.synced += 1;
        continue;
      }
      if (outcome.kind === 'offline' || outcome.kind === 'signed-out') {
        result.stopped = outcome.kind;
        break;
      }
      // Discarded while it was being sent: nothing to keep.
      if (!(await store.all(owner)).some((i) => i.id === item.id)) continue;
      if (outcome.kind === 'conflict') {
        await store.put({ ...current, state: 'conflict', conflict: { markedBy: outcome.markedBy, markedAt: outcome.markedAt } });
        result.conflicts += 1;
      } else if (outcome.kind === 'refused') {
        await store.put({ ...current, state: 'failed', message: outcome.message });
        result.failed += 1;
      }
    }
    result.pending = generation === started ? (await mine()).filter((i) => i.state === 'queued').length : 0;
    return result;
  }

  return {
    where: 'phone',
    async queue(marks) {
      const item: StoredAttendance = {
        schoolId: marks.schoolId,
        sectionId: marks.sectionId,
        date: marks.date,
        basedOn: marks.basedOn,
        records: marks.records.map((r) => ({ studentId: r.studentId, status: r.status, ...(r.note ? { note: r.note } : {}) })),
        owner,
        id: deps.newId?.() ?? crypto.randomUUID(),
        queuedAt: (deps.now?.() ?? new Date()).toISOString(),
        state: 'queued',
      };
      // A day saved again replaces its earlier queued version.
      for (const old of (await store.all(owner)).filter((i) => sameDay(i, marks))) await store.remove(old.id);
      await store.put(item);
      return visible(item);
    },
    async list() {
      const now = sending.get(owner);
      return (await mine()).map((i) => visible(i.id === now ? { ...i, state: 'syncing' } : i));
    },
    sync() {
      let p = running.get(owner);
      if (!p) {
        p = exclusive(run).finally(() => {
          running.delete(owner);
          sending.delete(owner);
        });
        running.set(owner, p);
      }
      return p;
    },
    async discard(id) {
      const found = (await mine()).some((i) => i.id === id);
      if (found) await store.remove(id);
      return found;
    },
    async keepMine(id) {
      const item = (await mine()).find((i) => i.id === id && i.state === 'conflict');
      if (!item) return false;
      const { conflict, ...rest } = item;
      await store.put({ ...rest, basedOn: conflict?.markedAt ?? null, state: 'queued' });
      return true;
    },
  };
}

/** Sign-out: every queued day of every user on this browser goes, and a sync under way stops writing. */
export async function clearOfflineAttendance(store: QueueStore): Promise<void> {
  generation += 1;
  await store.clear();
}
