import type { QueueStore, StoredAttendance } from './attendance-queue';

/**
 * The phone's attendance queue in IndexedDB, with no library: database `vidyalaya-offline`, object
 * store `attendance` (key `id`, index `owner` = user and school). It holds the marks, the section and
 * the date of each queued day, never a token. Cleared at sign-out (lib/auth/auth-slice.ts).
 */
export const OFFLINE_DB = 'vidyalaya-offline';
export const ATTENDANCE_STORE = 'attendance';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(OFFLINE_DB, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(ATTENDANCE_STORE)) db.createObjectStore(ATTENDANCE_STORE, { keyPath: 'id' }).createIndex('owner', 'owner');
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading later closes this connection; the next call opens a fresh one.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

async function tx<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  return new Promise<T | undefined>((resolve, reject) => {
    const t = db.transaction(ATTENDANCE_STORE, mode);
    const req = work(t.objectStore(ATTENDANCE_STORE));
    t.oncomplete = () => resolve(req ? req.result : undefined);
    t.onerror = () => reject(t.error ?? new Error('IndexedDB transaction failed'));
    t.onabort = () => reject(t.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export const idbStore: QueueStore = {
  async all(owner) {
    return ((await tx('readonly', (s) => s.index('owner').getAll(owner) as IDBRequest<StoredAttendance[]>)) ?? []) as StoredAttendance[];
  },
  async put(item) {
    await tx('readwrite', (s) => void s.put(item));
  },
  async remove(id) {
    await tx('readwrite', (s) => void s.delete(id));
  },
  async clear() {
    await tx('readwrite', (s) => void s.clear());
  },
};
