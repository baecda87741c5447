#!/usr/bin/env node
// `npm run bench:web`: how much JavaScript and CSS each page of the web app loads, against a budget
// per page. Starts the built app the way `npm start` does (rebuilding the web app first if its sources
// are newer) with the demo school seeded, opens every page of PAGES in Chromium with an empty cache
// (signed in as the demo administrator where a page needs it), collects every same-origin JS and CSS
// response, compresses each with brotli at quality 11 (what the server sends: the build writes .br
// copies) and sums them. Prints a table, rewrites the "Web bundle" section of docs/performance.md, and
// exits 1 when any page loads more than its budget.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../bench/support.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3335);
const KB = 1000; // 1 KB = 1000 bytes, as Vite reports sizes

/**
 * Every page measured, with its budget: brotli bytes of all the JS and CSS it loads. Add a page here
 * (with `signedIn: true` when it needs the demo administrator's session) to put it under a budget.
 */
const PAGES = [
  { path: '/', budget: 100 * KB, what: 'home (pre-rendered)' },
  { path: '/login', budget: 120 * KB, what: 'sign-in' },
  { path: '/register', budget: 120 * KB, what: 'sign-in' },
  { path: '/verify-otp', budget: 120 * KB, what: 'sign-in' },
  { path: '/forgot-password', budget: 120 * KB, what: 'sign-in' },
  { path: '/dashboard', budget: 250 * KB, what: 'school dashboard', signedIn: true },
  // `{school}` is the demo school's id.
  { path: '/workspace/{school}', budget: 250 * KB, what: 'workspace home', signedIn: true },
  { path: '/workspace/{school}/students', budget: 250 * KB, what: 'student register', signedIn: true },
];
/**
 * Issue 37 item 4: the workspace's first paint — its document (HTML with the skeleton and the inlined
 * stylesheets, web/scripts/prerender.mjs) plus any stylesheet it links that holds the paint — in
 * brotli bytes, as the server sends it. Measured on the workspace home.
 */
const FIRST_PAINT = { path: '/workspace/{school}', budget: 12 * KB, what: "workspace document's first paint: HTML + CSS" };
const DEMO_ADMIN = { username: 'demo_admin', password: 'DemoAdmin#2025' };
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

const brotli = (body) =>
  brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }).length;

/** Signs the demo administrator in over the API: the tokens the web app keeps in local storage. */
async function demoTokens(origin) {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`demo sign-in answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data.tokens ?? { accessToken: body.data.accessToken, refreshToken: body.data.refreshToken };
}

/** Every same-origin JS and CSS file one page load fetches, with raw, gzip-9 and brotli-11 sizes. */
async function measure(browser, origin, { path: pagePath, budget, what, signedIn }) {
  let path = pagePath;
  const context = await browser.newContext();
  if (signedIn) {
    const tokens = await demoTokens(origin);
    await context.addInitScript((t) => {
      localStorage.setItem('vidyalaya_access_token', t.accessToken);
      localStorage.setItem('vidyalaya_refresh_token', t.refreshToken);
    }, tokens);
  }
  const page = await context.newPage();
  if (path.includes('{school}')) {
    const tokens = await demoTokens(origin);
    const res = await fetch(`${origin}/api/v1/auth/my-school`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    if (!res.ok) throw new Error(`the demo school: /auth/my-school answered ${res.status}`);
    path = path.replace('{school}', (await res.json()).data.school.id);
  }
  const pending = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin) return;
    const type = res.headers()['content-type'] ?? '';
    const kind = /javascript/.test(type) || url.pathname.endsWith('.js') ? 'js' : /text\/css/.test(type) || url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind || res.status() !== 200) return;
    pending.push(
      res.body().then(
        (body) => ({ file: url.pathname, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, br: brotli(body) }),
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
  const list = [...files.values()].sort((a, b) => b.br - a.br);
  const sum = (kind, key) => list.filter((f) => !kind || f.kind === kind).reduce((n, f) => n + f[key], 0);
  return {
    path: pagePath,
    what,
    budget,
    finalPath: finalPath.replace(/\/workspace\/[0-9a-f-]{36}/, '/workspace/{school}'),
    files: list,
    jsBr: sum('js', 'br'),
    cssBr: sum('css', 'br'),
    totalBr: sum(null, 'br'),
    totalGzip: sum(null, 'gzip'),
    totalRaw: sum(null, 'raw'),
  };
}

/**
 * The workspace document's first-paint bytes: the HTML as sent (brotli, with its inlined <style>s)
 * and every stylesheet its head links that blocks rendering (a disabled link, one whose media matches
 * nothing, and a preload do not), each brotli-compressed. Nothing here runs a script.
 */
async function measureFirstPaint(origin) {
  const tokens = await demoTokens(origin);
  const res = await fetch(`${origin}/api/v1/auth/my-school`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  if (!res.ok) throw new Error(`the demo school: /auth/my-school answered ${res.status}`);
  const url = origin + FIRST_PAINT.path.replace('{school}', (await res.json()).data.school.id);
  const html = Buffer.from(await (await fetch(url)).arrayBuffer());
  const text = html.toString('utf8');
  if (!text.includes('data-skeleton')) throw new Error(`${FIRST_PAINT.path} has no skeleton: is the build older than issue 37's?`);
  const inlineCss = [...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
  const blocking = [...text.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).filter((l) => /rel="stylesheet"/.test(l) && !/\sdisabled[\s>]|media="not all"/.test(l)).map((l) => /href="([^"]+)"/.exec(l)[1]);
  const css = await Promise.all(blocking.map(async (href) => ({ file: href, body: Buffer.from(await (await fetch(origin + href)).arrayBuffer()) })));
  const cssBr = css.reduce((n, f) => n + brotli(f.body), 0);
  return {
    ...FIRST_PAINT,
    htmlRaw: html.length,
    inlineCssRaw: inlineCss,
    htmlBr: brotli(html),
    blockingCss: css.map((f) => f.file),
    cssBr,
    totalBr: brotli(html) + cssBr,
  };
}

function markdownSection(results, when, firstPaint) {
  const verdict = (r) => (r.totalBr <= r.budget ? 'within' : '**OVER**');
  const short = (file) => file.replace(/-[\w-]{8}\.(js|css)$/, '.$1');
  const lines = [
    '## Web bundle',
    '',
    `Measured by \`npm run bench:web\` (scripts/bench-web.mjs) on ${when}, on a machine with ${cpus().length} CPU core(s) and Node ${process.version}:`,
    'the built app served by `npm start` with the demo school seeded, each page opened in Chromium with an empty cache',
    '(the workspace signed in as the demo administrator), every same-origin JavaScript and CSS response compressed with',
    'brotli at quality 11, which is what the server sends (the build writes `.br` copies; 1 KB = 1000 bytes). The test',
    'fails when a page loads more than its budget; the budgets are the `PAGES` list at the top of the script.',
    '',
    '| Page | What | Ends at | JS (brotli) | CSS (brotli) | Total (brotli) | Budget | | Total (gzip) | Total (raw) | Files |',
    '|---|---|---|---:|---:|---:|---:|---|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| \`${r.path}\` | ${r.what} | \`${r.finalPath}\` | ${kb(r.jsBr)} KB | ${kb(r.cssBr)} KB | **${kb(r.totalBr)} KB** | ${kb(r.budget)} KB | ${verdict(r)} | ${kb(r.totalGzip)} KB | ${kb(r.totalRaw)} KB | ${r.files.length} |`,
    ),
    '',
    `The workspace's first paint (issue 37): the document \`${firstPaint.path}\` sends before any script runs — its HTML with the`,
    `shell's skeleton and the inlined stylesheets (${kb(firstPaint.inlineCssRaw)} KB of CSS raw), and ${firstPaint.blockingCss.length ? `the stylesheets it links that block the paint (${firstPaint.blockingCss.map((f) => `\`${short(f)}\``).join(', ')})` : 'no stylesheet that blocks the paint (Blueprint\'s is preloaded)'}:`,
    '',
    '| Document | HTML (brotli) | Blocking CSS (brotli) | Total (brotli) | Budget | | HTML (raw) |',
    '|---|---:|---:|---:|---:|---|---:|',
    `| \`${firstPaint.path}\` | ${kb(firstPaint.htmlBr)} KB | ${kb(firstPaint.cssBr)} KB | **${kb(firstPaint.totalBr)} KB** | ${kb(firstPaint.budget)} KB | ${verdict(firstPaint)} | ${kb(firstPaint.htmlRaw)} KB |`,
    '',
  ];
  for (const r of results.filter((x, i) => i === 0 || x.path === '/login' || x.signedIn || x.totalBr > x.budget)) {
    lines.push(`The largest files \`${r.path}\` loads:`, '', '| File | Kind | brotli | raw |', '|---|---|---:|---:|');
    for (const f of r.files.slice(0, 10)) lines.push(`| \`${short(f.file)}\` | ${f.kind} | ${kb(f.br)} KB | ${kb(f.raw)} KB |`);
    lines.push('');
  }
  lines.push(
    'How the pages stay small:',
    '- every page and the route guards are lazy routes, rendered by React Router\'s declarative router (`<BrowserRouter>` +',
    '  `useRoutes`, web/src/app/lazy-routes.tsx: 12 KB brotli against the data router\'s 27); React, React Router, Redux and',
    '  RTK Query are vendor chunks of their own (`vendor-react`, `vendor-router`, `vendor-redux`, `vendor-rtk-query`), cached',
    '  across routes and deploys;',
    '- the store the app starts with is its own few lines in Redux\'s contract (web/src/lib/store/small-store.ts: slices,',
    '  thunks, middleware), so the start loads react-redux only (`vendor-redux`, 1.5 KB brotli against 11.5 with Redux',
    '  Toolkit and immer); RTK Query, with Redux Toolkit and immer (`vendor-rtk-query`), joins the store with the first',
    '  route that calls the API (web/src/lib/store/lazy-apis.ts): a signed-out visitor\'s home page never loads it, nor the',
    '  base query (the sign-out hook it calls is web/src/lib/api/session-ended.ts);',
    '- at start the app loads only the Blueprint rules the public shell uses (`web/src/components/layout/blueprint-public.css`,',
    '  generated by `node scripts/blueprint-subset.mjs`, light theme only); the sign-in pages add only the form rules',
    '  (`blueprint-forms.css`), the toaster its own (`web/src/lib/toaster.css`, with the button group of a toast\'s',
    '  buttons); every other route loads Blueprint\'s stylesheet with its code, in the same `blueprint` cascade layer, so',
    '  the order never matters, less the dark theme\'s rules and those of the components the app never draws (slider, tag',
    '  input, tree, tooltip and more: web/vite-plugins/drop-unused-blueprint.ts, 24.1 → 16.8 KB brotli);',
    '- the home page loads only its own styles (`web/src/features/public/public.css`); the inner public pages add',
    '  `public-pages.css`, and the signed-in header\'s rules are `web/src/components/layout/app-shell.css`;',
    '- the public shell, the home page and the start-up screen draw Blueprint\'s navbar, buttons, cards and spinner as',
    '  plain markup with its classes (web/src/components/blueprint/bp.ts), so the first page loads none of Blueprint\'s code;',
    '- Blueprint icons load one by one (`web/src/components/blueprint/icon-loader.ts`) instead of the paths of every icon',
    '  of a size at once (about 80 KB brotli);',
    '- `shared` is marked side-effect free and what start-up code uses from it is free of zod, so no schema code',
    '  loads until a form needs it; the account menu\'s change-password dialog (a form, zod) loads when it is opened;',
    '- the sign-in pages draw Blueprint\'s inputs, buttons, card, callout and checkbox as plain markup with its classes',
    '  (web/src/components/blueprint/plain-controls.tsx, web/src/features/auth/components/fields.tsx), send the account',
    '  calls through the base query without RTK Query (web/src/features/auth/api/auth-api.ts), and load the shared',
    '  schemas (zod) with the first input (web/src/lib/forms/lazy-validate.ts);',
    "- Blueprint's HotkeysProvider (and with it a dialog and its icons) is left out, and the toaster and its overlay",
    '  code load only when a toast is shown.',
    '',
  );
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
  const env = { ...process.env, PORT: String(PORT), APP_DOMAIN: `localhost:${PORT}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (PAGES.some((p) => p.signedIn)) {
    // The demo school and its administrator, for the signed-in pages (same data directory).
    const seeded = spawnSync(process.execPath, [join(root, 'scripts', 'tool.mjs'), 'seed-demo'], { cwd: root, stdio: 'inherit', env });
    if (seeded.status !== 0) throw new Error('npm run seed:demo failed');
  }
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env,
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
    for (const page of PAGES) results.push({ ...(await measure(browser, origin, page)), signedIn: !!page.signedIn });
    const firstPaint = await measureFirstPaint(origin);

    console.log('\nJS + CSS loaded per page (brotli quality 11; 1 KB = 1000 bytes)\n');
    console.log(['page'.padEnd(17), 'ends at'.padEnd(17), 'JS'.padStart(10), 'CSS'.padStart(10), 'total'.padStart(10), 'budget'.padStart(10), 'files'.padStart(6)].join(' '));
    for (const r of results) {
      console.log(
        [
          r.path.padEnd(17),
          r.finalPath.padEnd(17),
          `${kb(r.jsBr)} KB`.padStart(10),
          `${kb(r.cssBr)} KB`.padStart(10),
          `${kb(r.totalBr)} KB`.padStart(10),
          `${kb(r.budget)} KB`.padStart(10),
          String(r.files.length).padStart(6),
          r.totalBr > r.budget ? '  OVER' : '',
        ].join(' '),
      );
    }
    console.log(
      `\n${FIRST_PAINT.what} (${firstPaint.path}): HTML ${kb(firstPaint.htmlBr)} KB + blocking CSS ${kb(firstPaint.cssBr)} KB = ${kb(firstPaint.totalBr)} KB brotli (budget ${kb(firstPaint.budget)} KB)${firstPaint.totalBr > firstPaint.budget ? '  OVER' : ''}`,
    );
    for (const r of results) {
      console.log(`\nFiles loaded by ${r.path}:`);
      for (const f of r.files) console.log(`  ${`${kb(f.br)} KB`.padStart(9)}  ${f.kind.padEnd(3)}  ${f.file}`);
    }

    const when = new Date().toISOString().slice(0, 10);
    writeReport(markdownSection(results, when, firstPaint));
    console.log('\nUpdated docs/performance.md (Web bundle).');
    const over = results.filter((r) => r.totalBr > r.budget);
    for (const r of over) console.error(`${r.path} loads ${kb(r.totalBr)} KB of JS and CSS (brotli): over its ${kb(r.budget)} KB budget.`);
    if (firstPaint.totalBr > firstPaint.budget) {
      console.error(`${firstPaint.path}: the first paint's HTML + CSS is ${kb(firstPaint.totalBr)} KB (brotli): over its ${kb(firstPaint.budget)} KB budget.`);
      over.push(firstPaint);
    }
    if (over.length) process.exitCode = 1;
    else console.log(`\nEvery page is within its budget.`);
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
