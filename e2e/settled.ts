import type { Page } from '@playwright/test';

/**
 * Waits until the page's finite animations and transitions have ended (a dialog fading in, a toast
 * sliding out), so an accessibility audit reads the colours the user ends up seeing: axe caught a
 * Blueprint dialog half-way through its fade-in and measured its text's contrast against the blend
 * (CI, 2026-11-28). Endless ones (spinners) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
