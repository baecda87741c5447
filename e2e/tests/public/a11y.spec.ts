import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { settled } from '../../settled';
import { DESKTOP, openPage, PHONE, PUBLIC_PAGES } from './public-site';

async function seriousViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

const PAGES = [...PUBLIC_PAGES, { path: '/no-such-page', heading: 'Oops! Page not found', title: '' }];

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`spec §2 public pages pass axe-core at ${label} width (no serious or critical violations)`, () => {
    test.use({ viewport });
    for (const p of PAGES) {
      test(p.path, async ({ page }) => {
        await openPage(page, p.path, p.heading);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('spec §2 open states pass axe-core too', () => {
  test('the open mobile menu', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openPage(page, '/', 'Top Quality, Half the Cost');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the contact form showing its errors', async ({ page }) => {
    await openPage(page, '/contact', 'Contact Us');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the scrolled, translucent header', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    await page.mouse.wheel(0, 1200);
    await expect(page.getByRole('banner')).toHaveClass(/is-translucent/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
