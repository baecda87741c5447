import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of this test's own (initdb into a temporary directory, pg_ctl start/stop),
 * so a test can stop and restart it without touching the server other tests share. Needs the
 * PostgreSQL server binaries (Debian: apt-get install -y postgresql); as root it runs them as
 * the `postgres` user, since PostgreSQL refuses to run as root.
 */
export interface PrivatePostgres {
  url: string;
  /** Asynchronous, so the app in this process keeps serving (and failing) while it happens. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it (if running) and removes its files. */
  destroy(): Promise<void>;
}

function serverBinDir(): string {
  const candidates = [process.env.PG_BIN];
  if (existsSync('/usr/lib/postgresql')) {
    for (const v of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))) candidates.push(`/usr/lib/postgresql/${v}/bin`);
  }
  const dir = candidates.find((d): d is string => !!d && existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
  if (!dir) {
    throw new Error(
      'The database-outage test needs the PostgreSQL server binaries (initdb, pg_ctl) and none were found. ' +
        'Install them (Debian/Ubuntu: `apt-get install -y postgresql`) or set PG_BIN to their directory.',
    );
  }
  return dir;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'vidyalaya-pg-outage-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = async (tool: string, args: string[]) => {
    const cmd = join(bin, tool);
    try {
      if (asRoot) await promisify(execFile)('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: dir });
      else await promisify(execFile)(cmd, args, { cwd: dir });
    } catch (e) {
      const err = e as { stderr?: string; message: string };
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : '';
      throw new Error(`${tool} ${args.join(' ')} failed: ${err.stderr?.toString() || err.message}\n${log}`);
    }
  };
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=40`;
  let running = false;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop() {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    async destroy() {
      try {
        if (running) await pg.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  await pg.start();
  return pg;
}
