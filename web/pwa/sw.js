/* The web app's service worker (issue 37), served as /sw.js. The build (vite-plugins/service-worker.ts)
 * puts this version's name and its shell files in place of the two markers below, so every build that
 * changes a file is a new worker, which the page offers as "a new version".
 *
 * - The shell (index.html, the entry script, its imports and stylesheets) is cached on install; the
 *   app's other files under /assets/ (hashed names, never changed) are cached the first time they load.
 * - The workspace's pages (/workspace/…) share one document: its shell's skeleton and the list of its
 *   scripts, with no data in it (web/scripts/prerender.mjs). It is kept, with every file it names,
 *   from the first workspace page this worker answers, and from then on answered from the cache at
 *   once, so a visit after the first draws without waiting for the network; each such visit fetches
 *   it again in the background, and a changed one is kept for the next visit once its files are.
 * - Any other page (a navigation) is answered from the network when it answers within 3 s, and from the
 *   cached shell otherwise or offline; the shell then draws the page from its cached scripts.
 * - The API (/api/) is never cached or answered from a cache: no stale data is ever shown as fresh.
 * - A new worker waits until the page asks it to take over (the "new version" prompt's Reload); the
 *   old version's caches are deleted when it does.
 */
const VERSION = '__VIDYALAYA_VERSION__';
const SHELL = __VIDYALAYA_SHELL__;
const CACHE = `vidyalaya-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 3000;
/** Where the workspace's document is kept: the server answers the same one for every address under it. */
const WORKSPACE = '/workspace';
const underWorkspace = (path) => path === WORKSPACE || path.startsWith(`${WORKSPACE}/`);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('vidyalaya-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

/**
 * Cached answers are looked up whatever their Vary says: the server varies every answer on Origin (CORS)
 * and on Accept-Encoding, while a file under /assets/ never changes and the cache keeps it decoded. A
 * module script's request carries an Origin header and a lookup by address does not, so without this
 * the shell cached at install never answered a module script, and a file kept for the workspace's
 * document was found or not depending on which request had stored it last.
 */
const ANY_VARY = { ignoreVary: true };

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, ANY_VARY);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function page(request) {
  const cache = await caches.open(CACHE);
  const network = fetch(request);
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, null));
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer) return answer;
  } catch {
    /* offline: the shell below */
  }
  const shell = await cache.match('/index.html', ANY_VARY);
  return shell ?? network;
}

/**
 * The workspace's document as the server sent it: HTML, whole, for an address under /workspace (never a
 * redirect, an error, or the cached shell answering offline).
 */
function isWorkspaceDocument(response) {
  if (!response.ok || response.type !== 'basic' || response.redirected || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  return !!response.url && underWorkspace(new URL(response.url).pathname);
}

/**
 * Keeps the workspace's document with every file it names: a kept document never names a file the
 * cache lacks, so it draws offline too, and a new version's document (which names new files) is kept
 * only once they are all in. Nothing is done when the document is the one kept already.
 */
async function keepWorkspace(cache, response) {
  if (!isWorkspaceDocument(response)) return;
  const html = await response.text();
  const kept = await cache.match(WORKSPACE, ANY_VARY);
  if (kept && (await kept.text()) === html) return;
  const files = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
  for (const file of files) {
    if (await cache.match(file, ANY_VARY)) continue;
    const answer = await fetch(file);
    if (!answer.ok) return;
    await cache.put(file, answer);
  }
  // Kept with the server's headers (its Content-Security-Policy above all), less those of the bytes
  // on the wire: the body kept is the decoded text.
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  await cache.put(WORKSPACE, new Response(html, { headers }));
}

/**
 * A workspace page: the kept document at once, and the network's copy fetched behind it for the next
 * visit. The document carries no data (the API is never cached), so nothing stale is shown as fresh;
 * a new version's document arrives this way too, and its new worker offers the reload. With none
 * kept yet (the first workspace visit under this worker), the page is answered as any other and its
 * document kept behind it: someone who only reads the public pages never downloads the workspace.
 */
async function workspacePage(event, request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(WORKSPACE, ANY_VARY);
  if (kept) {
    event.waitUntil(
      fetch(request)
        .then((response) => keepWorkspace(cache, response))
        .catch(() => undefined),
    );
    return kept;
  }
  const response = await page(request);
  event.waitUntil(keepWorkspace(cache, response.clone()).catch(() => undefined));
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(underWorkspace(url.pathname) ? workspacePage(event, request) : page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromCacheOrNetwork(request));
});
