import { EventEmitter } from 'node:events';

const openExternal = jest.fn(async (_url: string) => undefined);
// Electron is not launched under Node: only the shell is stood in for; the lazy reference lets the
// hoisted mock factory run before the constant above is initialised.
const windows: Array<{ options: Record<string, any>; loaded: string[] }> = [];
jest.mock('electron', () => ({
  shell: { openExternal: (url: string) => openExternal(url) },
  BrowserWindow: class {
    loaded: string[] = [];
    constructor(readonly options: Record<string, any>) {
      windows.push(this);
    }
    once() {}
    async loadURL(url: string) {
      this.loaded.push(url);
    }
  },
}));

import { createMainWindow, denyAllPermissions, lockDownWebContents } from '../src/main/window';

/** The parts of a WebContents the lock-down touches. */
class FakeContents extends EventEmitter {
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.openHandler = h;
  }
  navigate(event: string, url: string) {
    const e = { url, preventDefault: jest.fn() };
    this.emit(event, e);
    return e.preventDefault;
  }
}

describe('DECISIONS Desktop: the window', () => {
  beforeEach(() => openExternal.mockClear());

  it('keeps context isolation and the sandbox on, Node out of the renderer, and loads the app page', () => {
    createMainWindow({ preload: '/app/out/preload/index.js' });
    const [win] = windows;
    expect(win.loaded).toEqual(['app://vidyalaya/desktop.html']);
    expect(win.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it.each(['will-navigate', 'will-frame-navigate'])('%s: app pages pass, web pages go to the browser, the rest is stopped', (event) => {
    const contents = new FakeContents();
    lockDownWebContents(contents as never, () => 'https://vidyalaya.in');
    expect(contents.navigate(event, 'app://vidyalaya/desktop.html#/login')).not.toHaveBeenCalled();
    expect(contents.navigate(event, 'https://vidyalaya.in/terms')).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://vidyalaya.in/terms');
    expect(contents.navigate(event, 'file:///etc/passwd')).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('stops redirects away from the app without opening anything', () => {
    const contents = new FakeContents();
    lockDownWebContents(contents as never, () => null);
    expect(contents.navigate('will-redirect', 'https://evil.example/')).toHaveBeenCalled();
    expect(contents.navigate('will-redirect', 'app://vidyalaya/desktop.html')).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('never opens a new window; web links and app pages open in the browser after the check', () => {
    const contents = new FakeContents();
    lockDownWebContents(contents as never, () => 'https://vidyalaya.in');
    expect(contents.openHandler!({ url: 'https://demo.vidyalaya.in/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'app://vidyalaya/desktop.html#/privacy' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://demo.vidyalaya.in/'], ['https://vidyalaya.in/privacy']]);
  });

  it('refuses webviews', () => {
    const contents = new FakeContents();
    lockDownWebContents(contents as never, () => null);
    expect(contents.navigate('will-attach-webview', 'https://evil.example')).toHaveBeenCalled();
  });

  it('grants no permission', () => {
    const handlers: Record<string, (...a: unknown[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
      setDevicePermissionHandler: (h: never) => (handlers.device = h),
    };
    denyAllPermissions(session as never);
    const callback = jest.fn();
    handlers.request({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(handlers.check({}, 'notifications')).toBe(false);
    expect(handlers.device({})).toBe(false);
  });
});
