#!/usr/bin/env node
// Lighthouse scores (issue 8), part of `npm run bench`: performance and accessibility of /, /login
// and /register, served by the built app exactly as `npm start` serves it, audited by the
// Lighthouse CLI (npm package `lighthouse`, 12.x: the last line that runs on Node 20) in the system
// Chromium, once with Lighthouse's default mobile settings (simulated slow 4G and a 4× slower CPU)
// and once with its desktop preset. Prints the scores and rewrites the "Lighthouse" block of
// docs/performance.md.
//
// Options (environment): CHROME_PATH (default /usr/bin/chromium), BENCH_LIGHTHOUSE_PORT=3352,
// BENCH_LIGHTHOUSE_PRESETS=mobile,desktop, BENCH_NO_REPORT=1 (print only).
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { machine, machineLine, root, writeBlock } from './report.mjs';

const require = createRequire(import.meta.url);
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3352);
const PAGES = ['/', '/login', '/register'];
const PRESETS = (process.env.BENCH_LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').map((s) => s.trim()).filter(Boolean);
// The same flags as the browser tests (e2e/browser.ts), plus headless.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => p && existsSync(p));
const log = (...a) => console.log('[bench:lighthouse]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startServer(dataDir) {
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(PORT), APP_DOMAIN: `localhost:${PORT}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: randomBytes(48).toString('base64url') };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const server = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const until = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`http://localhost:${PORT}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('the server did not become healthy in time');
    await sleep(300);
  }
  return async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000).then(() => server.kill('SIGKILL'))]);
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function audit(url, preset, outDir) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, preset, outDir);
    } catch (e) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|Runtime error|PROTOCOL_TIMEOUT/.test(String(e))) throw e;
      log(`${preset} ${url}: ${String(e).split('\n').find((l) => /Runtime error|NO_[A-Z]+|PROTOCOL_TIMEOUT/.test(l)) ?? 'failed'}; running it again`);
    }
  }
}

async function auditOnce(url, preset, outDir) {
  const cli = require.resolve('lighthouse/cli/index.js');
  const out = join(outDir, `${preset}-${url.replace(/\W+/g, '_')}.json`);
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  await promisify(execFile)(process.execPath, args, { cwd: root, env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 });
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id) => lhr.audits[id]?.numericValue;
  const failedA11y = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
    .map((a) => a.id);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failedA11y,
    version: lhr.lighthouseVersion,
    browser: lhr.environment?.hostUserAgent?.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? '',
  };
}

const ms = (v) => (v === undefined ? '–' : `${(v / 1000).toFixed(1)} s`);

function markdown(m, rows, version, browser) {
  const lines = [
    machineLine(m),
    '',
    `Measured by \`npm run bench\` (bench/lighthouse.mjs) with Lighthouse ${version} in ${browser || 'Chromium'} (headless, \`${chromePath}\`):`,
    'the built app served by the built server (`backend/dist/main.js`, as `npm start` runs it), a fresh browser profile for',
    'each page. "Mobile" is Lighthouse’s default (simulated slow 4G, 4× CPU slowdown, phone screen); "desktop" its desktop',
    'preset. Scores are out of 100; the times are Lighthouse’s (simulated for the throttled runs).',
    '',
    '| Page | Settings | Performance | Accessibility | First contentful paint | Largest contentful paint | Total blocking time | Layout shift |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) => `| \`${r.page}\` | ${r.preset} | **${r.performance}** | **${r.accessibility}** | ${ms(r.fcp)} | ${ms(r.lcp)} | ${r.tbt === undefined ? '–' : `${Math.round(r.tbt)} ms`} | ${r.cls === undefined ? '–' : r.cls.toFixed(3)} |`,
    ),
    '',
  ];
  const failing = [...new Set(rows.flatMap((r) => r.failedA11y.map((id) => `\`${id}\` (${r.page})`)))];
  lines.push(failing.length ? `Accessibility audits not passed: ${failing.join(', ')}.` : 'Every weighted accessibility audit passed on every page.');
  return lines.join('\n');
}

async function main() {
  if (!chromePath) throw new Error('No Chromium found: set CHROME_PATH (Debian/Ubuntu: apt-get install -y chromium).');
  if (!existsSync(join(root, 'web', 'dist', 'index.html'))) throw new Error('web/dist is missing: run `npm run build` (npm run bench does it first).');
  const m = machine();
  log(machineLine(m));
  const dataDir = mkdtempSync(join(tmpdir(), 'vidyalaya-bench-lighthouse-'));
  const stop = await startServer(dataDir);
  const rows = [];
  let version = '';
  let browser = '';
  try {
    for (const preset of PRESETS) {
      for (const page of PAGES) {
        const r = await audit(`http://localhost:${PORT}${page}`, preset, dataDir);
        version = r.version;
        browser = r.browser;
        rows.push({ page, preset, ...r });
        log(`${preset} ${page}: performance ${r.performance}, accessibility ${r.accessibility} (FCP ${ms(r.fcp)}, LCP ${ms(r.lcp)}, TBT ${Math.round(r.tbt ?? 0)} ms)`);
      }
    }
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const md = markdown(m, rows, version, browser);
  console.log(`\n${md}\n`);
  if (!process.env.BENCH_NO_REPORT) {
    writeBlock('lighthouse', 'Lighthouse', md);
    log('updated docs/performance.md (Lighthouse)');
  }
}

main().catch((e) => {
  console.error(`[bench:lighthouse] failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
