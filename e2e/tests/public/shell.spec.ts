import { expect, test } from '@playwright/test';
import { fakeSignedIn, openPage, PHONE } from './public-site';

test.describe('spec §2 Navigation and shell: the collapsible mobile menu', () => {
  test.use({ viewport: PHONE });

  test('at phone width the navigation folds into a menu button that opens, navigates and closes', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menuId = await toggle.getAttribute('aria-controls');
    expect(menuId).toBeTruthy();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.locator(`#${menuId}`).getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    for (const name of ['Home', 'Features', 'How It Works', 'Pricing', 'About', 'Contact', 'Login', 'Get Started']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Simple pricing: start free' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });

  test('Escape closes the menu and returns focus to its button', async ({ page }) => {
    await openPage(page, '/about', 'About Vidyalaya');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Features', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the menu button is reachable and usable from the keyboard', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  });
});

test.describe('spec §2 Navigation and shell: the top bar turns translucent after 10 px', () => {
  test('opaque at the top and at 10 px, translucent beyond, opaque again back at the top', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    const header = page.getByRole('banner');
    const backdrop = () => header.evaluate((el) => getComputedStyle(el).backdropFilter);
    await expect(header).not.toHaveClass(/is-translucent/);
    expect(await backdrop()).toBe('none');

    await page.evaluate(() => window.scrollTo(0, 10));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(10);
    await expect(header).not.toHaveClass(/is-translucent/);

    await page.mouse.wheel(0, 300);
    await expect(header).toHaveClass(/is-translucent/);
    await expect.poll(backdrop).toContain('blur');
    // The background fades over 0.2 s (site-shell.css): read it once the transition has moved it.
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/rgba\(255, 255, 255, 0\.\d+\)/);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-translucent/);
  });
});

test.describe('spec §2 Navigation and shell: signed-in header', () => {
  test("a signed-in user sees 'Your School' and Logout; Logout signs out and goes home", async ({ page }) => {
    await fakeSignedIn(page);
    let logoutCalls = 0;
    await page.route('**/api/v1/auth/logout', (route) => {
      logoutCalls++;
      return route.fulfill({ json: { success: true, data: null } });
    });
    await openPage(page, '/pricing', 'Simple pricing: start free');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Your School' })).toHaveAttribute('href', '/dashboard');
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Get Started', exact: true })).toHaveCount(0);

    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(logoutCalls).toBe(1);
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Started', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('vidyalaya_access_token'))).toBeNull();
  });

  test("'Your School' goes to /dashboard", async ({ page }) => {
    await fakeSignedIn(page);
    // A new administrator has no school yet: both school calls answer 404 (spec §4).
    await page.route(/\/api\/v1\/auth\/my-school/, (route) =>
      route.fulfill({ status: 404, json: { success: false, error: { code: 'SCHOOL_NOT_FOUND', message: 'School not found' } } }),
    );
    // …and no school membership either (one would send them to the workspace instead).
    await page.route(/\/api\/v1\/me\/schools/, (route) => route.fulfill({ status: 200, json: { success: true, data: { schools: [] } } }));
    await openPage(page, '/', 'Top Quality, Half the Cost');
    await page.getByRole('banner').getByRole('link', { name: 'Your School' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signed-in pages have the app layout: Logout sits in the header's account menu (issue 20).
    await page.getByRole('banner').getByRole('button', { name: /^Account: / }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  });
});

test.describe('spec §2 accessibility of the shell: keyboard and visible focus', () => {
  test('the first Tab reaches a skip link that moves focus to the page content', async ({ page }) => {
    await openPage(page, '/features', 'Everything a school needs, in one place');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('focused links and buttons show a visible outline', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    const target = page.getByRole('main').getByRole('link', { name: 'Start Free Trial' });
    await page.keyboard.press('Tab');
    for (let i = 0; i < 20 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    const outline = await target.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });
});
