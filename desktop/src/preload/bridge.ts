import type { DesktopBridge } from '@vidyalaya/shared';
import type { CHANNELS } from '../ipc-channels';

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * `window.desktop`: one typed method per channel, each a single invoke. Nothing else of IPC is
 * exposed (no ipcRenderer, no generic send). Self-contained on purpose, with no imports at run
 * time: the browser tests install this very function in a page (see e2e/tests/desktop).
 */
export function createBridge(invoke: Invoke, channels: typeof CHANNELS): DesktopBridge {
  return Object.freeze({
    getInfo: () => invoke(channels.getInfo),
    checkServer: (input) => invoke(channels.checkServer, { serverUrl: input.serverUrl, appDomain: input.appDomain }),
    saveSettings: (input) => invoke(channels.saveSettings, { serverUrl: input.serverUrl, appDomain: input.appDomain }),
    getTokens: () => invoke(channels.getTokens),
    setTokens: (tokens) => invoke(channels.setTokens, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    clearTokens: () => invoke(channels.clearTokens),
    openExternal: (url) => invoke(channels.openExternal, String(url)),
    queueAttendance: (marks) =>
      invoke(channels.queueAttendance, { schoolId: marks.schoolId, sectionId: marks.sectionId, date: marks.date, records: marks.records, basedOn: marks.basedOn }),
    listQueuedAttendance: () => invoke(channels.listQueuedAttendance),
    syncAttendance: () => invoke(channels.syncAttendance),
    discardQueuedAttendance: (id) => invoke(channels.discardQueuedAttendance, String(id)),
    keepQueuedAttendance: (id) => invoke(channels.keepQueuedAttendance, String(id)),
  } as { [K in keyof DesktopBridge]: (...a: Parameters<DesktopBridge[K]>) => Promise<never> });
}
