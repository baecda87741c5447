/**
 * The main process's IPC handlers, one per channel of ipc-channels.ts. Each checks who is asking
 * (the sending frame must be a page of the app, app://vidyalaya) and what it asks (zod), before
 * touching the keychain, the settings or the shell. index.ts registers them with ipcMain.handle.
 */
import type { DesktopInfo, QueuedAttendance, QueuedAttendanceSync, ServerCheckResult } from '@vidyalaya/shared';
import type { AuthTokens } from '@vidyalaya/shared/auth';
import { CHANNEL_ARGS, CHANNELS, type ChannelArgs, type ChannelKey, type ChannelName } from '../../ipc-channels';
import type { AttendanceQueue } from '../attendance-queue';
import { isAppUrl, safeExternalUrl } from '../navigation';
import type { SettingsStore } from '../settings';
import type { TokenVault } from '../token-vault';

/** What a handler reads of Electron's IpcMainInvokeEvent. */
export type SenderEvent = { senderFrame: { url: string } | null | undefined };

/** A refused call: the renderer's promise rejects with this message. */
export class IpcRefusedError extends Error {
  constructor(
    readonly channel: string,
    readonly reason: 'untrusted-sender' | 'invalid-arguments' | 'no-server' | 'unsafe-url' | 'unavailable',
  ) {
    super(`Refused ${channel}: ${reason}`);
    this.name = 'IpcRefusedError';
  }
}

export interface HandlerDeps {
  vault: TokenVault;
  settings: SettingsStore;
  checkServer(input: { serverUrl: string; appDomain?: string }): Promise<ServerCheckResult>;
  /** shell.openExternal, given only URLs that passed safeExternalUrl. */
  openExternal(url: string): Promise<void>;
  version: string;
  /** The offline attendance queue (absent: its channels refuse as unavailable). */
  attendance?: AttendanceQueue;
  /** Told after the settings change (index.ts: nothing to do; the renderer reloads itself). */
  onSettingsSaved?(): void;
}

type Results = {
  getInfo: DesktopInfo;
  checkServer: ServerCheckResult;
  saveSettings: ServerCheckResult;
  getTokens: AuthTokens | null;
  setTokens: void;
  clearTokens: void;
  openExternal: void;
  queueAttendance: QueuedAttendance;
  listQueuedAttendance: QueuedAttendance[];
  syncAttendance: QueuedAttendanceSync;
  discardQueuedAttendance: boolean;
  keepQueuedAttendance: boolean;
};

export type IpcHandler<K extends ChannelKey = ChannelKey> = (event: SenderEvent, args: unknown[]) => Promise<Results[K]>;
export type IpcHandlers = { [K in ChannelKey]: IpcHandler<K> };

/** Only a page of the app itself may call: not a remote page, not a frame of another origin. */
export function isTrustedSender(event: SenderEvent | null | undefined): boolean {
  const url = event?.senderFrame?.url;
  return typeof url === 'string' && isAppUrl(url);
}

export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  function guarded<K extends ChannelKey>(key: K, run: (args: ChannelArgs<K>) => Promise<Results[K]>): IpcHandler<K> {
    return async (event, args) => {
      if (!isTrustedSender(event)) throw new IpcRefusedError(CHANNELS[key], 'untrusted-sender');
      const parsed = CHANNEL_ARGS[key].safeParse(args);
      if (!parsed.success) throw new IpcRefusedError(CHANNELS[key], 'invalid-arguments');
      return run(parsed.data as ChannelArgs<K>);
    };
  }

  const server = (key: ChannelKey): string => {
    const s = deps.settings.get();
    if (!s) throw new IpcRefusedError(CHANNELS[key], 'no-server');
    return s.serverUrl;
  };

  const queue = (key: ChannelKey): AttendanceQueue => {
    if (!deps.attendance) throw new IpcRefusedError(CHANNELS[key], 'unavailable');
    return deps.attendance;
  };

  return {
    getInfo: guarded('getInfo', async () => ({
      settings: deps.settings.get(),
      keychain: await deps.vault.probe(),
      version: deps.version,
    })),
    checkServer: guarded('checkServer', ([input]) => deps.checkServer(input)),
    saveSettings: guarded('saveSettings', async ([input]) => {
      const result = await deps.checkServer(input);
      if (!result.ok) return result;
      const previous = deps.settings.get();
      // Moving to another server signs out of the old one on this computer.
      if (previous && previous.serverUrl !== result.settings.serverUrl) await deps.vault.clear(previous.serverUrl);
      deps.settings.save(result.settings);
      deps.onSettingsSaved?.();
      return result;
    }),
    getTokens: guarded('getTokens', async () => {
      const s = deps.settings.get();
      return s ? deps.vault.get(s.serverUrl) : null;
    }),
    setTokens: guarded('setTokens', async ([tokens]) => deps.vault.set(server('setTokens'), tokens)),
    clearTokens: guarded('clearTokens', async () => {
      const s = deps.settings.get();
      if (s) await deps.vault.clear(s.serverUrl);
    }),
    openExternal: guarded('openExternal', async ([url]) => {
      const safe = safeExternalUrl(url);
      if (!safe) throw new IpcRefusedError(CHANNELS.openExternal, 'unsafe-url');
      await deps.openExternal(safe);
    }),
    queueAttendance: guarded('queueAttendance', async ([marks]) => queue('queueAttendance').enqueue(marks)),
    listQueuedAttendance: guarded('listQueuedAttendance', async () => queue('listQueuedAttendance').list()),
    syncAttendance: guarded('syncAttendance', async () => queue('syncAttendance').sync()),
    discardQueuedAttendance: guarded('discardQueuedAttendance', async ([id]) => queue('discardQueuedAttendance').discard(id)),
    keepQueuedAttendance: guarded('keepQueuedAttendance', async ([id]) => queue('keepQueuedAttendance').keepMine(id)),
  };
}

/** The channel name → handler table ipcMain.handle is given. */
export function handlersByChannel(handlers: IpcHandlers): Array<[ChannelName, IpcHandler]> {
  return (Object.keys(CHANNELS) as ChannelKey[]).map((k) => [CHANNELS[k], handlers[k] as IpcHandler]);
}
