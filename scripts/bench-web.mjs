#!/usr/bin/env node
// `npm run bench:web`: how much JavaScript and CSS the web app's first pages load. Starts the built
// app the way `npm start` does (rebuilding the web app first if its sources are newer), opens /, and
// for the record /login and /dashboard, in Chromium with an empty cache, collects every same-origin
// JS and CSS response, gzips each at level 9 and sums them. Prints a table, rewrites the "Web bundle"
// section of docs/performance.md, and exits 1 when / loads more than the budget (170 KB gzip).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3335);
const BUDGET_BYTES = 170_000; // 170 KB (1 KB = 1000 bytes, as Vite reports sizes)
const PAGES = ['/', '/login', '/dashboard'];
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p) => p && existsSync(p),
);

const kb = (bytes) => (bytes / 1000).toFixed(1);

async function waitForHealth(url, server, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${url} in time`);
}

/** Every same-origin JS and CSS file one page load fetches, with raw and gzip-9 sizes. */
async function measure(browser, origin, path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin) return;
    const type = res.headers()['content-type'] ?? '';
    const kind = /javascript/.test(type) || url.pathname.endsWith('.js') ? 'js' : /text\/css/.test(type) || url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind || res.status() !== 200) return;
    pending.push(
      res.body().then(
        (body) => ({ file: url.pathname, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  // Lazy route modules resolve after the first paint: give them a moment more, then settle.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  const finalPath = new URL(page.url()).pathname;
  const files = new Map();
  for (const f of await Promise.all(pending)) if (f) files.set(f.file, f);
  await context.close();
  const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
  const sum = (kind, key) => list.filter((f) => !kind || f.kind === kind).reduce((n, f) => n + f[key], 0);
  return {
    path,
    finalPath,
    files: list,
    jsGzip: sum('js', 'gzip'),
    cssGzip: sum('css', 'gzip'),
    totalGzip: sum(null, 'gzip'),
    totalRaw: sum(null, 'raw'),
  };
}

function markdownSection(results, when) {
  const home = results[0];
  const lines = [
    '## Web bundle',
    '',
    `Measured by \`npm run bench:web\` (scripts/bench-web.mjs) on ${when}, on a machine with ${cpus().length} CPU core(s) and Node ${process.version}:`,
    'the built app served by `npm start`, each page opened in Chromium with an empty cache, every same-origin',
    'JavaScript and CSS response gzipped at level 9 (1 KB = 1000 bytes). Budget for `/`: 170 KB of JS and CSS together.',
    '',
    '| Page | Ends at | JS (gzip) | CSS (gzip) | Total (gzip) | Total (raw) | Files |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| \`${r.path}\` | \`${r.finalPath}\` | ${kb(r.jsGzip)} KB | ${kb(r.cssGzip)} KB | **${kb(r.totalGzip)} KB** | ${kb(r.totalRaw)} KB | ${r.files.length} |`,
    ),
    '',
    `\`/\` is ${home.totalGzip <= BUDGET_BYTES ? 'within' : 'OVER'} the budget (${kb(home.totalGzip)} of 170 KB). The largest files it loads:`,
    '',
    '| File | Kind | gzip | raw |',
    '|---|---|---:|---:|',
    ...home.files.slice(0, 12).map((f) => `| \`${f.file.replace(/-[\w-]{8}\.(js|css)$/, '.$1')}\` | ${f.kind} | ${kb(f.gzip)} KB | ${kb(f.raw)} KB |`),
    '',
    'How `/` stays small:',
    '- every page and the route guards are lazy routes, so the home page loads no account, dashboard or setup code;',
    '- at start the app loads only the Blueprint rules the public shell uses (`web/src/components/layout/blueprint-public.css`,',
    '  generated by `node scripts/blueprint-subset.mjs`, light theme only); every other route loads the whole of',
    "  Blueprint's stylesheet with its code, in the same `blueprint` cascade layer, so the order never matters;",
    '- `shared` is marked side-effect free and what start-up code uses from it is free of zod, so no schema code',
    '  loads until a form needs it;',
    "- Blueprint's HotkeysProvider (and with it a dialog and its icons) is left out, the shell uses Blueprint's CSS",
    '  classes on plain elements instead of its icon-bearing Button, and the public pages draw their few icons as',
    '  inline SVGs; the toaster and its overlay code load only when a toast is shown.',
    '',
  ];
  return lines.join('\n');
}

function writeReport(section) {
  const file = join(root, 'docs', 'performance.md');
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n\n';
  const start = doc.indexOf('## Web bundle');
  if (start >= 0) {
    const next = doc.indexOf('\n## ', start + 1);
    doc = doc.slice(0, start) + section + (next >= 0 ? doc.slice(next + 1) : '');
  } else {
    doc = doc.replace(/\s*$/, '\n\n') + section;
  }
  writeFileSync(file, doc);
}

async function main() {
  if (!chromePath) throw new Error('No Chromium found: set CHROME_PATH (Debian/Ubuntu: apt-get install chromium).');
  const dataDir = mkdtempSync(join(tmpdir(), 'vidyalaya-bench-web-'));
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: { ...process.env, PORT: String(PORT), APP_DOMAIN: `localhost:${PORT}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  let browser;
  try {
    const origin = `http://localhost:${PORT}`;
    await waitForHealth(`${origin}/api/v1/health`, server);
    browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
    const results = [];
    for (const path of PAGES) results.push(await measure(browser, origin, path));

    console.log('\nJS + CSS loaded per page (gzip level 9; 1 KB = 1000 bytes)\n');
    console.log(['page'.padEnd(12), 'ends at'.padEnd(12), 'JS'.padStart(10), 'CSS'.padStart(10), 'total'.padStart(10), 'files'.padStart(6)].join(' '));
    for (const r of results) {
      console.log(
        [r.path.padEnd(12), r.finalPath.padEnd(12), `${kb(r.jsGzip)} KB`.padStart(10), `${kb(r.cssGzip)} KB`.padStart(10), `${kb(r.totalGzip)} KB`.padStart(10), String(r.files.length).padStart(6)].join(' '),
      );
    }
    const home = results[0];
    console.log('\nFiles loaded by /:');
    for (const f of home.files) console.log(`  ${`${kb(f.gzip)} KB`.padStart(9)}  ${f.kind.padEnd(3)}  ${f.file}`);

    const when = new Date().toISOString().slice(0, 10);
    writeReport(markdownSection(results, when));
    console.log('\nUpdated docs/performance.md (Web bundle).');
    if (home.totalGzip > BUDGET_BYTES) {
      console.error(`\n/ loads ${kb(home.totalGzip)} KB of JS and CSS (gzip): over the 170 KB budget.`);
      process.exitCode = 1;
    } else {
      console.log(`\n/ loads ${kb(home.totalGzip)} KB of JS and CSS (gzip): within the 170 KB budget.`);
    }
  } finally {
    await browser?.close();
    stop();
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
