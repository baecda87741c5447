/**
 * The main process: Electron wiring only. The logic lives in modules that import no Electron
 * (navigation, token-vault, settings, protocol, ipc/handlers) and are tested under Node.
 */
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import Store from 'electron-store';
import { AttendanceQueue } from './attendance-queue';
import { handlersByChannel, createIpcHandlers } from './ipc/handlers';
import { APP_SCHEME } from './navigation';
import { createProtocolHandler } from './protocol';
import { checkServer, createSettingsStore, type KeyValueStore } from './settings';
import { createTokenVault, osKeyring } from './token-vault';
import { createMainWindow, denyAllPermissions, lockDownWebContents } from './window';

// A standard, secure scheme: a real origin (app://vidyalaya) for CORS, the CSP and the IPC check.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const settings = createSettingsStore(new Store({ name: 'settings' }) as unknown as KeyValueStore);
  const vault = createTokenVault({
    keyring: osKeyring(),
    onUnavailable: (e) => console.warn(`No OS keychain available, tokens are kept for this session only: ${e instanceof Error ? e.message : String(e)}`),
  });
  const serverUrl = () => settings.get()?.serverUrl ?? null;

  app.on('web-contents-created', (_event, contents) => lockDownWebContents(contents, serverUrl));

  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    protocol.handle(APP_SCHEME, createProtocolHandler({ root: join(__dirname, '../renderer'), serverOrigin: serverUrl }));

    // Offline attendance: queued in the main process, in a file under userData; sent every minute and when asked.
    const attendance = new AttendanceQueue({
      file: join(app.getPath('userData'), 'attendance-queue.json'),
      serverUrl,
      accessToken: async () => {
        const url = serverUrl();
        return url ? ((await vault.get(url))?.accessToken ?? null) : null;
      },
    });
    setInterval(() => void attendance.sync().catch(() => undefined), 60_000).unref();
    const handlers = createIpcHandlers({
      vault,
      settings,
      attendance,
      checkServer: (input) => checkServer(input),
      openExternal: (url) => shell.openExternal(url),
      version: app.getVersion(),
    });
    for (const [channel, handler] of handlersByChannel(handlers)) {
      ipcMain.handle(channel, (event, ...args: unknown[]) => handler(event, args));
    }
    await vault.probe();

    const preload = join(__dirname, '../preload/index.js');
    createMainWindow({ preload });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow({ preload });
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
