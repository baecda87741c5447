import type { AuthTokens } from '../auth/answers';

/**
 * The desktop app's bridge (`window.desktop`), as the renderer sees it: one method per IPC channel
 * (desktop/src/ipc-channels.ts names them and validates their arguments). Types only: the main
 * process implements it, the preload exposes it, the renderer's desktop platform calls it.
 */

/** Where the desktop app's API lives, and the host school portals hang under. */
export type DesktopSettings = {
  /** An origin only: scheme, host and optional port, e.g. 'https://vidyalaya.in'. */
  serverUrl: string;
  /** APP_DOMAIN of that server, e.g. 'vidyalaya.in' or 'localhost:3000'. */
  appDomain: string;
};

/** 'os': tokens live in the OS keychain; 'session': none is available, tokens last until the app quits. */
export type KeychainMode = 'os' | 'session';

export type DesktopInfo = {
  settings: DesktopSettings | null;
  keychain: KeychainMode;
  version: string;
};

/** The answer of a server check (`{url}/api/v1/health`) and of saving the settings. */
export type ServerCheckResult =
  | { ok: true; settings: DesktopSettings }
  | { ok: false; field: 'serverUrl' | 'appDomain'; message: string };

/** A day's attendance marks queued on the desktop while offline (desktop/src/main/attendance-queue.ts). */
export interface QueuedAttendance {
  id: string;
  schoolId: string;
  sectionId: string;
  date: string;
  records: { studentId: string; status: 'present' | 'absent' | 'late' | 'half_day' | 'leave'; note?: string }[];
  basedOn: string | null;
  queuedAt: string;
  /** 'queued': waiting to be sent; 'syncing': being sent right now; 'conflict': saved meanwhile by someone else; 'failed': refused. */
  state: 'queued' | 'syncing' | 'conflict' | 'failed';
  conflict?: { markedBy: string | null; markedAt: string | null };
  message?: string;
}
export interface QueuedAttendanceSync {
  synced: number;
  conflicts: number;
  failed: number;
  pending: number;
  stopped?: 'no-server' | 'offline' | 'signed-out';
}

export interface DesktopBridge {
  getInfo(): Promise<DesktopInfo>;
  checkServer(input: { serverUrl: string; appDomain?: string }): Promise<ServerCheckResult>;
  saveSettings(input: { serverUrl: string; appDomain?: string }): Promise<ServerCheckResult>;
  getTokens(): Promise<AuthTokens | null>;
  setTokens(tokens: AuthTokens): Promise<void>;
  clearTokens(): Promise<void>;
  openExternal(url: string): Promise<void>;
  /** Offline attendance: queue a day's marks in the main process, list, sync, and settle conflicts. */
  queueAttendance(marks: Pick<QueuedAttendance, 'schoolId' | 'sectionId' | 'date' | 'records' | 'basedOn'>): Promise<QueuedAttendance>;
  listQueuedAttendance(): Promise<QueuedAttendance[]>;
  syncAttendance(): Promise<QueuedAttendanceSync>;
  discardQueuedAttendance(id: string): Promise<boolean>;
  keepQueuedAttendance(id: string): Promise<boolean>;
}
