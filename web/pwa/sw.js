/* The web app's service worker (issue 37), served as /sw.js. The build (vite-plugins/service-worker.ts)
 * puts this version's name and its shell files in place of the two markers below, so every build that
 * changes a file is a new worker, which the page offers as "a new version".
 *
 * - The shell (index.html, the entry script, its imports and stylesheets) is cached on install; the
 *   app's other files under /assets/ (hashed names, never changed) are cached the first time they load.
 * - A page (a navigation) is answered from the network when it answers within 3 s, and from the
 *   cached shell otherwise or offline; the shell then draws the page from its cached scripts.
 * - The API (/api/) is never cached or answered from a cache: no stale data is ever shown as fresh.
 * - A new worker waits until the page asks it to take over (the "new version" prompt's Reload); the
 *   old version's caches are deleted when it does.
 */
const VERSION = '__VIDYALAYA_VERSION__';
const SHELL = __VIDYALAYA_SHELL__;
const CACHE = `vidyalaya-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 3000;

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

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
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
  const shell = await cache.match('/index.html');
  return shell ?? network;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromCacheOrNetwork(request));
});
