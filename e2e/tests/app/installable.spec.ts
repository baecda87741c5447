import { expect, test } from '@playwright/test';
import { docScreenshot } from '../../screens';

// Issue 37, "every visit after": the workspace is an installable web app. Its manifest meets
// Chromium's installability criteria (name, start URL, standalone display, 192 and 512 px PNG
// icons); its service worker takes control, keeps the shell for a visit without a network, never
// answers the API from a cache, and offers a new version with a Reload that switches to it.
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('the manifest meets the installability criteria, with real 192 and 512 px icons', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: expect.stringContaining('Vidyalaya'), short_name: 'Vidyalaya', start_url: '/dashboard', scope: '/', display: 'standalone' });
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === `${size}x${size}`);
    expect(icon).toMatchObject({ type: 'image/png' });
    const png = await (await request.get(icon.src)).body();
    expect(png.subarray(0, 8)).toEqual(PNG);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
});

test('the worker takes control, keeps the shell for a visit offline, and leaves the API to the network', async ({ page, context }) => {
  await page.goto('/login');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 45_000 }).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toContain('/sw.js');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // The shell is cached; no API answer ever is.
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const urls: string[] = [];
    for (const k of keys) for (const r of await (await caches.open(k)).keys()) urls.push(new URL(r.url).pathname);
    return { keys, urls };
  });
  expect(cached.keys).toHaveLength(1);
  expect(cached.urls).toContain('/index.html');
  expect(cached.urls.some((u) => /^\/assets\/index-.+\.js$/.test(u))).toBe(true);
  expect(cached.urls.filter((u) => u.startsWith('/api/'))).toEqual([]);

  // Offline only once the page has loaded all it loads (its route's scripts, messages and icons come
  // after the button shows): going offline mid-load leaves a script uncached, as it would for a person.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await context.setOffline(false);
});

test('a new version is offered in the page’s language with Reload, which switches the page to it', async ({ page }) => {
  await page.goto('/login');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 45_000 }).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  await expect(page.locator('html[data-sw="registered"]')).toHaveCount(1);

  // The next deploy, as the browser meets it: the registration's script changed (here its address;
  // Playwright cannot stand in for a worker's own script), so it installs beside the running one and waits.
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'hi'));
  await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js?next', { scope: '/' })));
  const bar = page.getByTestId('pwa-update');
  await expect(bar).toContainText('विद्यालय का नया संस्करण तैयार है।');
  const reload = bar.getByRole('button', { name: 'फिर से खोलें' });
  const box = await reload.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await docScreenshot(page, { path: 'docs/screens/pwa-update-hi-360.png' });
  await Promise.all([page.waitForEvent('framenavigated'), reload.click()]);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('pwa-update')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js\?next$/);
  expect(first).toMatch(/\/sw\.js$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('pwa-update')).toHaveCount(0);
});

test('the workspace’s document is kept with every file it names and its security policy, and answers a workspace page at once, offline too', async ({ page, context }) => {
  const WORKSPACE_PAGE = '/workspace/3f0d3c9e-5b1a-4c39-9a51-0d7a1a1e2a11/students';
  const keptNow = () => page.evaluate(async () => !!(await (await caches.open((await caches.keys())[0]!)).match('/workspace', { ignoreVary: true })));
  await page.goto('/login');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 45_000 }).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // The public pages never fetch it: only a workspace page the worker answers keeps it.
  expect(await keptNow()).toBe(false);
  await page.goto(WORKSPACE_PAGE);
  await page.goto('/login');
  await expect.poll(keptNow, { timeout: 20_000 }).toBe(true);
  // The document (the same for every address under /workspace) is kept with all its files.
  const kept = await page.evaluate(async () => {
    const cache = await caches.open((await caches.keys())[0]!);
    // Looked up as the worker does, whatever the answers' Vary (web/pwa/sw.js).
    const doc = await cache.match('/workspace', { ignoreVary: true });
    const html = doc ? await doc.text() : '';
    const files = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    const missing: string[] = [];
    for (const file of files) if (!(await cache.match(file, { ignoreVary: true }))) missing.push(file);
    return { skeleton: html.includes('data-skeleton'), csp: doc?.headers.get('content-security-policy') ?? '', encoding: doc?.headers.get('content-encoding') ?? null, files: files.length, missing };
  });
  expect(kept.skeleton).toBe(true);
  expect(kept.files).toBeGreaterThan(20);
  expect(kept.missing).toEqual([]);
  expect(kept.encoding).toBeNull();
  // The server's policy is kept with it: its one inline script (the first API calls) allowed by its hash.
  expect(kept.csp).toContain("default-src 'self'");
  expect(kept.csp).toMatch(/script-src 'self'[^;]* 'sha256-[A-Za-z0-9+/]+={0,2}'/);

  await context.setOffline(true);
  const res = await page.goto(WORKSPACE_PAGE);
  expect(res!.fromServiceWorker()).toBe(true);
  expect(res!.headers()['content-security-policy']).toBe(kept.csp);
  expect(await res!.text()).toContain('data-skeleton');
  await context.setOffline(false);
});
