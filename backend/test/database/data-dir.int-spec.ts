import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dbKind, uniq } from '../support/app';

/**
 * DECISIONS "Running it": the command-line tools work whether or not the server is running, and two
 * processes never open the same data directory. Real processes on a real DATA_DIR, started as the
 * README starts them: `npm run staff:create` (scripts/tool.mjs) and the built server.
 *
 * Only in the embedded-database project: these tests never use the suite's database, so running
 * them again in the PostgreSQL project would repeat the same thing.
 */
const describeEmbedded = dbKind() === 'embedded' ? describe : describe.skip;
const root = join(__dirname, '..', '..', '..');

describeEmbedded('the embedded database and its data directory (separate processes)', () => {
  let dir: string;
  const env = (extra: Record<string, string> = {}) => {
    const e: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', DATA_DIR: dir, LOG_LEVEL: 'silent', ...extra };
    delete e.DATABASE_URL;
    return e as NodeJS.ProcessEnv;
  };
  const staffCreate = (username: string) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'tool.mjs'), 'staff-create', '--username', username, '--email', `${username}@provider.test`], {
      input: 'Str0ng-Pass!\n', // the password on stdin, never on the command line (issue 20)
      env: env(),
      encoding: 'utf8',
      timeout: 120_000,
    });
  const freePort = () =>
    new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
  const startServer = async (port: number) => {
    const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { env: env({ HOST: '127.0.0.1', PORT: String(port) }), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
    // Up to 150 s: on a loaded CI machine (the browser tests and both Jest projects at once) a start
    // that takes about 10 s alone took over 60 s.
    for (const until = Date.now() + 150_000; Date.now() < until; ) {
      const up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false);
      if (up) return { child, exited, stderr: () => stderr };
      if (child.exitCode !== null) return { child, exited, stderr: () => stderr };
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill();
    throw new Error('the server did not start');
  };
  const login = (port: number, username: string) =>
    fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Str0ng-Pass!' }),
    }).then((r) => r.status);

  let running: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vidyalaya-datadir-'));
    running = [];
  });
  afterEach(() => {
    for (const c of running) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('staff:create opens the directory itself while no server runs, joins the server while one does, and a second server is refused', async () => {
    const first = `ops${uniq()}`;
    const made = staffCreate(first);
    expect({ status: made.status, stdout: made.stdout.trim().split('\n').pop() }).toEqual({
      status: 0,
      stdout: `Staff account "${first}" <${first}@provider.test> created. Sign in with it at /login.`,
    });
    expect(existsSync(join(dir, 'embedded-db.json'))).toBe(false); // the tool closed and released it

    const port = await freePort();
    const server = await startServer(port);
    running.push(server.child);
    expect(server.child.exitCode).toBeNull();
    expect(JSON.parse(readFileSync(join(dir, 'embedded-db.json'), 'utf8')).pid).toBe(server.child.pid);
    expect(await login(port, first)).toBe(200); // written by the tool on its own, read by the server

    const second = `ops${uniq()}`;
    const joined = staffCreate(second);
    expect(joined.status).toBe(0);
    expect(await login(port, second)).toBe(200); // written through the running server's socket

    const rival = await startServer(await freePort());
    running.push(rival.child);
    expect(await rival.exited).toBe(1);
    expect(rival.stderr()).toBe(`The data directory ${dir} is in use by another Vidyalaya process (pid ${server.child.pid}). Stop it or set DATA_DIR.\n`);
    expect(await login(port, first)).toBe(200); // the first server is untouched

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dir, 'embedded-db.json'))).toBe(false);
  }, 480_000);
});
