import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiFailureSchema } from '@vidyalaya/shared';
import { migrate } from '../../src/database/data-source';
import { dbKind, startTestApp, uniq, type TestApp } from '../support/app';
import { freePort, startPrivatePostgres } from './private-postgres';

/**
 * Issue 8 reliability: the database stops under a steady write load and comes back. While it is
 * down every request answers a well-formed 503 DATABASE_UNAVAILABLE envelope (health included);
 * once it is back the SAME app process serves again, with no restart; and every write the app
 * acknowledged (2xx) is in the database afterwards.
 *
 * On the PostgreSQL project this is a private PostgreSQL server (initdb + pg_ctl stop -m fast /
 * start), never the shared one; on the embedded project it is the embedded database (PGlite and its
 * socket server) run in a process of its own, stopped with SIGTERM and started again on the same
 * data directory and port.
 */
interface Outage {
  what: string;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function privatePostgres(): Promise<Outage> {
  const pg = await startPrivatePostgres();
  return {
    what: 'a private PostgreSQL server (pg_ctl stop -m fast, then start)',
    url: pg.url,
    stop: () => pg.stop(),
    start: () => pg.start(),
    destroy: () => pg.destroy(),
  };
}

async function embedded(): Promise<Outage> {
  const dir = mkdtempSync(join(tmpdir(), 'vidyalaya-embedded-outage-'));
  const port = await freePort();
  const password = `outage-${Date.now()}`; // kept across the restart, so the app's URL stays right
  const root = join(__dirname, '..', '..', '..');
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(process.execPath, ['-r', join(root, 'bench', 'swc-register.cjs'), join(__dirname, 'embedded-db-child.ts'), dir, String(port), password], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      proc.once('exit', (code) => reject(new Error(`the embedded database process exited (${code}): ${err}`)));
    });
    child = proc;
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  };
  await start();
  return {
    what: 'the embedded PostgreSQL in a process of its own (stopped with SIGTERM, then started on the same directory and port)',
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Answer = { status: number; body: any; phase: 'up' | 'down' | 'back' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it is true; fails with `what` after a generous deadline (never a timing assertion). */
async function until(what: string, check: () => boolean | Promise<boolean>, deadlineMs = 90_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await sleep(100);
  }
}

describe(`reliability: the database stops and starts again under load (issue 8, ${dbKind()})`, () => {
  let outage: Outage;
  let t: TestApp;
  beforeAll(async () => {
    outage = dbKind() === 'postgres' ? await privatePostgres() : await embedded();
    await migrate(outage.url);
    const previous = process.env.TEST_DB_URL;
    process.env.TEST_DB_URL = outage.url;
    try {
      t = await startTestApp({ TRUST_PROXY: '1', DATABASE_POOL_SIZE: '10' });
    } finally {
      process.env.TEST_DB_URL = previous;
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await outage?.destroy();
  });

  it('answers 503 envelopes while it is down, recovers without a restart, and loses no acknowledged write', async () => {
    const run = uniq();
    let phase: Answer['phase'] = 'up';
    let writing = true;
    let seq = 0;
    const answers: Answer[] = [];
    const acknowledged = new Map<string, string>(); // message text → id the app answered

    // Five clients, each sending contact-form messages one after another (each from its own address).
    const writer = async (w: number) => {
      while (writing) {
        const n = seq++;
        const text = `outage ${run} message ${n}`;
        const at = phase;
        let res;
        try {
          res = await t.call('POST', '/contact', {
            body: { name: 'Load Writer', email: `writer${w}@example.test`, school: 'Outage School', message: text },
            headers: { 'x-forwarded-for': `10.${w}.${(n >> 8) & 255}.${n & 255}` },
          });
        } catch (e) {
          answers.push({ status: 0, body: String(e), phase: at });
          continue;
        }
        answers.push({ status: res.status, body: res.body, phase: at });
        if (res.status === 201) acknowledged.set(text, res.body.data.id);
        else await sleep(20);
      }
    };
    const writers = Promise.all([0, 1, 2, 3, 4].map(writer));
    const health = () => t.call('GET', '/health');

    try {
      await until('20 writes acknowledged before the outage', () => acknowledged.size >= 20);

      await outage.stop();
      phase = 'down';
      const downFrom = answers.length;
      // Counted by the phase a request was sent in: the answers right after the stop include the five writers'
      // requests sent before it, and on a slow machine they were once 3 of the first 10.
      const sentWhileDown = () => answers.slice(downFrom).filter((a) => a.phase === 'down');
      await until('10 answers to requests sent while the database is down', () => sentWhileDown().length >= 10);
      const downHealth = await health();
      expect(downHealth.status).toBe(503);
      expect(downHealth.body).toEqual({
        success: false,
        message: 'The service is temporarily unavailable. Please try again later.',
        error: { code: 'DATABASE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again later.', requestId: expect.any(String) },
        data: { status: 'error', database: 'down' },
      });
      // Requests that started after the stop completed: all 503 DATABASE_UNAVAILABLE.
      const whileDown = sentWhileDown();
      expect(whileDown.length).toBeGreaterThanOrEqual(10);
      for (const a of whileDown) {
        expect(a.status).toBe(503);
        expect(apiFailureSchema.parse(a.body).error.code).toBe('DATABASE_UNAVAILABLE');
        expect(JSON.stringify(a.body)).not.toMatch(/ECONNREFUSED|postgres|SELECT|INSERT|stack|at .*\.ts/i);
      }

      const ackedBeforeRestart = acknowledged.size;
      await outage.start();
      phase = 'back';
      await until('health answers 200 again, same app process', async () => (await health()).status === 200);
      await until('20 more writes acknowledged after the restart', () => acknowledged.size >= ackedBeforeRestart + 20);
      // Under load those 20 can all be writes sent while it was down and answered once it was back.
      await until('a write sent after the restart acknowledged', () => answers.some((a) => a.phase === 'back' && a.status === 201));
    } finally {
      writing = false;
      await writers;
    }

    // Every answer, in every phase, was a success or a well-formed 503 DATABASE_UNAVAILABLE envelope.
    const statuses = new Map<string, number>();
    for (const a of answers) {
      const key = `${a.phase} ${a.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (a.status === 201) continue;
      expect({ status: a.status, code: apiFailureSchema.safeParse(a.body).data?.error.code }).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    }
    expect(statuses.get('down 503')).toBeGreaterThan(0);
    expect(statuses.get('back 201')).toBeGreaterThan(0);

    // No acknowledged write lost: each is stored, with the text that was sent.
    const rows: { id: string; message: string }[] = await t.db.query(`SELECT id, message FROM contact_messages WHERE message LIKE $1`, [`outage ${run} %`]);
    const stored = new Map(rows.map((r) => [r.message, r.id]));
    const lost = [...acknowledged].filter(([text, id]) => stored.get(text) !== id);
    expect(lost).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(40);
  }, 300_000);
});
