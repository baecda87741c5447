#!/usr/bin/env node
// The server the browser tests talk to, started the way the README starts it (`npm start`, i.e.
// scripts/start.mjs), on its own port and data directory, with a real SMTP server on loopback
// that drops every e-mail it receives into E2E_MAIL_DIR as an .eml file for the tests to read.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startRazorpayStandIn } from './razorpay-stand-in.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3210';
const mailDir = process.env.E2E_MAIL_DIR ?? join(tmpdir(), 'vidyalaya-e2e-mail');
mkdirSync(mailDir, { recursive: true });
let n = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, cb) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
      writeFileSync(join(mailDir, `${Date.now()}-${String(++n).padStart(5, '0')}-${to}.eml`), Buffer.concat(chunks));
      cb();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

// Razorpay's API and Checkout script: a local stand-in (e2e/razorpay-stand-in.mjs) unless the
// environment names another; nothing else changes for the specs that do not pay online.
const razorpay = process.env.RAZORPAY_API_URL ? null : await startRazorpayStandIn();
const razorpayEnv = razorpay ? { RAZORPAY_API_URL: `${razorpay.url}/v1`, RAZORPAY_CHECKOUT_URL: `${razorpay.url}/v1/checkout.js` } : {};

// With DATABASE_URL (set by playwright.config.ts from E2E_DATABASE_URL) the server's database is
// made fresh here and dropped when the server stops; without it the data is embedded in DATA_DIR.
const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
async function admin(sql) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL ?? new URL('/postgres', database).toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const dbName = database?.pathname.slice(1);
if (dbName && !/^[a-z0-9_]+$/.test(dbName)) throw new Error(`e2e database name ${dbName} is not a plain identifier`);
if (dbName) await admin(`CREATE DATABASE ${dbName}`);

const app = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...razorpayEnv,
    PORT: port,
    APP_DOMAIN: `localhost:${port}`,
    DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vidyalaya-e2e-data-')),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every browser test comes from 127.0.0.1: scale the per-address limits so a whole suite of
    // sign-ups fits (per-account limits are unchanged). The limits themselves are proven by the
    // back end's integration tests.
    RATE_LIMIT_SCALE: process.env.E2E_RATE_LIMIT_SCALE ?? '50',
  },
});
const stop = () => app.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', async (code) => {
  smtp.close();
  razorpay?.close();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  process.exit(code ?? 0);
});
