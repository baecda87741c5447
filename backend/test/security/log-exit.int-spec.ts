import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Issue 33 row 12: a server whose standard-output reader is gone must still exit when asked to
 * stop. The child below uses the server's logger (common/logger.ts, compiled on the fly) exactly
 * as main.ts does: on SIGTERM it logs a burst of lines (buffered in the logger's destination, the
 * first write still in flight) and exits; pino's exit hook then flushes them synchronously to a
 * pipe whose reader this test has closed. Before the fix that flush retried its EPIPE write every
 * 100 ms forever and the child never ended (the test timed out); now it drops the lines and exits.
 */
const LOGGER = resolve(__dirname, '../../src/common/logger.ts');
const CHILD = `
const fs = require('node:fs');
const swc = require('@swc/core');
require.extensions['.ts'] = (m, file) => m._compile(swc.transformSync(fs.readFileSync(file, 'utf8'), {
  filename: file, module: { type: 'commonjs' }, jsc: { target: 'es2022', parser: { syntax: 'typescript', decorators: true } },
}).code, file);
const { createLogger } = require(${JSON.stringify(LOGGER)});
const logger = createLogger('info');
process.on('SIGTERM', () => {
  for (let i = 0; i < 500; i++) logger.info({ i, pad: 'x'.repeat(400) }, 'shutting down');
  process.exit(0);
});
process.stderr.write('ready\\n');
setInterval(() => undefined, 1000);
`;

describe('hardening: a server whose output reader has gone still exits', () => {
  it('lines buffered, the reader of standard output closed, then stop: the process exits (status 0)', async () => {
    const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['ignore', 'pipe', 'pipe'], cwd: resolve(__dirname, '../..') });
    try {
      await new Promise<void>((ok, fail) => {
        child.stderr!.on('data', (c: Buffer) => c.toString().includes('ready') && ok());
        child.on('exit', (code) => fail(new Error(`the child ended early (${code})`)));
      });
      const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
      // The reader goes away: this process closes its end of the child's standard output.
      child.stdout!.destroy();
      await new Promise((r) => setTimeout(r, 200));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
