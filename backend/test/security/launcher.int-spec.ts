import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Issue 33 row 11: `npm start` (scripts/start.mjs) used to run the server with spawnSync, so a
 * SIGTERM to the launcher ended the launcher and left the server running, orphaned, holding the
 * port. Now the launcher passes SIGTERM and SIGINT to the server and exits with its status.
 */
const START = resolve(__dirname, '../../../scripts/start.mjs');

/**
 * A stand-in server: on SIGTERM exits 3 (SIGINT is left to end it by default), then says its pid. The
 * handler comes first: the test signals as soon as it reads the pid, and a busy machine could
 * otherwise deliver the signal before the next line ran.
 */
const FAKE_SERVER = `
process.on('SIGTERM', () => { process.stdout.write('stopping\\n'); setTimeout(() => process.exit(3), 50); });
process.stdout.write('pid ' + process.pid + '\\n');
setInterval(() => undefined, 1000);
`;

function launch(): { launcher: ChildProcess; serverPid: Promise<number>; exited: Promise<{ code: number | null; out: string }> } {
  const dir = mkdtempSync(join(tmpdir(), 'launcher-'));
  const server = join(dir, 'server.js');
  writeFileSync(server, FAKE_SERVER);
  const launcher = spawn(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(START)}).then((m) => m.runServer(${JSON.stringify(server)}))`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const serverPid = new Promise<number>((ok) => {
    launcher.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /pid (\d+)/.exec(out);
      if (m) ok(Number(m[1]));
    });
  });
  // 'close', not 'exit': the launcher's output is read to its end first.
  const exited = new Promise<{ code: number | null; out: string }>((ok) => launcher.on('close', (code) => ok({ code, out })));
  return { launcher, serverPid, exited };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('hardening: the launcher stops its server', () => {
  it('SIGTERM to the launcher reaches the server; the launcher exits with the server’s status and nothing is left running', async () => {
    const { launcher, serverPid, exited } = launch();
    const pid = await serverPid;
    launcher.kill('SIGTERM');
    const { code, out } = await exited;
    expect(out).toContain('stopping');
    expect(code).toBe(3);
    expect(alive(pid)).toBe(false);
  });

  it('SIGINT to the launcher ends the server too (128 + 2 when the server is ended by the signal)', async () => {
    const { launcher, serverPid, exited } = launch();
    const pid = await serverPid;
    launcher.kill('SIGINT');
    const { code } = await exited;
    expect(code).toBe(130);
    expect(alive(pid)).toBe(false);
  });
});
