import { existsSync } from 'node:fs';
import chromiumArgs from './chromium-args.json';

/**
 * The browser the specs drive. E2E_CHROME_PATH if set; else Debian's headless shell
 * (`chromium-headless-shell`, the same engine without the full browser's UI and its processes, the
 * build Playwright itself uses for headless runs), which ran the suite about 15 % faster on these
 * 2-core machines (docs/performance.md, session 14); else CHROME_PATH or Debian's full Chromium.
 * No browser is ever downloaded here.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.E2E_CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium-headless-shell chromium`) ' +
        'or point E2E_CHROME_PATH at a Chrome/Chromium binary, then run `npm test` again.',
    );
  }
  return found;
}

/**
 * The full Chromium, for the specs that need what the headless shell leaves out: its PDF viewer (a
 * receipt opened in a new tab stays a `blob:` page instead of becoming a download) and a clipboard that
 * takes `navigator.clipboard.writeText`. Such a spec says `test.use({ launchOptions: fullChromium() })`.
 */
export function fullChromium(): { executablePath: string; args: string[] } {
  const found = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p): p is string => !!p && existsSync(p));
  return { executablePath: found ?? chromiumPath(), args: CHROMIUM_ARGS };
}

/** The browser's flags: one list (chromium-args.json), which the benches that start a browser read too (bench/support.mjs). */
export const CHROMIUM_ARGS: string[] = chromiumArgs;
