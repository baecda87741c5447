#!/usr/bin/env node
// The last step of `npm run build -w @vidyalaya/web`: renders the public pages (marketing, legal, sign-in)
// to HTML with the server entry (src/prerender.tsx, built to dist-ssr/ by `vite build --ssr`) and
// writes each into a copy of dist/index.html under dist/prerendered/, with the stylesheets of its
// route in the head (so nothing shifts when the scripts arrive) and its scripts loaded once it has painted. The server
// sends these documents at their paths (backend/src/common/web-app.service.ts, routes.json); every
// other path gets the empty shell. The browser hydrates the page (src/app/bootstrap.tsx).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production build, as in the browser (the server entry is loaded only below).
process.env.NODE_ENV = 'production';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const out = join(dist, 'prerendered');

const FULL = 'src/components/blueprint/blueprint-full.ts';
const FORMS = 'src/components/blueprint/blueprint-forms.ts';
const GUARDS = 'src/lib/auth/guest-only.tsx';

/**
 * path → the route modules it renders besides the public layout, as named in Vite's manifest, with
 * the Blueprint stylesheet module its routes load (src/app/routes.tsx): none for the home page, the
 * form rules for the sign-in pages, the whole stylesheet for the rest. /verify-otp is left out: it
 * needs the state the registration hands it, and redirects without.
 */
const PAGES = {
  '/': ['src/features/public/pages/home-page.tsx'],
  '/features': ['src/features/public/pages/features-page.tsx', FULL],
  '/how-it-works': ['src/features/public/pages/how-it-works-page.tsx', FULL],
  '/pricing': ['src/features/public/pages/pricing-page.tsx', FULL],
  '/about': ['src/features/public/pages/about-page.tsx', FULL],
  '/contact': ['src/features/public/pages/contact-page.tsx', FULL],
  '/terms': ['src/features/public/pages/terms-page.tsx', FULL],
  '/privacy': ['src/features/public/pages/privacy-page.tsx', FULL],
  '/refund': ['src/features/public/pages/refund-page.tsx', FULL],
  '/login': [GUARDS, 'src/features/auth/pages/login-page.tsx', FORMS],
  '/register': [GUARDS, 'src/features/auth/pages/register-page.tsx', FORMS],
  '/forgot-password': ['src/features/auth/pages/forgot-password-page.tsx', FORMS],
};
const LAYOUT = 'src/components/layout/public-layout.tsx';

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** The CSS and JS files a module loads with it (its static imports, recursively). */
function filesOf(key, seen = new Set(), acc = { css: new Set(), js: new Set() }) {
  if (seen.has(key) || !manifest[key]) return acc;
  seen.add(key);
  const chunk = manifest[key];
  // A module that only imports a stylesheet (src/components/blueprint/blueprint-forms.ts) is that stylesheet.
  if (chunk.file.endsWith('.css')) acc.css.add(`/${chunk.file}`);
  else acc.js.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) acc.css.add(`/${css}`);
  for (const imp of chunk.imports ?? []) filesOf(imp, seen, acc);
  return acc;
}

/**
 * A source module's key in the manifest. A module that is both loaded lazily and imported by another
 * lazily loaded module (src/lib/auth/guest-only.tsx) can end up in a shared chunk, listed by its
 * chunk's name (`_guest-only-<hash>.js`) instead of its path.
 */
function manifestKey(src) {
  if (manifest[src]) return src;
  const name = src.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find((k) => k.startsWith(`_${name}-`) && k.endsWith('.js')) ?? null;
}

/** Stylesheets up to this size go inside the page: it paints without waiting for another request. */
const INLINE_CSS_MAX = 100_000;

/**
 * A stylesheet for the page's head: inlined when small (the critical CSS: the page then paints from
 * its HTML alone), followed by a disabled link to the same file, so that the app's loader, which
 * adds a route's stylesheet unless a link to it is already there, does not add it again; a large one
 * (Blueprint's whole stylesheet) stays an ordinary render-blocking link. The link is `disabled`, not
 * `media="not all"`: a browser still downloads a stylesheet whose media does not match (at the lowest
 * priority, 7 KB on a workspace page, inside the time to its largest paint), never a disabled one.
 */
function stylesheet(href) {
  const css = readFileSync(join(dist, href), 'utf8');
  if (css.length > INLINE_CSS_MAX) return `<link rel="stylesheet" crossorigin href="${href}">`;
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
}

/**
 * A form submitted before the script has taken over would go out the browser's way: a GET with every
 * field, the password too, in the address. Pre-rendered forms are marked POST, so such a submission
 * carries nothing in the address; the server answers it with a redirect back to the page
 * (backend/src/common/web-app.service.ts). They are also `inert` until the app owns the page
 * (src/app/bootstrap.tsx lifts it): hydration would reset what was typed before it, so the form is
 * shown at once but takes input only from then on.
 */
const safeForms = (html) => html.replace(/<form(?![^>]*\smethod=)/g, '<form method="post" inert="" data-until-ready=""');

/**
 * A pre-rendered page is readable from its HTML alone, so its scripts wait until it has painted: the
 * module scripts and their preloads are not in the document but are added by this small classic
 * script (deferred) once the browser reports the page's first contentful paint and, on a page with a
 * hero picture (`elementtiming="hero"`), that picture's paint. On a slow phone the first paint no
 * longer shares the network with about 100 KB of script it does not need (Lighthouse counts every
 * request started before a paint against it); the app then hydrates the page as before.
 * The paint is the one the browser reports (PerformanceObserver), not the next animation frame: a
 * frame's callbacks run before the frame reaches the screen, and on a busy machine the paint came up
 * to 100 ms later, after the scripts had been asked for. Where the browser reports no paints (or no
 * element timing), the first frame stands in; a hidden tab draws nothing and loads at once; and
 * after 3 s the scripts load whatever happened. `data-boot` on the root element says which it was
 * (paint, hero, timer, hidden or error: e2e/tests/public/prerender.spec.ts). A file of its own, since the Content-Security-Policy
 * allows no inline script; named by its hash, so it is cached like the other assets.
 */
const BOOT = `(function(){
var d=document,s=d.currentScript,n=0,P=window.PerformanceObserver,T=(P&&P.supportedEntryTypes)||[];
var p=(s.getAttribute('data-preload')||'').split(' ').filter(Boolean);
function go(why){if(n++)return;d.documentElement.setAttribute('data-boot',why);p.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});
var m=d.createElement('script');m.type='module';m.crossOrigin='';m.src=s.getAttribute('data-entry');d.head.appendChild(m)}
function frame(f){requestAnimationFrame(function(){setTimeout(f,0)})}
function seen(type,test,f){if(T.indexOf(type)<0)return frame(f);var o=new P(function(l){if(l.getEntries().some(test)){o.disconnect();setTimeout(f,0)}});o.observe({type:type,buffered:true})}
if(d.visibilityState==='hidden')return go('hidden');
setTimeout(go,3000,'timer');
var h=d.querySelector('img[elementtiming=hero]');
if(h)h.addEventListener('error',function(){go('error')});
seen('paint',function(e){return e.name==='first-contentful-paint'},function(){
if(!h)return go('paint');
seen('element',function(e){return e.identifier==='hero'},function(){go('hero')})})
})();
`;
const bootFile = `/assets/boot-${createHash('sha256').update(BOOT).digest('hex').slice(0, 8)}.js`;
writeFileSync(join(dist, bootFile), BOOT);

/** The document's module scripts and preloads, moved into the boot script's data attributes. */
function afterFirstPaint(html) {
  const preload = [];
  let entry = null;
  const rest = html
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_m, href) => (preload.push(href), ''))
    .replace(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g, (_m, src) => ((entry = src), ''));
  if (!entry) throw new Error('dist/index.html has no module script to load after the first paint');
  return rest.replace('</head>', `  <script defer src="${bootFile}" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>\n  </head>`);
}

/** What every page already loads: the entry's scripts and stylesheet. */
const inShell = filesOf(entryKey);

/** The head's additions for pages made of these source modules: their stylesheets and scripts not already in the shell. */
function headFor(modules) {
  const files = { css: new Set(), js: new Set() };
  for (const name of modules) {
    const key = manifestKey(name);
    if (!key) throw new Error(`${name} is not in the build manifest`);
    const f = filesOf(key);
    f.css.forEach((c) => files.css.add(c));
    f.js.forEach((j) => files.js.add(j));
  }
  return [
    ...[...files.css].filter((c) => !inShell.css.has(c)).map(stylesheet),
    ...[...files.js].filter((j) => !inShell.js.has(j)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
}

const { render } = await import(pathToFileURL(join(web, 'dist-ssr', 'prerender.js')).href);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const routes = {};
for (const [path, modules] of Object.entries(PAGES)) {
  const result = await render(path);
  if (!('html' in result)) throw new Error(`${path} redirected to ${result.redirect} while pre-rendering`);
  const head = headFor([LAYOUT, ...modules]);
  const html = shell
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href) => stylesheet(href))
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="">${safeForms(result.html)}</div>`);
  if (html === shell || !html.includes('data-prerendered')) throw new Error('dist/index.html has no <div id="root"></div> to fill');
  const file = `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.html`;
  writeFileSync(join(out, file), afterFirstPaint(html));
  routes[path] = file;
}

/**
 * The workspace's document (`/workspace/*`, every host): the stylesheets and scripts every workspace
 * page loads (the workspace's root, sign-in guard and shell) in its head, so they load with the app's
 * own script instead of after its router has matched the path (docs/performance.md, round six), and,
 * since issue 37, a first paint that needs no script at all:
 * - the shell's skeleton in the root element (src/components/layout/workspace-skeleton.tsx, rendered
 *   by the server entry), the same markup React draws until the school's answer is there;
 * - the stylesheets that skeleton and the shell need inlined (the entry's and the workspace's own);
 *   Blueprint's whole stylesheet (329 KB raw) only preloaded: the routes add it themselves and wait
 *   for it before they draw (src/app/routes.tsx), so it no longer holds the first paint;
 * - the first API calls sent while the scripts download (PREFETCH below, src/lib/api/prefetched.ts).
 */
const WORKSPACE = [
  'src/app/workspace-slots.tsx',
  // The features' slots, which the workspace's layout route loads before it draws any page
  // (src/app/workspace-slots.tsx): in the document, their scripts come with the shell's instead of
  // being added one link at a time by the running app.
  ...readdirSync(join(web, 'src', 'features'))
    .filter((f) => existsSync(join(web, 'src', 'features', f, 'slots.tsx')))
    .map((f) => `src/features/${f}/slots.tsx`),
  FULL,
  'src/features/workspace/components/workspace-root.tsx',
  'src/features/workspace/components/require-sign-in.tsx',
  'src/features/workspace/components/school-shell.tsx',
];

/**
 * The workspace's first API calls, sent by the document while the app's scripts download instead of
 * after them (issue 37). Inline in the document's head, so it runs as the head is read, before the
 * browser asks for the app's sixty-odd scripts: a separate file waited behind them (at 350 ms on a
 * repeat visit, served by the service worker), and the answers are what a repeat visit's largest
 * paint waits for. The Content-Security-Policy allows no other inline script: the server adds this
 * one's hash to it (backend/src/common/web-app.service.ts). With a stored session it asks for
 * what the app asks for first — the user (`/auth/me`), the preferences, the schools, the school's
 * home — and the page's own first query, chosen by the address: the home's timetable, the register's
 * first page (with no filters in the address), a section's attendance for a day, a guardian's
 * children (and the child the page last showed on this device, its attendance and its section's
 * timetable: STORAGE_KEYS.child, written by the page). They go as one request (POST /batch,
 * backend/src/modules/workspace/batch.service.ts): on a repeat visit the document comes from the
 * service worker and no connection is open yet, and six answers asked for one by one came back one
 * after another on the new one (docs/performance.md, session 23). Each address's answer waits in `window.__vdPrefetch` for the base query, which takes
 * each once, with the same token, within 15 s (src/lib/api/prefetched.ts); one the batch did not
 * answer resolves to nothing, and the app asks for it itself. The addresses here must be the ones
 * the app builds (e2e/tests/workspace/first-paint.spec.ts checks each is asked for once).
 * It also labels the skeleton in Hindi when that is the language this device chose.
 */
const PREFETCH = `(function(){try{
var L=localStorage,d=document,t=L.getItem('vidyalaya_access_token');
function hi(){var k=d.querySelector('[data-skeleton]');if(k)k.setAttribute('aria-label','\\u0932\\u094b\\u0921 \\u0939\\u094b \\u0930\\u0939\\u093e \\u0939\\u0948')}
if(L.getItem('vidyalaya_language')==='hi'){if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',hi);else hi()}
if(!t||!L.getItem('vidyalaya_refresh_token')||!window.fetch)return;
var A='/api/v1',p=location.pathname.replace(/\\/+$/,'').split('/'),q=location.search,u=[A+'/auth/me',A+'/me/preferences'],id=p[2];
if(p[1]==='workspace'&&/^[0-9a-f-]{36}$/i.test(id||'')){var S=A+'/schools/'+id,r=p.slice(3).join('/');u.push(A+'/me/schools',S+'/home');
if(r==='')u.push(S+'/my-timetable');
else if(r==='students'&&!q)u.push(S+'/students/sections',S+'/students?status=active&sort=name&order=asc&page=1&pageSize=100');
else if(p[3]==='attendance'&&p[4]==='mark'&&p[6]&&!p[7])u.push(S+'/sections/'+p[5]+'/attendance/'+p[6]);
else if(r==='my-children'){u.push(S+'/students?status=all&pageSize=50');var c=(L.getItem('vidyalaya_child')||'').split(' '),U=/^[0-9a-f-]{36}$/i;
if(c[0]===id&&U.test(c[1]||'')){u.push(S+'/students/'+c[1],S+'/students/'+c[1]+'/attendance');if(U.test(c[2]||''))u.push(S+'/sections/'+c[2]+'/timetable')}}}
var m={},B=fetch(A+'/batch',{method:'POST',headers:{accept:'application/json','content-type':'application/json',authorization:'Bearer '+t},body:JSON.stringify({paths:u})}).then(function(r){return r.ok?r.json():null});
u.forEach(function(x,i){m[x]=B.then(function(b){var a=b&&b.data&&b.data.answers[i];if(a&&a.path===x&&a.body)return new Response(JSON.stringify(a.body),{status:a.status,headers:{'content-type':'application/json'}})}).catch(function(){})});
window.__vdPrefetch={token:t,at:performance.now(),answers:m}}catch(e){}})();
`;
{
  const { renderWorkspaceSkeleton } = await import(pathToFileURL(join(web, 'dist-ssr', 'prerender.js')).href);
  const head = headFor(WORKSPACE).replace(
    /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
    (_m, href) => `<link rel="preload" as="style" crossorigin href="${href}">`,
  );
  const html = shell
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href) => stylesheet(href))
    .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script>${PREFETCH.trim()}</script>`)
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${renderWorkspaceSkeleton()}</div>`);
  if (!html.includes('window.__vdPrefetch') || !html.includes('data-skeleton')) throw new Error('dist/index.html has no <meta charset="UTF-8" /> or no <div id="root"></div>');
  writeFileSync(join(out, 'workspace.html'), html);
  routes['/workspace/*'] = 'workspace.html';
}

writeFileSync(join(out, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
console.log(`pre-rendered ${Object.keys(routes).length - 1} pages and the workspace's document into dist/prerendered/`);
