/**
 * The installable web app's service worker (web/pwa/sw.js, issue 37): registered once the page has
 * loaded, from this small chunk of its own. When a new version has installed behind the open page, a
 * bar offers to reload; the new worker takes over only when the user says so, and the page reloads
 * once it has. The page checks for a new version whenever it comes back to the foreground (a phone
 * keeps a tab open for days).
 */
const TEXT = {
  en: { ready: 'A new version of Vidyalaya is ready.', reload: 'Reload' },
  hi: { ready: 'विद्यालय का नया संस्करण तैयार है।', reload: 'फिर से खोलें' },
} as const;

function showUpdateBar(onReload: () => void): void {
  if (document.querySelector('[data-testid="pwa-update"]')) return;
  const text = document.documentElement.lang.startsWith('hi') ? TEXT.hi : TEXT.en;
  const bar = document.createElement('div');
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'pwa-update';
  bar.className = 'vd-pwa-update';
  bar.style.cssText =
    'position:fixed;left:8px;right:8px;bottom:8px;z-index:40;display:flex;gap:12px;align-items:center;justify-content:space-between;' +
    'padding:8px 8px 8px 16px;border-radius:6px;background:#1c2127;color:#fff;box-shadow:0 2px 8px rgba(0,0,0,.3);max-width:560px;margin:0 auto';
  const message = document.createElement('span');
  message.textContent = text.ready;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text.reload;
  button.style.cssText = 'min-height:44px;min-width:44px;padding:0 16px;border:0;border-radius:4px;background:#2d72d2;color:#fff;font:inherit;cursor:pointer';
  button.addEventListener('click', () => {
    button.disabled = true;
    onReload();
  });
  bar.append(message, button);
  document.body.append(bar);
}

export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  // Registered once; a later visit keeps that registration, which the browser checks for a new
  // script on every navigation (and this page when it comes back to the foreground).
  const registration = (await container.getRegistration('/').catch(() => undefined)) ?? (await container.register('/sw.js', { scope: '/' }).catch(() => null));
  if (!registration) return;
  let accepted = false;
  const offer = (worker: ServiceWorker) =>
    showUpdateBar(() => {
      accepted = true;
      worker.postMessage('skip-waiting');
    });
  // The first worker takes control without a reload; only a version the user accepted reloads the page.
  container.addEventListener('controllerchange', () => {
    if (accepted) window.location.reload();
  });
  const track = (worker: ServiceWorker) =>
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  if (registration.waiting && container.controller) offer(registration.waiting);
  if (registration.installing) track(registration.installing);
  registration.addEventListener('updatefound', () => registration.installing && track(registration.installing));
  // `<html data-sw="registered">`: the page watches its worker from here on.
  document.documentElement.dataset.sw = 'registered';
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}
