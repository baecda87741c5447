import { CHANNELS } from '../src/ipc-channels';
import { createIpcHandlers, handlersByChannel, type IpcHandler } from '../src/main/ipc/handlers';
import { createSettingsStore, memoryStore } from '../src/main/settings';
import { createTokenVault, memoryKeyring } from '../src/main/token-vault';
import { createBridge } from '../src/preload/bridge';

describe('the preload bridge (window.desktop): one method per channel', () => {
  it('calls exactly its channel with plain arguments', async () => {
    const invoke = jest.fn(async (..._a: unknown[]) => 'answer');
    const bridge = createBridge(invoke, CHANNELS);
    const tokens = { accessToken: 'a', refreshToken: 'b' };
    await bridge.getInfo();
    await bridge.checkServer({ serverUrl: 'https://x.example' });
    await bridge.saveSettings({ serverUrl: 'https://x.example', appDomain: 'x.example' });
    await bridge.getTokens();
    await bridge.setTokens({ ...tokens, toString: () => 'smuggled' } as never);
    await bridge.clearTokens();
    await bridge.openExternal('https://x.example/terms');
    expect(invoke.mock.calls).toEqual([
      [CHANNELS.getInfo],
      [CHANNELS.checkServer, { serverUrl: 'https://x.example', appDomain: undefined }],
      [CHANNELS.saveSettings, { serverUrl: 'https://x.example', appDomain: 'x.example' }],
      [CHANNELS.getTokens],
      [CHANNELS.setTokens, tokens],
      [CHANNELS.clearTokens],
      [CHANNELS.openExternal, 'https://x.example/terms'],
    ]);
  });

  it('exposes nothing but those methods, and cannot be changed', () => {
    const bridge = createBridge(async () => undefined, CHANNELS);
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(CHANNELS).sort());
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('works end to end against the main-process handlers', async () => {
    const settings = createSettingsStore(memoryStore());
    settings.save({ serverUrl: 'https://x.example', appDomain: 'x.example' });
    const handlers = new Map<string, IpcHandler>(
      handlersByChannel(
        createIpcHandlers({
          vault: createTokenVault({ keyring: memoryKeyring() }),
          settings,
          checkServer: async () => ({ ok: false, field: 'serverUrl', message: 'no' }),
          openExternal: async () => undefined,
          version: '1.2.3',
        }),
      ),
    );
    // As ipcRenderer.invoke(channel, ...args) arrives in ipcMain.handle(channel, (event, ...args)).
    const bridge = createBridge((channel, ...args) => handlers.get(channel)!({ senderFrame: { url: 'app://vidyalaya/desktop.html' } }, args), CHANNELS);
    await bridge.setTokens({ accessToken: 'a', refreshToken: 'b' });
    await expect(bridge.getTokens()).resolves.toEqual({ accessToken: 'a', refreshToken: 'b' });
    await expect(bridge.getInfo()).resolves.toMatchObject({ version: '1.2.3', keychain: 'os' });
    await expect(bridge.openExternal('file:///etc/passwd')).rejects.toThrow(/unsafe-url/);
  });
});
