import { z } from 'zod';

/**
 * Every IPC channel between the renderer and the main process: its name and the zod schema of its
 * arguments (the tuple the renderer passes to `ipcRenderer.invoke`). The preload exposes one
 * `window.desktop` method per channel; the main process's handlers parse with these schemas and
 * refuse anything else. Names are namespaced so no other code's channel can collide.
 */
export const CHANNELS = {
  getInfo: 'vidyalaya:app:get-info',
  checkServer: 'vidyalaya:server:check',
  saveSettings: 'vidyalaya:settings:save',
  getTokens: 'vidyalaya:tokens:get',
  setTokens: 'vidyalaya:tokens:set',
  clearTokens: 'vidyalaya:tokens:clear',
  openExternal: 'vidyalaya:shell:open-external',
  queueAttendance: 'vidyalaya:attendance:queue',
  listQueuedAttendance: 'vidyalaya:attendance:list',
  syncAttendance: 'vidyalaya:attendance:sync',
  discardQueuedAttendance: 'vidyalaya:attendance:discard',
  keepQueuedAttendance: 'vidyalaya:attendance:keep-mine',
} as const;

export type ChannelKey = keyof typeof CHANNELS;
export type ChannelName = (typeof CHANNELS)[ChannelKey];

/** Longest URL the bridge accepts (browsers' practical limit). */
export const MAX_URL_LENGTH = 2048;

const serverInput = z.strictObject({
  serverUrl: z.string().max(MAX_URL_LENGTH),
  appDomain: z.string().max(253).optional(),
});

/** Access tokens are JWTs (a few hundred bytes); refresh tokens are 256-bit opaque strings. */
export const tokensSchema = z.strictObject({
  accessToken: z.string().min(1).max(8192),
  refreshToken: z.string().min(1).max(1024),
});

/** A day's attendance marks queued offline (desktop/src/main/attendance-queue.ts). */
const UUID = z.uuid();
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const queuedMarksSchema = z.strictObject({
  schoolId: UUID,
  sectionId: UUID,
  date: DATE,
  records: z
    .array(
      z.strictObject({
        studentId: UUID,
        status: z.enum(['present', 'absent', 'late', 'half_day', 'leave']),
        note: z.string().max(200).optional(),
      }),
    )
    .min(1)
    .max(300),
  /** The server's markedAt the user started from; null: the day was unmarked. */
  basedOn: z.string().max(40).nullable(),
});

/** The arguments of each channel, as a tuple: extra or missing arguments are refused. */
export const CHANNEL_ARGS = {
  getInfo: z.tuple([]),
  checkServer: z.tuple([serverInput]),
  saveSettings: z.tuple([serverInput]),
  getTokens: z.tuple([]),
  setTokens: z.tuple([tokensSchema]),
  clearTokens: z.tuple([]),
  openExternal: z.tuple([z.string().min(1).max(MAX_URL_LENGTH)]),
  queueAttendance: z.tuple([queuedMarksSchema]),
  listQueuedAttendance: z.tuple([]),
  syncAttendance: z.tuple([]),
  discardQueuedAttendance: z.tuple([z.uuid()]),
  keepQueuedAttendance: z.tuple([z.uuid()]),
} as const satisfies Record<ChannelKey, z.ZodTuple>;

export type ChannelArgs<K extends ChannelKey> = z.output<(typeof CHANNEL_ARGS)[K]>;
