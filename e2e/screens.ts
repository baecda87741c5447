import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from '@playwright/test';

/**
 * The pictures of docs/screens/, taken by the specs as they pass through each screen. A picture checks
 * nothing, so CI (CI set) takes none: its clone is thrown away, and a full-page PNG costs the browser
 * CPU in a suite that is CPU-bound. Every other run refreshes them. E2E_SCREENS=1 takes them, =0 does not,
 * whatever CI says.
 */
export const takingDocScreens = process.env.E2E_SCREENS ? process.env.E2E_SCREENS !== '0' : !process.env.CI;

/** `target.screenshot(options)` when this run takes the docs' pictures (above); otherwise nothing. */
export async function docScreenshot(target: Page, options: PageScreenshotOptions & { path: string }): Promise<void>;
export async function docScreenshot(target: Locator, options: LocatorScreenshotOptions & { path: string }): Promise<void>;
export async function docScreenshot(target: Page | Locator, options: (PageScreenshotOptions | LocatorScreenshotOptions) & { path: string }): Promise<void> {
  if (!takingDocScreens) return;
  await target.screenshot(options);
}
