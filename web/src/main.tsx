import { bootstrap } from './app/bootstrap';
import { webPlatform } from './lib/platform/web-platform';

void bootstrap(webPlatform);

// The installable app's worker (issue 37): registered after the page has loaded, from a chunk of its own.
// A pre-rendered page starts this entry from its boot script, which may run after the load event.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/pwa/register').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
