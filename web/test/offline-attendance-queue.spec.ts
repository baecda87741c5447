import { describe, expect, it } from '@jest/globals';
import {
  clearOfflineAttendance,
  createOfflineAttendance,
  ownerKey,
  type QueueStore,
  type SendOutcome,
  type StoredAttendance,
} from '../src/lib/offline/attendance-queue';

/*
 * The phone's offline attendance queue (issue 37, point 3): its rules with the storage held in a Map
 * (the browser's IndexedDB store is proven end to end in e2e/tests/attendance/offline-phone.spec.ts).
 */

const SCHOOL = 'a1b2c3d4-0000-4000-8000-000000000001';
const OTHER_SCHOOL = 'a1b2c3d4-0000-4000-8000-000000000002';
const SECTION = 'b1b2c3d4-0000-4000-8000-000000000001';
const ARJUN = 'c1b2c3d4-0000-4000-8000-000000000001';

function mapStore(): QueueStore & { rows: Map<string, StoredAttendance> } {
  const rows = new Map<string, StoredAttendance>();
  return {
    rows,
    all: async (owner) => [...rows.values()].filter((r) => r.owner === owner).map((r) => structuredClone(r)),
    put: async (item) => void rows.set(item.id, structuredClone(item)),
    remove: async (id) => void rows.delete(id),
    clear: async () => rows.clear(),
  };
}

function setup(outcomes: SendOutcome[] = []) {
  const store = mapStore();
  const sent: StoredAttendance[] = [];
  let n = 0;
  let minute = 0;
  const deps = {
    store,
    send: async (item: StoredAttendance) => {
      sent.push(item);
      return outcomes.shift() ?? { ok: true as const };
    },
    newId: () => `id-${++n}`,
    now: () => new Date(Date.UTC(2026, 10, 28, 4, minute++)),
  };
  return { store, sent, deps, queueOf: (user: string, school = SCHOOL) => createOfflineAttendance(ownerKey(user, school), school, deps) };
}

const day = (date: string, status: 'present' | 'absent' = 'absent', basedOn: string | null = null) => ({
  schoolId: SCHOOL,
  sectionId: SECTION,
  date,
  basedOn,
  records: [{ studentId: ARJUN, status }],
});

describe('offline attendance on a phone', () => {
  it('keeps each teacher’s days to herself, in her school', async () => {
    const { queueOf } = setup();
    await queueOf('meena').queue(day('2026-11-27'));
    expect(await queueOf('meena').list()).toHaveLength(1);
    expect(await queueOf('ravi').list()).toEqual([]);
    expect(await queueOf('meena', OTHER_SCHOOL).list()).toEqual([]);
  });

  it('holds only the marks, the section and the date: no token, and a day saved again replaces the earlier one', async () => {
    const { queueOf, store } = setup();
    const q = queueOf('meena');
    await q.queue(day('2026-11-27', 'absent'));
    await q.queue(day('2026-11-27', 'present'));
    const [item] = await q.list();
    expect(item).toMatchObject({ state: 'queued', date: '2026-11-27', records: [{ studentId: ARJUN, status: 'present' }] });
    expect([...store.rows.values()]).toHaveLength(1);
    expect(Object.keys([...store.rows.values()][0]!).sort()).toEqual(['basedOn', 'date', 'id', 'owner', 'queuedAt', 'records', 'schoolId', 'sectionId', 'state']);
  });

  it('sends the oldest first, stops with no network and keeps the rest', async () => {
    const { queueOf, sent } = setup([{ ok: true }, { ok: false, kind: 'offline' }]);
    const q = queueOf('meena');
    await q.queue(day('2026-11-26'));
    await q.queue(day('2026-11-27'));
    await q.queue(day('2026-11-28'));
    expect(await q.sync()).toEqual({ synced: 1, conflicts: 0, failed: 0, pending: 2, stopped: 'offline' });
    expect(sent.map((s) => s.date)).toEqual(['2026-11-26', '2026-11-27']);
    expect((await q.list()).map((i) => i.date)).toEqual(['2026-11-27', '2026-11-28']);
    expect(await q.sync()).toEqual({ synced: 2, conflicts: 0, failed: 0, pending: 0 });
    expect(await q.list()).toEqual([]);
  });

  it('keeps a day someone saved meanwhile as a conflict; keep mine re-sends it on top of the server’s version', async () => {
    const markedAt = '2026-11-28T03:40:00.000Z';
    const { queueOf, sent } = setup([{ ok: false, kind: 'conflict', markedBy: 'Ravi Kumar', markedAt }]);
    const q = queueOf('meena');
    const item = await q.queue(day('2026-11-28'));
    expect(await q.sync()).toEqual({ synced: 0, conflicts: 1, failed: 0, pending: 0 });
    expect(await q.list()).toMatchObject([{ id: item.id, state: 'conflict', conflict: { markedBy: 'Ravi Kumar', markedAt } }]);
    expect(await q.sync()).toMatchObject({ synced: 0, pending: 0 }); // a conflict waits for her
    expect(await q.keepMine(item.id)).toBe(true);
    expect(await q.sync()).toMatchObject({ synced: 1, pending: 0 });
    expect(sent.map((s) => s.basedOn)).toEqual([null, markedAt]);
    expect(await q.list()).toEqual([]);
  });

  it('discarding a conflict keeps the school’s marks; a refusal is kept with its message', async () => {
    const { queueOf } = setup([
      { ok: false, kind: 'conflict', markedBy: 'Ravi Kumar', markedAt: '2026-11-28T03:40:00.000Z' },
      { ok: false, kind: 'refused', status: 422, message: 'Attendance cannot be marked on a holiday: Guru Nanak Jayanti.' },
    ]);
    const q = queueOf('meena');
    const a = await q.queue(day('2026-11-27'));
    await q.queue(day('2026-11-28'));
    expect(await q.sync()).toEqual({ synced: 0, conflicts: 1, failed: 1, pending: 0 });
    expect(await q.discard(a.id)).toBe(true);
    expect(await q.list()).toMatchObject([{ date: '2026-11-28', state: 'failed', message: 'Attendance cannot be marked on a holiday: Guru Nanak Jayanti.' }]);
    expect(await queueOf('ravi').discard((await q.list())[0]!.id)).toBe(false);
  });

  it('signed out: sync stops; sign-out clears every day and a sync under way writes nothing back', async () => {
    const { queueOf, store, deps } = setup([{ ok: false, kind: 'signed-out' }]);
    const q = queueOf('meena');
    await q.queue(day('2026-11-27'));
    expect(await q.sync()).toMatchObject({ synced: 0, pending: 1, stopped: 'signed-out' });

    let release!: (o: SendOutcome) => void;
    deps.send = () => new Promise<SendOutcome>((r) => (release = r));
    const slow = createOfflineAttendance(ownerKey('meena', SCHOOL), SCHOOL, deps);
    const running = slow.sync();
    await new Promise((r) => setTimeout(r, 0));
    expect((await slow.list())[0]!.state).toBe('syncing');
    await clearOfflineAttendance(store);
    release({ ok: false, kind: 'conflict', markedBy: 'Ravi Kumar', markedAt: null });
    expect(await running).toMatchObject({ synced: 0, conflicts: 0, pending: 0 });
    expect(store.rows.size).toBe(0);
  });
});
