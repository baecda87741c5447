import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AttendanceQueue } from '../src/main/attendance-queue';
import { createIpcHandlers, IpcRefusedError, type SenderEvent } from '../src/main/ipc/handlers';
import { createSettingsStore, memoryStore } from '../src/main/settings';
import { createTokenVault, memoryKeyring } from '../src/main/token-vault';
import { CHANNELS } from '../src/ipc-channels';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
const SECTION = '22222222-2222-4222-8222-222222222222';
const STUDENT = '33333333-3333-4333-8333-333333333333';
const marks = (date = '2026-11-24', status: 'present' | 'absent' = 'absent') => ({
  schoolId: SCHOOL,
  sectionId: SECTION,
  date,
  records: [{ studentId: STUDENT, status }],
  basedOn: null as string | null,
});

/** A stand-in for the server's PUT …/attendance/{date}: answers what `reply` says and records each call. */
function fakeServer(reply: (body: any) => { status: number; body: unknown }) {
  const calls: { url: string; auth: string | undefined; body: any }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || 'null');
      calls.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      const r = reply(body);
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
    });
  });
  return {
    calls,
    server,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const newFile = () => join(mkdtempSync(join(tmpdir(), 'att-queue-')), 'attendance-queue.json');

describe('issue 16: attendance marked offline on the desktop', () => {
  it('a queued day survives an app restart (a file under userData, not web storage)', () => {
    const file = newFile();
    const first = new AttendanceQueue({ file, serverUrl: () => null, accessToken: async () => null });
    const item = first.enqueue(marks());
    // The same day queued again replaces the earlier version.
    const again = first.enqueue(marks('2026-11-24', 'present'));
    expect(first.list()).toHaveLength(1);
    const restarted = new AttendanceQueue({ file, serverUrl: () => null, accessToken: async () => null });
    expect(restarted.list()).toEqual([expect.objectContaining({ id: again.id, state: 'queued', records: [{ studentId: STUDENT, status: 'present' }] })]);
    expect(item.id).not.toBe(again.id);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);
  });

  it('syncs when the server is back: offline keeps the marks, online sends them with the token and empties the queue', async () => {
    const file = newFile();
    const api = fakeServer(() => ({ status: 200, body: { success: true, data: { attendance: {} } } }));
    const url = await api.start();
    let server: string | null = 'http://127.0.0.1:1'; // nothing listens there: offline
    const queue = new AttendanceQueue({ file, serverUrl: () => server, accessToken: async () => 'eyJ.token' });
    queue.enqueue(marks('2026-11-23'));
    queue.enqueue(marks('2026-11-24'));
    await expect(queue.sync()).resolves.toEqual({ synced: 0, conflicts: 0, failed: 0, pending: 2, stopped: 'offline' });
    expect(new AttendanceQueue({ file, serverUrl: () => null, accessToken: async () => null }).list()).toHaveLength(2);

    server = url;
    await expect(queue.sync()).resolves.toEqual({ synced: 2, conflicts: 0, failed: 0, pending: 0 });
    expect(api.calls.map((c) => c.url)).toEqual([
      `/api/v1/schools/${SCHOOL}/sections/${SECTION}/attendance/2026-11-23`,
      `/api/v1/schools/${SCHOOL}/sections/${SECTION}/attendance/2026-11-24`,
    ]);
    expect(api.calls[0]).toMatchObject({ auth: 'Bearer eyJ.token', body: { records: [{ studentId: STUDENT, status: 'absent' }], basedOn: null } });
    expect(new AttendanceQueue({ file, serverUrl: () => null, accessToken: async () => null }).list()).toEqual([]);
    await api.stop();
  });

  it('a conflict (marks saved meanwhile by someone else) is kept and shown, not overwritten; keep mine sends it on top', async () => {
    const file = newFile();
    const serverMarkedAt = '2026-11-24T05:10:00.000Z';
    const api = fakeServer((body) =>
      body.basedOn === serverMarkedAt
        ? { status: 200, body: { success: true, data: { attendance: {} } } }
        : {
            status: 409,
            body: { success: false, message: 'conflict', error: { code: 'ATTENDANCE_CONFLICT', message: 'Someone else saved' }, data: { markedBy: 'Meena Iyer', markedAt: serverMarkedAt } },
          },
    );
    const url = await api.start();
    const queue = new AttendanceQueue({ file, serverUrl: () => url, accessToken: async () => 't' });
    const item = queue.enqueue(marks());
    await expect(queue.sync()).resolves.toMatchObject({ synced: 0, conflicts: 1, pending: 0 });
    const [conflict] = new AttendanceQueue({ file, serverUrl: () => url, accessToken: async () => 't' }).list();
    expect(conflict).toMatchObject({ id: item.id, state: 'conflict', conflict: { markedBy: 'Meena Iyer', markedAt: serverMarkedAt } });
    // Syncing again does not resend a conflict.
    await queue.sync();
    expect(api.calls).toHaveLength(1);

    expect(queue.keepMine(item.id)).toBe(true);
    await expect(queue.sync()).resolves.toMatchObject({ synced: 1, conflicts: 0, pending: 0 });
    expect(api.calls[1]!.body.basedOn).toBe(serverMarkedAt);
    expect(queue.list()).toEqual([]);
    await api.stop();
  });

  it('the pending-sync list: each day waits, shows as syncing while it is being sent, and leaves the list once the server has it', async () => {
    let release: (r: Response) => void = () => undefined;
    const sent: string[] = [];
    const file = newFile();
    const queue = new AttendanceQueue({
      file,
      serverUrl: () => 'http://server.test',
      accessToken: async () => 't',
      fetch: (async (url: string) => {
        sent.push(String(url));
        return new Promise<Response>((resolve) => (release = resolve));
      }) as unknown as typeof fetch,
    });
    const first = queue.enqueue(marks('2026-11-23'));
    const second = queue.enqueue(marks('2026-11-24'));
    expect(queue.list().map((i) => [i.id, i.state])).toEqual([
      [first.id, 'queued'],
      [second.id, 'queued'],
    ]);
    const done = queue.sync();
    // The first day is on its way: 'syncing' in the list, never in the file.
    while (sent.length < 1) await new Promise((r) => setImmediate(r));
    expect(queue.list().map((i) => i.state)).toEqual(['syncing', 'queued']);
    expect(JSON.parse(readFileSync(file, 'utf8')).items.map((i: { state: string }) => i.state)).toEqual(['queued', 'queued']);
    release(new Response(JSON.stringify({ success: true, data: {} }), { status: 200 }));
    while (sent.length < 2) await new Promise((r) => setImmediate(r));
    expect(queue.list().map((i) => [i.id, i.state])).toEqual([[second.id, 'syncing']]);
    release(new Response(JSON.stringify({ success: false, error: { code: 'ATTENDANCE_CONFLICT', message: 'x' }, data: { markedBy: 'Meena Iyer', markedAt: '2026-11-24T05:10:00.000Z' } }), { status: 409 }));
    await expect(done).resolves.toMatchObject({ synced: 1, conflicts: 1, pending: 0 });
    expect(queue.list()).toEqual([expect.objectContaining({ id: second.id, state: 'conflict', conflict: { markedBy: 'Meena Iyer', markedAt: '2026-11-24T05:10:00.000Z' } })]);
    // Keep the server's version: the queued day is dropped and nothing more is sent.
    expect(queue.discard(second.id)).toBe(true);
    await expect(queue.sync()).resolves.toMatchObject({ synced: 0, pending: 0 });
    expect(sent).toHaveLength(2);
  });

  it('a refusal (a holiday) is kept as failed with the server’s message; discard removes it', async () => {
    const api = fakeServer(() => ({ status: 422, body: { success: false, message: 'x', error: { code: 'ATTENDANCE_HOLIDAY', message: 'Attendance cannot be marked on a holiday: Diwali.' } } }));
    const url = await api.start();
    const queue = new AttendanceQueue({ file: newFile(), serverUrl: () => url, accessToken: async () => 't' });
    const item = queue.enqueue(marks());
    await expect(queue.sync()).resolves.toMatchObject({ failed: 1 });
    expect(queue.list()[0]).toMatchObject({ state: 'failed', message: 'Attendance cannot be marked on a holiday: Diwali.' });
    expect(queue.discard(item.id)).toBe(true);
    expect(queue.list()).toEqual([]);
    await api.stop();
  });

  it('the IPC channels reach the queue only from the app’s own page, with valid marks', async () => {
    const attendance = new AttendanceQueue({ file: newFile(), serverUrl: () => null, accessToken: async () => null });
    const handlers = createIpcHandlers({
      vault: createTokenVault({ keyring: memoryKeyring() }),
      settings: createSettingsStore(memoryStore()),
      checkServer: async () => ({ ok: false, field: 'serverUrl', message: 'x' }),
      openExternal: async () => undefined,
      version: '0.1.0',
      attendance,
    });
    const app: SenderEvent = { senderFrame: { url: 'app://vidyalaya/desktop.html' } };
    const queued = await handlers.queueAttendance(app, [marks()]);
    await expect(handlers.listQueuedAttendance(app, [])).resolves.toEqual([queued]);
    await expect(handlers.syncAttendance(app, [])).resolves.toMatchObject({ stopped: 'no-server', pending: 1 });
    await expect(handlers.queueAttendance({ senderFrame: { url: 'https://evil.example/' } }, [marks()])).rejects.toEqual(
      new IpcRefusedError(CHANNELS.queueAttendance, 'untrusted-sender'),
    );
    await expect(handlers.discardQueuedAttendance(app, [queued.id])).resolves.toBe(true);
    // Without a queue (older main process), the channels refuse plainly.
    const bare = createIpcHandlers({
      vault: createTokenVault({ keyring: memoryKeyring() }),
      settings: createSettingsStore(memoryStore()),
      checkServer: async () => ({ ok: false, field: 'serverUrl', message: 'x' }),
      openExternal: async () => undefined,
      version: '0.1.0',
    });
    await expect(bare.listQueuedAttendance(app, [])).rejects.toEqual(new IpcRefusedError(CHANNELS.listQueuedAttendance, 'unavailable'));
  });
});
