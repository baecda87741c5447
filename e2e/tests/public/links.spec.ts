import { expect, test, type Page } from '@playwright/test';
import { openPage } from './public-site';

/** Clicks a link or button in the page body and checks where it lands. */
async function follow(page: Page, from: { path: string; heading: string }, name: string, to: string, role: 'link' | 'button' = 'link') {
  await openPage(page, from.path, from.heading);
  await page.getByRole('main').getByRole(role, { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
}

const HOME = { path: '/', heading: 'Top Quality, Half the Cost' };

test.describe('spec §2 Home page: every call to action reaches its target', () => {
  const cases: [string, string][] = [
    ['Start Free Trial', '/register'],
    ['Watch Demo', '/features'],
    ['Start Your Journey', '/register'],
    ['See Plans & Pricing', '/pricing'],
    ['Get Started Today', '/register'],
    ['Talk to Sales', '/contact'],
  ];
  for (const [name, to] of cases) {
    test(`'${name}' goes to ${to}`, async ({ page }) => {
      await follow(page, HOME, name, to);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('spec §2 Other public pages: their links reach their targets', () => {
  test("features: 'Get Started' goes to /register", async ({ page }) => {
    await follow(page, { path: '/features', heading: 'Everything a school needs, in one place' }, 'Get Started', '/register');
  });
  test("how it works: 'Start Your Free Trial' goes to /register", async ({ page }) => {
    await follow(page, { path: '/how-it-works', heading: 'From sign-up to your first school day online' }, 'Start Your Free Trial', '/register');
  });
  test("pricing: 'Start Free Trial' goes to /register and 'Contact Us' to /contact", async ({ page }) => {
    const pricing = { path: '/pricing', heading: 'Simple pricing: start free' };
    await follow(page, pricing, 'Start Free Trial', '/register');
    await follow(page, pricing, 'Contact Us', '/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });
  test("about: 'Contact Us' goes to /contact", async ({ page }) => {
    await follow(page, { path: '/about', heading: 'About Vidyalaya' }, 'Contact Us', '/contact');
  });
  test('legal pages link each other and the contact form', async ({ page }) => {
    await follow(page, { path: '/terms', heading: 'Terms of Service' }, 'Refund Policy', '/refund');
    await follow(page, { path: '/terms', heading: 'Terms of Service' }, 'Privacy Policy', '/privacy');
    await follow(page, { path: '/privacy', heading: 'Privacy Policy' }, 'contact form', '/contact');
  });
});

test.describe('spec §2 Navigation and shell: header and footer links', () => {
  const nav: [string, string, string][] = [
    ['Features', '/features', 'Everything a school needs, in one place'],
    ['How It Works', '/how-it-works', 'From sign-up to your first school day online'],
    ['Pricing', '/pricing', 'Simple pricing: start free'],
    ['About', '/about', 'About Vidyalaya'],
    ['Contact', '/contact', 'Contact Us'],
    ['Home', '/', 'Top Quality, Half the Cost'],
  ];

  test('the main navigation reaches every public page and marks the current one', async ({ page }) => {
    await openPage(page, '/refund', 'Refund Policy');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path, heading] of nav) {
      await main.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('signed out, the header offers Login and Get Started', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('banner').getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('banner').getByRole('link', { name: 'Vidyalaya' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the footer has the legal links, the company, its address, e-mail and the 2025 copyright', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Civil Lines, Kanpur, Uttar Pradesh 208001, India')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'hello@vidyalaya.in' })).toHaveAttribute('href', 'mailto:hello@vidyalaya.in');
    await expect(footer.getByText('© 2025 Vidyalaya. All rights reserved.')).toBeVisible();
    const legal: [string, string, string][] = [
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
      ['Terms of Service', '/terms', 'Terms of Service'],
      ['Refund Policy', '/refund', 'Refund Policy'],
    ];
    for (const [name, path, heading] of legal) {
      await page.getByRole('contentinfo').getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('every route change scrolls to the top', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('spec §2 /register: terms and privacy open in a new tab', () => {
  for (const [name, heading] of [
    ['Terms of Service', 'Terms of Service'],
    ['Privacy Policy', 'Privacy Policy'],
  ]) {
    test(`'${name}' opens ${heading} in a new tab`, async ({ page, context }) => {
      await page.goto('/register');
      // The username field is focused on arrival and shows its error once it loses focus, which
      // moves the links down: let the form settle first, as a reader of the form would.
      await page.getByLabel('Username').blur();
      const link = page.getByRole('main').getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL(/\/register$/);
    });
  }
});
