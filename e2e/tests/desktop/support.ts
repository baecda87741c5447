/**
 * The desktop app's browser tests, without Electron: the built desktop renderer is served under
 * http://localhost:$E2E_PORT/desktop/ by the app's own protocol handler, and `window.desktop` is
 * the preload's own bridge bound (page.exposeBinding) to the main process's own IPC handlers,
 * running here in the test process with the token vault and the settings store they use in the app.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CHANNELS } from '../../../desktop/src/ipc-channels';
import { AttendanceQueue } from '../../../desktop/src/main/attendance-queue';
import { createIpcHandlers, handlersByChannel, type IpcHandler } from '../../../desktop/src/main/ipc/handlers';
import { APP_ORIGIN } from '../../../desktop/src/main/navigation';
import { createProtocolHandler } from '../../../desktop/src/main/protocol';
import { checkServer, createSettingsStore, memoryStore } from '../../../desktop/src/main/settings';
import { createTokenVault, memoryKeyring, osKeyring, type KeyringLike } from '../../../desktop/src/main/token-vault';
import { createBridge } from '../../../desktop/src/preload/bridge';

export const ROOT = join(__dirname, '..', '..', '..');
const RENDERER = join(ROOT, 'desktop', 'out', 'renderer');
export const PORT = process.env.E2E_PORT ?? '3210';
export const SERVER = `http://localhost:${PORT}`;
/** Where the desktop renderer is served in these tests (app://vidyalaya/ in the app). */
export const APP_BASE = `${SERVER}/desktop/`;
export const API = `${SERVER}/api/v1`;

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** Builds the desktop bundles (electron-vite) when they are missing or older than their sources. */
export function ensureDesktopBuilt(): void {
  const built = join(RENDERER, 'desktop.html');
  const sources = Math.max(
    ...['web/src', 'web/desktop.html', 'shared/src', 'desktop/src', 'desktop/electron.vite.config.ts'].map((p) => newest(join(ROOT, p))),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: join(ROOT, 'desktop'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The desktop build failed');
}

/**
 * One run of "the main process": the keychain (the real Secret Service when the tests run in a
 * D-Bus session, `npm run test:keychain`-style; else one in memory), the settings store, and the
 * handlers over them. `opened` records what would go to the system browser.
 */
export function createMainProcess(opts: { keyring?: KeyringLike; attendanceFile?: string } = {}) {
  const realKeychain = !opts.keyring && !!process.env.DBUS_SESSION_BUS_ADDRESS;
  const keyring: KeyringLike = opts.keyring ?? (realKeychain ? osKeyring() : memoryKeyring());
  const service = `Vidyalaya e2e ${randomUUID()}`;
  const vault = createTokenVault({ keyring, service });
  const settings = createSettingsStore(memoryStore());
  const opened: string[] = [];
  // The offline attendance queue, as index.ts makes it (only when a test asks for one).
  const attendance = opts.attendanceFile
    ? new AttendanceQueue({
        file: opts.attendanceFile,
        serverUrl: () => settings.get()?.serverUrl ?? null,
        accessToken: async () => {
          const url = settings.get()?.serverUrl;
          return url ? ((await vault.get(url))?.accessToken ?? null) : null;
        },
      })
    : undefined;
  const handlers = new Map<string, IpcHandler>(
    handlersByChannel(
      createIpcHandlers({
        vault,
        settings,
        checkServer: (input) => checkServer(input, { timeoutMs: 5000 }),
        openExternal: async (url) => void opened.push(url),
        version: 'e2e',
        attendance,
      }),
    ),
  );
  const protocol = createProtocolHandler({ root: RENDERER, serverOrigin: () => settings.get()?.serverUrl ?? null });
  return {
    realKeychain,
    keyring,
    service,
    vault,
    settings,
    opened,
    attendance,
    /** The raw keychain entry for a server, read past the vault. */
    keychainEntry: (server: string) => keyring.getPassword(service, server),
    async attach(page: Page): Promise<void> {
      // app://vidyalaya/<path> in the app ↔ http://localhost:PORT/desktop/<path> here.
      await page.route(`${APP_BASE}**`, async (route) => {
        const req = route.request();
        const appUrl = `${APP_ORIGIN}/${req.url().slice(APP_BASE.length)}`;
        const res = await protocol(new Request(appUrl, { method: req.method() }));
        await route.fulfill({
          status: res.status,
          headers: Object.fromEntries(res.headers.entries()),
          body: Buffer.from(await res.arrayBuffer()),
        });
      });
      await page.exposeBinding('__vidyalayaIpc', async (source, channel: string, args: unknown[]) => {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`No handler for ${channel}`);
        // The sender frame as Electron would report it: a page of the app is app://vidyalaya/…
        const url = source.frame.url();
        const senderUrl = url.startsWith(APP_BASE) ? `${APP_ORIGIN}/${url.slice(APP_BASE.length)}` : url;
        return handler({ senderFrame: { url: senderUrl } }, args);
      });
      // What the preload does: window.desktop = the bridge, over invoke.
      await page.addInitScript({
        content: `(() => {
          const ipc = window.__vidyalayaIpc;
          const createBridge = ${createBridge.toString()};
          Object.defineProperty(window, 'desktop', {
            value: createBridge((channel, ...args) => ipc(channel, args), ${JSON.stringify(CHANNELS)}),
            enumerable: true,
          });
        })();`,
      });
    },
    async cleanUp(): Promise<void> {
      const s = settings.get();
      for (const server of [SERVER, s?.serverUrl].filter((x): x is string => !!x)) await keyring.deletePassword(service, server).catch(() => false);
    },
  };
}
export type MainProcess = ReturnType<typeof createMainProcess>;

/** Everything the page keeps in its own storage, to look for tokens in. */
export async function pageStorage(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
}

// Accounts and schools, made the way a person would make them (the API) or staff are made (the CLI).

export const PASSWORD = 'Ganga#Office2025';
let n = 0;
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(n++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 24);
}

/** A provider staff account, through `staff-create` against the test server's data directory. */
export function createStaff(): { username: string; password: string } {
  const username = uniqueName('staff_');
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  execFileSync(process.execPath, [join(ROOT, 'backend', 'dist', 'cli', 'staff-create.js'), '--username', username, '--email', `${username}@vidyalaya.test`], {
    input: `${PASSWORD}\n`, // the password on stdin, never on the command line
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  return { username, password: PASSWORD };
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await request.fetch(`${API}${path}`, { method, data: body, headers: token ? { authorization: `Bearer ${token}` } : undefined });
  const json = (await res.json()) as { success: boolean; data: T; error?: { message: string } };
  expect(json.success, `${method} ${path}: ${res.status()} ${json.error?.message ?? ''}`).toBe(true);
  return json.data;
}

/** The first 6-digit code in the newest e-mail to `address` (the server's SMTP sink writes .eml files). */
async function readCode(address: string, since: number): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = existsSync(dir)
      ? readdirSync(dir).filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(address.toLowerCase()) && statSync(join(dir, f)).mtimeMs >= since - 1000)
      : [];
    for (const f of files.sort().reverse()) {
      const raw = readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n');
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`No code reached ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type Admin = { username: string; password: string; accessToken: string; refreshToken: string };

/** A school administrator, registered, verified and signed in through the API. */
export async function createAdmin(request: APIRequestContext): Promise<Admin> {
  const username = uniqueName('admin_');
  const email = `${username}@vidyalaya.test`;
  const since = Date.now();
  await call(request, 'POST', '/auth/register', { username, email, password: PASSWORD });
  const otp = await readCode(email, since);
  await call(request, 'POST', '/auth/verify-otp/registration', { username, otp });
  const login = await call<{ accessToken: string; refreshToken: string }>(request, 'POST', '/auth/login', { username, password: PASSWORD });
  return { username, password: PASSWORD, accessToken: login.accessToken, refreshToken: login.refreshToken };
}

/** A school created by that administrator: pending approval. */
export async function createSchool(request: APIRequestContext, admin: Admin, name: string): Promise<{ id: string; name: string; subdomain: string }> {
  const subdomain = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  const { school } = await call<{ school: { id: string; name: string; subdomain: string } }>(
    request,
    'POST',
    '/school/create',
    {
      name,
      subdomain,
      address: { address1: '14 Mall Road', locality: 'Civil Lines', city: 'Kanpur', state: 'Uttar Pradesh', country: 'India', pinCode: '208001' },
      level: 'higher_secondary',
      board: 'CBSE',
      principalName: 'Asha Verma',
      email: `office@${subdomain}.test`,
      phoneNumbers: ['+919876543210'],
      establishedYear: 1998,
    },
    admin.accessToken,
  );
  return school;
}

/** The school as its administrator sees it. */
export async function mySchool(request: APIRequestContext, admin: Admin) {
  return (await call<{ school: { isActive: boolean; metaData: { approvalStatus: string; rejectionReason?: string | null } } }>(request, 'GET', '/auth/my-school', undefined, admin.accessToken)).school;
}
