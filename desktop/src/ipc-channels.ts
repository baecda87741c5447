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

/** The arguments of each channel, as a tuple: extra or missing arguments are refused. */
export const CHANNEL_ARGS = {
  getInfo: z.tuple([]),
  checkServer: z.tuple([serverInput]),
  saveSettings: z.tuple([serverInput]),
  getTokens: z.tuple([]),
  setTokens: z.tuple([tokensSchema]),
  clearTokens: z.tuple([]),
  openExternal: z.tuple([z.string().min(1).max(MAX_URL_LENGTH)]),
} as const satisfies Record<ChannelKey, z.ZodTuple>;

export type ChannelArgs<K extends ChannelKey> = z.output<(typeof CHANNEL_ARGS)[K]>;
