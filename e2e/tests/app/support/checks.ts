import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { docScreenshot, takingDocScreens } from '../../../screens';
import { settled } from '../../../settled';

const SCREENS = join(__dirname, '..', '..', '..', '..', 'docs', 'screens');

/** axe-core on the page as it is: no serious or critical violation (WCAG 2.x A and AA). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Toasts still fading in or out are half transparent for a moment; settled ones are checked.
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.bp6-toast-enter')
    .exclude('.bp6-toast-exit')
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(bad, `axe on ${what}`).toEqual([]);
}

/** A screenshot of the screen for docs/screens/app-<name>.png (taken by the tests, kept in the repo). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!takingDocScreens) return;
  mkdirSync(SCREENS, { recursive: true });
  // Let toasts and transitions settle so the picture shows the screen itself.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await docScreenshot(page, {
    path: join(SCREENS, `app-${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    style: '.bp6-toast-container, .bp6-toast { visibility: hidden !important; }',
  });
}

/** The toast with this text (Blueprint toasts live in their own overlay). */
export function toastWith(page: Page, text: string | RegExp) {
  return page.locator('.bp6-toast').filter({ hasText: text });
}

/**
 * Ticks or unticks a Blueprint checkbox the keyboard way (focus, Space): its styled indicator sits
 * over the real input, and the keyboard is how many people use it anyway.
 */
export async function setChecked(checkbox: import('@playwright/test').Locator, checked: boolean): Promise<void> {
  if ((await checkbox.isChecked()) === checked) return;
  await checkbox.focus();
  await checkbox.press('Space');
  await expect(checkbox).toBeChecked({ checked });
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spec §5: the message shows beside the field, and the field points at it (aria-describedby). */
export async function expectFieldError(field: import('@playwright/test').Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRe(message)));
}

/** Types a value and leaves the field (Tab), as a person does before reading its message. */
export async function enter(field: import('@playwright/test').Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.press('Tab');
}

/**
 * Opens a page and waits for the app to own it. A pre-rendered page (the public pages, /login,
 * /register, /forgot-password, …) shows before its script hydrates it, and its form is inert until
 * then (web/scripts/prerender.mjs), so typing earlier goes nowhere, as it would for a person.
 */
export async function openForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}
