/**
 * The built app (desktop/out, as electron-builder packages it), loaded under Node with Electron's
 * API stood in for: Electron itself cannot run here, but everything the bundles do at start-up
 * does — the privileged scheme, the sandbox, the protocol handler, the IPC handlers, electron-store
 * writing its file, the window's settings — and the preload is checked to be one sandbox-ready
 * CommonJS file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DESKTOP = join(__dirname, '..');
const OUT = join(DESKTOP, 'out');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  return st.isDirectory() ? Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f)))) : st.mtimeMs;
}

const userData = mkdtempSync(join(tmpdir(), 'vidyalaya-userdata-'));
const seen = {
  schemes: [] as unknown[],
  sandbox: false,
  protocol: new Map<string, (r: Request) => Promise<Response>>(),
  ipc: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
  windows: [] as Array<{ options: Record<string, any>; url?: string }>,
  ready: null as null | (() => void),
};

jest.mock('electron', () => {
  const ready = new Promise<void>((r) => (seen.ready = r));
  return {
    app: {
      getPath: () => userData,
      getVersion: () => '0.1.0',
      getName: () => 'Vidyalaya',
      requestSingleInstanceLock: () => true,
      enableSandbox: () => void (seen.sandbox = true),
      whenReady: () => ready,
      on: () => undefined,
      quit: () => undefined,
    },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => void seen.schemes.push(...s),
      handle: (scheme: string, h: (r: Request) => Promise<Response>) => void seen.protocol.set(scheme, h),
    },
    ipcMain: {
      handle: (channel: string, h: (event: unknown, ...args: unknown[]) => Promise<unknown>) => void seen.ipc.set(channel, h),
      on: () => undefined,
    },
    session: { defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {}, setDevicePermissionHandler() {} } },
    shell: { openExternal: async () => undefined },
    BrowserWindow: class {
      static getAllWindows(): unknown[] {
        return [];
      }
      record: { options: Record<string, any>; url?: string };
      constructor(options: Record<string, any>) {
        this.record = { options };
        seen.windows.push(this.record);
      }
      once() {}
      async loadURL(url: string) {
        this.record.url = url;
      }
    },
  };
});

describe('the built desktop app (desktop/out)', () => {
  let health: Server;
  let server: string;

  beforeAll(async () => {
    const sources = Math.max(newest(join(DESKTOP, 'src')), newest(join(DESKTOP, 'electron.vite.config.ts')), newest(join(DESKTOP, '..', 'web', 'src')), newest(join(DESKTOP, '..', 'shared', 'src')));
    if (newest(join(OUT, 'main', 'index.js')) < sources || !existsSync(join(OUT, 'renderer', 'desktop.html'))) {
      const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: DESKTOP, stdio: 'pipe', encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`electron-vite build failed:\n${r.stdout}\n${r.stderr}`);
    }
    health = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":{"status":"ok","database":"up"}}'));
    await new Promise<void>((r) => health.listen(0, '127.0.0.1', r));
    server = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;

    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    require(join(OUT, 'main', 'index.js'));
    seen.ready!();
    for (let i = 0; i < 100 && seen.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  }, 180_000);

  afterAll(async () => {
    await new Promise<void>((r) => health.close(() => r()));
    rmSync(userData, { recursive: true, force: true });
  });

  it('registers app:// as a standard, secure scheme and turns the sandbox on for every renderer', () => {
    expect(seen.schemes).toEqual([expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })]);
    expect(seen.sandbox).toBe(true);
  });

  it('opens one window on app://vidyalaya with the locked-down settings and the built preload', () => {
    expect(seen.windows).toHaveLength(1);
    const [{ options, url }] = seen.windows;
    expect(url).toBe('app://vidyalaya/desktop.html');
    expect(options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(options.webPreferences.preload).toBe(join(OUT, 'preload', 'index.js'));
  });

  it('ships a preload the sandbox can load: one CommonJS file needing nothing but electron', () => {
    const preload = readFileSync(join(OUT, 'preload', 'index.js'), 'utf8');
    expect([...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*import\s/m);
    expect(preload).toContain('exposeInMainWorld("desktop"');
    expect(preload).not.toMatch(/ZodError|safeParse/); // the schemas stay in the main process
  });

  it('serves the built renderer through the protocol handler, with the CSP', async () => {
    const res = await seen.protocol.get('app')!(new Request('app://vidyalaya/desktop.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const script = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await seen.protocol.get('app')!(new Request(`app://vidyalaya/${script}`));
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers IPC only from the app, and keeps the server address with electron-store', async () => {
    const ipc = (channel: string, url: string, ...args: unknown[]) => seen.ipc.get(channel)!({ senderFrame: { url } }, ...args);
    expect(seen.ipc.size).toBe(12); // 7 of the app, 5 of the offline attendance queue
    await expect(ipc('vidyalaya:app:get-info', 'https://evil.example/')).rejects.toThrow(/untrusted-sender/);
    await expect(ipc('vidyalaya:app:get-info', 'app://vidyalaya/desktop.html')).resolves.toEqual({ settings: null, keychain: expect.any(String), version: '0.1.0' });
    await expect(ipc('vidyalaya:settings:save', 'app://vidyalaya/desktop.html', { serverUrl: server })).resolves.toMatchObject({ ok: true });
    const file = JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'));
    expect(file).toEqual({ server: { serverUrl: server, appDomain: new URL(server).host } });
    const res = await seen.protocol.get('app')!(new Request('app://vidyalaya/desktop.html'));
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${server};`);
  });
});
