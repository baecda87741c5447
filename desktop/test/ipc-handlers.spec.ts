import type { ServerCheckResult } from '@vidyalaya/shared';
import { CHANNELS, type ChannelKey } from '../src/ipc-channels';
import { createIpcHandlers, handlersByChannel, IpcRefusedError, type HandlerDeps, type SenderEvent } from '../src/main/ipc/handlers';
import { createSettingsStore, memoryStore } from '../src/main/settings';
import { createTokenVault, memoryKeyring } from '../src/main/token-vault';

const SERVER = 'https://vidyalaya.example.in';
const OTHER = 'https://other.example.in';
const app: SenderEvent = { senderFrame: { url: 'app://vidyalaya/desktop.html#/staff/schools' } };
const tokens = { accessToken: 'eyJ.a.b', refreshToken: 'f'.repeat(64) };

function setup(opts: { configured?: boolean } = {}) {
  const keyring = memoryKeyring();
  const vault = createTokenVault({ keyring });
  const settings = createSettingsStore(memoryStore());
  if (opts.configured !== false) settings.save({ serverUrl: SERVER, appDomain: 'vidyalaya.example.in' });
  const checkServer = jest.fn(
    async (input: { serverUrl: string; appDomain?: string }): Promise<ServerCheckResult> =>
      input.serverUrl.includes('down')
        ? { ok: false, field: 'serverUrl', message: 'unreachable' }
        : { ok: true, settings: { serverUrl: input.serverUrl, appDomain: input.appDomain ?? new URL(input.serverUrl).host } },
  );
  const openExternal = jest.fn(async (_url: string) => undefined);
  const onSettingsSaved = jest.fn();
  const deps: HandlerDeps = { vault, settings, checkServer, openExternal, version: '0.1.0', onSettingsSaved };
  return { handlers: createIpcHandlers(deps), keyring, vault, settings, checkServer, openExternal, onSettingsSaved };
}

/** One valid call per channel. */
const VALID: Record<ChannelKey, unknown[]> = {
  getInfo: [],
  checkServer: [{ serverUrl: SERVER }],
  saveSettings: [{ serverUrl: SERVER, appDomain: 'vidyalaya.example.in' }],
  getTokens: [],
  setTokens: [tokens],
  clearTokens: [],
  openExternal: ['https://vidyalaya.example.in/terms'],
  queueAttendance: [
    {
      schoolId: '11111111-1111-4111-8111-111111111111',
      sectionId: '22222222-2222-4222-8222-222222222222',
      date: '2026-11-24',
      records: [{ studentId: '33333333-3333-4333-8333-333333333333', status: 'absent' }],
      basedOn: null,
    },
  ],
  listQueuedAttendance: [],
  syncAttendance: [],
  discardQueuedAttendance: ['44444444-4444-4444-8444-444444444444'],
  keepQueuedAttendance: ['44444444-4444-4444-8444-444444444444'],
};
const KEYS = Object.keys(VALID) as ChannelKey[];

describe('DECISIONS Desktop: IPC handlers check the sender frame', () => {
  const foreign: Array<[string, SenderEvent]> = [
    ['a remote page', { senderFrame: { url: 'https://evil.example/' } }],
    ['the server itself', { senderFrame: { url: `${SERVER}/dashboard` } }],
    ['a file page', { senderFrame: { url: 'file:///home/user/desktop.html' } }],
    ['another app scheme host', { senderFrame: { url: 'app://evil/desktop.html' } }],
    ['a data URL frame', { senderFrame: { url: 'data:text/html,hi' } }],
    ['about:blank', { senderFrame: { url: 'about:blank' } }],
    ['a destroyed frame', { senderFrame: null }],
  ];

  it.each(KEYS.flatMap((k) => foreign.map(([name, event]) => [k, name, event] as const)))(
    '%s refuses %s',
    async (key, _name, event) => {
      const { handlers, keyring, checkServer, openExternal } = setup();
      await keyring.setPassword('Vidyalaya', SERVER, JSON.stringify(tokens));
      await expect(handlers[key](event, VALID[key])).rejects.toEqual(new IpcRefusedError(CHANNELS[key], 'untrusted-sender'));
      expect(checkServer).not.toHaveBeenCalled();
      expect(openExternal).not.toHaveBeenCalled();
      expect(await keyring.getPassword('Vidyalaya', SERVER)).toBe(JSON.stringify(tokens));
    },
  );
});

describe('DECISIONS Desktop: IPC handlers validate their arguments (zod)', () => {
  const BAD: Array<[ChannelKey, unknown[]]> = [
    ['getInfo', ['extra']],
    ['checkServer', []],
    ['checkServer', ['https://vidyalaya.in']],
    ['checkServer', [{ serverUrl: 42 }]],
    ['checkServer', [{ serverUrl: SERVER, extra: true }]],
    ['checkServer', [{ serverUrl: 'x'.repeat(3000) }]],
    ['saveSettings', [{ serverUrl: SERVER, appDomain: 7 }]],
    ['saveSettings', [{ serverUrl: SERVER }, { serverUrl: OTHER }]],
    ['getTokens', [{}]],
    ['setTokens', []],
    ['setTokens', [{ accessToken: 'a' }]],
    ['setTokens', [{ accessToken: '', refreshToken: 'b' }]],
    ['setTokens', [{ accessToken: 'a', refreshToken: 'b', role: 'staff' }]],
    ['setTokens', [{ accessToken: 'a'.repeat(9000), refreshToken: 'b' }]],
    ['setTokens', ['{"accessToken":"a","refreshToken":"b"}']],
    ['clearTokens', [true]],
    ['openExternal', []],
    ['openExternal', [{ url: 'https://x.example' }]],
    ['openExternal', ['']],
    ['openExternal', ['https://a.example', 'https://b.example']],
    ['queueAttendance', []],
    ['queueAttendance', [{ schoolId: 'x', sectionId: 'y', date: '2026-11-24', records: [], basedOn: null }]],
    [
      'queueAttendance',
      [{ schoolId: '11111111-1111-4111-8111-111111111111', sectionId: '22222222-2222-4222-8222-222222222222', date: '24/11/2026', records: [{ studentId: '33333333-3333-4333-8333-333333333333', status: 'absent' }], basedOn: null }],
    ],
    ['syncAttendance', [1]],
    ['discardQueuedAttendance', ['not-an-id']],
  ];

  it.each(BAD)('%s refuses %j', async (key, args) => {
    const { handlers, vault, checkServer, openExternal } = setup();
    await expect(handlers[key](app, args)).rejects.toEqual(new IpcRefusedError(CHANNELS[key], 'invalid-arguments'));
    expect(checkServer).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
    expect(await vault.get(SERVER)).toBeNull();
  });

  it('refuses arguments that are not an array at all', async () => {
    const { handlers } = setup();
    await expect(handlers.getInfo(app, null as never)).rejects.toBeInstanceOf(IpcRefusedError);
  });
});

describe('the handlers, called properly', () => {
  it('getInfo tells the settings, the keychain mode and the version', async () => {
    const { handlers } = setup();
    await expect(handlers.getInfo(app, [])).resolves.toEqual({
      settings: { serverUrl: SERVER, appDomain: 'vidyalaya.example.in' },
      keychain: 'os',
      version: '0.1.0',
    });
    await expect(setup({ configured: false }).handlers.getInfo(app, [])).resolves.toMatchObject({ settings: null });
  });

  it('keeps tokens in the vault for the configured server and nowhere else', async () => {
    const { handlers, keyring } = setup();
    await expect(handlers.getTokens(app, [])).resolves.toBeNull();
    await handlers.setTokens(app, [tokens]);
    await expect(handlers.getTokens(app, [])).resolves.toEqual(tokens);
    expect([...keyring.entries.keys()]).toEqual([`Vidyalaya\u0000${SERVER}`]);
    await handlers.clearTokens(app, []);
    await expect(handlers.getTokens(app, [])).resolves.toBeNull();
    expect(keyring.entries.size).toBe(0);
  });

  it('has no tokens, and takes none, before a server is configured', async () => {
    const { handlers, keyring } = setup({ configured: false });
    await expect(handlers.getTokens(app, [])).resolves.toBeNull();
    await expect(handlers.setTokens(app, [tokens])).rejects.toEqual(new IpcRefusedError(CHANNELS.setTokens, 'no-server'));
    await expect(handlers.clearTokens(app, [])).resolves.toBeUndefined();
    expect(keyring.entries.size).toBe(0);
  });

  it('checkServer only checks; saveSettings checks, keeps, and signs out of the previous server', async () => {
    const { handlers, settings, vault, checkServer, onSettingsSaved } = setup();
    await vault.set(SERVER, tokens);
    await expect(handlers.checkServer(app, [{ serverUrl: OTHER }])).resolves.toMatchObject({ ok: true });
    expect(settings.get()?.serverUrl).toBe(SERVER);

    await expect(handlers.saveSettings(app, [{ serverUrl: 'https://down.example' }])).resolves.toEqual({
      ok: false,
      field: 'serverUrl',
      message: 'unreachable',
    });
    expect(settings.get()?.serverUrl).toBe(SERVER);
    expect(await vault.get(SERVER)).toEqual(tokens);

    await expect(handlers.saveSettings(app, [{ serverUrl: OTHER }])).resolves.toEqual({
      ok: true,
      settings: { serverUrl: OTHER, appDomain: 'other.example.in' },
    });
    expect(settings.get()).toEqual({ serverUrl: OTHER, appDomain: 'other.example.in' });
    expect(await vault.get(SERVER)).toBeNull();
    expect(checkServer).toHaveBeenCalledTimes(3);
    expect(onSettingsSaved).toHaveBeenCalledTimes(1);
  });

  it('saving the same server again keeps the sign-in', async () => {
    const { handlers, vault } = setup();
    await vault.set(SERVER, tokens);
    await handlers.saveSettings(app, [{ serverUrl: SERVER, appDomain: 'portal.example.in' }]);
    expect(await vault.get(SERVER)).toEqual(tokens);
  });

  it.each([
    ['https://vidyalaya.example.in/privacy', 'https://vidyalaya.example.in/privacy'],
    ['http://demo.localhost:3000', 'http://demo.localhost:3000/'],
  ])('openExternal hands %s to the system browser as %s', async (url, opened) => {
    const { handlers, openExternal } = setup();
    await handlers.openExternal(app, [url]);
    expect(openExternal).toHaveBeenCalledWith(opened);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'https://user:pw@evil.example/', 'app://vidyalaya/desktop.html'])(
    'openExternal refuses %s',
    async (url) => {
      const { handlers, openExternal } = setup();
      await expect(handlers.openExternal(app, [url])).rejects.toEqual(new IpcRefusedError(CHANNELS.openExternal, 'unsafe-url'));
      expect(openExternal).not.toHaveBeenCalled();
    },
  );

  it('registers exactly one handler per channel', () => {
    const table = handlersByChannel(setup().handlers);
    expect(table.map(([c]) => c).sort()).toEqual(Object.values(CHANNELS).sort());
  });
});
