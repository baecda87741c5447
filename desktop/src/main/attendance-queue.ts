/**
 * Attendance marked with no network (issue 16 item 2): the office PC keeps the marks in the main
 * process, in a JSON file under the app's userData (never in web storage), so they survive an app
 * restart; `sync()` sends them when the server is back. Each queued day carries `basedOn`, the
 * `markedAt` the user started from: if someone else saved that day meanwhile the server answers
 * 409 ATTENDANCE_CONFLICT and the item is kept as a conflict for the user to see and decide
 * (keep mine → re-queued on top of the server's version, or discard), never silently overwritten.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { API_BASE_PATH } from '@vidyalaya/shared';
import { z } from 'zod';
import { queuedMarksSchema } from '../ipc-channels';

export type QueuedMarks = z.output<typeof queuedMarksSchema>;

export interface QueueItem extends QueuedMarks {
  id: string;
  queuedAt: string;
  /** Stored: 'queued', 'conflict' or 'failed'; list() reports the day being sent right now as 'syncing'. */
  state: 'queued' | 'syncing' | 'conflict' | 'failed';
  /** For a conflict: who saved the day meanwhile, and when. For a failure: the server's message. */
  conflict?: { markedBy: string | null; markedAt: string | null };
  message?: string;
}

export interface SyncResult {
  synced: number;
  conflicts: number;
  failed: number;
  pending: number;
  /** Why sync stopped early: no server configured, no network, or the session needs a sign-in. */
  stopped?: 'no-server' | 'offline' | 'signed-out';
}

export interface QueueDeps {
  file: string;
  serverUrl(): string | null;
  accessToken(): Promise<string | null>;
  fetch?: typeof fetch;
  now?: () => Date;
}

const fileSchema = z.object({ version: z.literal(1), items: z.array(z.any()) });

export class AttendanceQueue {
  private items: QueueItem[];
  private syncing: Promise<SyncResult> | null = null;
  /** The id of the day being sent right now (shown as 'syncing'; never stored). */
  private sending: string | null = null;

  constructor(private readonly deps: QueueDeps) {
    this.items = this.load();
  }

  private load(): QueueItem[] {
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.deps.file, 'utf8')));
      return parsed.success ? (parsed.data.items as QueueItem[]) : [];
    } catch {
      return [];
    }
  }

  /** Written to a temporary file, then renamed: a crash mid-write never leaves half a queue. */
  private persist(): void {
    mkdirSync(dirname(this.deps.file), { recursive: true });
    const tmp = `${this.deps.file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, items: this.items }), { mode: 0o600 });
    renameSync(tmp, this.deps.file);
  }

  /** Every queued day, oldest first; the one being sent right now has the state 'syncing'. */
  list(): QueueItem[] {
    return this.items.map((i) => ({ ...i, state: i.id === this.sending ? 'syncing' : i.state, records: i.records.map((r) => ({ ...r })) }));
  }

  /** Queues a day's marks, replacing any earlier queued version of the same day. */
  enqueue(marks: QueuedMarks): QueueItem {
    const item: QueueItem = { ...marks, id: randomUUID(), queuedAt: (this.deps.now?.() ?? new Date()).toISOString(), state: 'queued' };
    this.items = [...this.items.filter((i) => !(i.schoolId === marks.schoolId && i.sectionId === marks.sectionId && i.date === marks.date)), item];
    this.persist();
    return item;
  }

  discard(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((i) => i.id !== id);
    if (this.items.length !== before) this.persist();
    return this.items.length !== before;
  }

  /** A conflict the user decided to overwrite: queued again on top of the server's version. */
  keepMine(id: string): boolean {
    const item = this.items.find((i) => i.id === id && i.state === 'conflict');
    if (!item) return false;
    item.basedOn = item.conflict?.markedAt ?? null;
    item.state = 'queued';
    delete item.conflict;
    this.persist();
    return true;
  }

  /** Sends every queued day, oldest first; one sync at a time. */
  sync(): Promise<SyncResult> {
    this.syncing ??= this.run().finally(() => {
      this.syncing = null;
      this.sending = null;
    });
    return this.syncing;
  }

  private async run(): Promise<SyncResult> {
    const result: SyncResult = { synced: 0, conflicts: 0, failed: 0, pending: 0 };
    const server = this.deps.serverUrl();
    const doFetch = this.deps.fetch ?? fetch;
    for (const item of this.items.filter((i) => i.state === 'queued')) {
      if (!server) {
        result.stopped = 'no-server';
        break;
      }
      const token = await this.deps.accessToken();
      if (!token) {
        result.stopped = 'signed-out';
        break;
      }
      if (!this.items.some((i) => i.id === item.id)) continue; // discarded meanwhile
      this.sending = item.id;
      let res: Response;
      try {
        res = await doFetch(`${server}${API_BASE_PATH}/schools/${item.schoolId}/sections/${item.sectionId}/attendance/${item.date}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ records: item.records, basedOn: item.basedOn }),
        });
      } catch {
        result.stopped = 'offline';
        break;
      }
      if (res.status === 401) {
        result.stopped = 'signed-out';
        break;
      }
      const body = (await res.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
        data?: { markedBy?: string | null; markedAt?: string | null };
      } | null;
      if (res.ok) {
        this.items = this.items.filter((i) => i.id !== item.id);
        result.synced += 1;
      } else if (res.status === 409 && body?.error?.code === 'ATTENDANCE_CONFLICT') {
        item.state = 'conflict';
        item.conflict = { markedBy: body.data?.markedBy ?? null, markedAt: body.data?.markedAt ?? null };
        result.conflicts += 1;
      } else if (res.status >= 500 || res.status === 429) {
        result.stopped = 'offline';
        break;
      } else {
        item.state = 'failed';
        item.message = body?.error?.message ?? `The server refused these marks (${res.status}).`;
        result.failed += 1;
      }
      this.sending = null;
      this.persist();
    }
    result.pending = this.items.filter((i) => i.state === 'queued').length;
    return result;
  }
}
