import { expect, test } from '@playwright/test';
import { openPage, PUBLIC_PAGES } from './public-site';

test.describe('spec §2 Route table: every public page', () => {
  for (const p of PUBLIC_PAGES) {
    test(`${p.path} shows its heading and sets a meaningful title`, async ({ page }) => {
      await openPage(page, p.path, p.heading);
      await expect(page).toHaveTitle(p.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      // Every image is sized, so nothing shifts while it loads.
      for (const img of await page.locator('img').all()) {
        await expect(img).toHaveAttribute('width', /^\d+$/);
        await expect(img).toHaveAttribute('height', /^\d+$/);
        await expect(img).toHaveAttribute('alt', /\S/);
      }
    });
  }

  test('any other path shows the 404 page, logs the path and links home', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Vidyalaya');
    await expect.poll(() => logged.find((t) => t.includes('/no-such-page/at-all'))).toBeTruthy();
    await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Top Quality, Half the Cost' })).toBeVisible();
  });
});

test.describe('spec §1 What the product does: the public content', () => {
  test('home: tagline, the six feature areas, the four steps and the free trial', async ({ page }) => {
    await openPage(page, '/', 'Top Quality, Half the Cost');
    const main = page.getByRole('main');
    for (const area of ['Student Management', 'Academic Excellence', 'Admin Control', 'Communication Hub', 'Data Security', 'Analytics & Reports']) {
      await expect(main.getByRole('heading', { level: 3, name: area })).toBeVisible();
    }
    const steps = main.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Register Your School' }) });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText(['Register Your School', 'Setup Structure', 'Start Trial', 'Go Live']);
    for (const item of ['Free for 30 days', 'Up to 100 students', 'Full feature access', 'Setup assistance', 'Priority support']) {
      await expect(main.getByText(item, { exact: true })).toBeVisible();
    }
  });

  test('features: the nine available features and the five coming soon', async ({ page }) => {
    await openPage(page, '/features', 'Everything a school needs, in one place');
    const available = page.getByRole('region', { name: 'Available Features' });
    await expect(available.getByRole('heading', { level: 3 })).toHaveText([
      'Student Data',
      'Teacher Data',
      'Admission',
      'Attendance',
      'Exams',
      'Grading and Reports',
      'Academic Calendar',
      'Time Table',
      'Fee Management',
    ]);
    const soon = page.getByRole('region', { name: 'Coming Soon' });
    for (const name of ['Parent Portal', 'Multi-branch Management', 'Analytics Dashboard', 'Mobile Apps', 'Third-party Integrations']) {
      await expect(soon.getByRole('heading', { level: 3, name })).toBeVisible();
    }
  });

  test('how it works: four steps and an FAQ accordion of buttons', async ({ page, baseURL }) => {
    await openPage(page, '/how-it-works', 'From sign-up to your first school day online');
    for (const step of ['Register Your School', 'Setup Structure', 'Start Trial', 'Go Live']) {
      await expect(page.getByRole('heading', { level: 3, name: new RegExp(step) })).toBeVisible();
    }
    const approval = page.getByRole('button', { name: 'How long does approval take?' });
    await expect(approval).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/within 24-48 hours of the school profile/)).toBeVisible();
    await approval.click();
    await expect(approval).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/within 24-48 hours of the school profile/)).toBeHidden();

    const portal = page.getByRole('button', { name: 'Will my school get its own website address?' });
    await expect(portal).toHaveAttribute('aria-expanded', 'false');
    await portal.focus();
    await page.keyboard.press('Enter');
    await expect(portal).toHaveAttribute('aria-expanded', 'true');
    const host = new URL(baseURL!).host;
    await expect(page.getByText(`greenvalley.${host}`, { exact: false })).toBeVisible();
  });

  test('pricing: the free trial, custom solutions, and the other plans coming soon without prices', async ({ page }) => {
    await openPage(page, '/pricing', 'Simple pricing: start free');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Free Trial' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Custom Solutions' })).toBeVisible();
    for (const plan of ['Basic', 'Standard', 'Premium']) await expect(main.getByRole('heading', { level: 3, name: plan })).toBeVisible();
    await expect(main.getByText('Coming soon', { exact: true })).toHaveCount(3);
    await expect(main).not.toContainText('₹');
  });

  test('about: mission, vision, values, team and technology badges', async ({ page }) => {
    await openPage(page, '/about', 'About Vidyalaya');
    for (const h of ['Our Mission', 'Our Vision', 'Our Values', 'Our Team', 'Our Technology']) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
    const tech = page.getByRole('region', { name: 'Our Technology' });
    await expect(tech.getByRole('listitem')).toHaveCount(7);
    await expect(tech.getByText('PostgreSQL', { exact: true })).toBeVisible();
  });

  test('contact: office in Kanpur, business hours and the quick-response targets', async ({ page }) => {
    await openPage(page, '/contact', 'Contact Us');
    const main = page.getByRole('main');
    await expect(main.getByText('Kanpur, Uttar Pradesh 208001')).toBeVisible();
    await expect(main.getByText('Monday to Friday, 11:00 AM to 6:00 PM IST')).toBeVisible();
    const targets = main.getByRole('definition');
    await expect(main.getByRole('term')).toHaveText(['General inquiries', 'Technical support', 'Sales', 'Emergency']);
    await expect(targets).toHaveText(['4 hours', '2 hours', '1 hour', '24/7']);
  });

  test('terms: administrators register, teachers and students are users, free service, no refunds, 18+, data kept until deletion by e-mail, Uttar Pradesh law', async ({ page }) => {
    await openPage(page, '/terms', 'Terms of Service');
    const main = page.getByRole('main');
    await expect(main.getByText('Last updated: 04/10/2025')).toBeVisible();
    await expect(main).toContainText('The service is currently free of charge and we offer no paid services.');
    await expect(main).toContainText('no refunds are given');
    await expect(main).toContainText('Only school administrators register directly.');
    await expect(main).toContainText('Teachers and students are added by the school’s administrator and are users of the platform under these terms too');
    await expect(main).toContainText('at least 18 years old and that you are authorised to act on behalf of the school');
    await expect(main).toContainText('card payment provider');
    await expect(main).toContainText('Personal data is kept indefinitely unless you ask us to delete it by e-mail');
    await expect(main).toContainText('governed by the laws of Uttar Pradesh, India');
    await expect(main.getByText('Civil Lines, Kanpur, Uttar Pradesh 208001, India')).toBeVisible();
  });

  test('privacy: no tracking cookies, tokens stored locally, providers named by role', async ({ page }) => {
    await openPage(page, '/privacy', 'Privacy Policy');
    const main = page.getByRole('main');
    await expect(main.getByText('Last updated: 04/10/2025')).toBeVisible();
    await expect(main).toContainText('We use no tracking or advertising cookies.');
    await expect(main).toContainText('your login tokens are stored locally on your device');
    await expect(main).toContainText('An e-mail provider delivers our transactional e-mails.');
    await expect(main).toContainText('A cloud provider hosts the platform');
    await expect(main.getByRole('link', { name: 'hello@vidyalaya.in' }).first()).toHaveAttribute('href', 'mailto:hello@vidyalaya.in');
  });

  test('refund: nothing is paid, so nothing is refunded', async ({ page }) => {
    await openPage(page, '/refund', 'Refund Policy');
    const main = page.getByRole('main');
    await expect(main.getByText('Last updated: 04/10/2025')).toBeVisible();
    await expect(main).toContainText('Because no payments are taken, no refunds are issued.');
    await expect(main.getByText('Civil Lines, Kanpur, Uttar Pradesh 208001, India')).toBeVisible();
  });
});

test.describe('spec §2 performance: the home page loads no app-only code', () => {
  test('opening / fetches no account, dashboard or setup module and not the full Blueprint stylesheet', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await openPage(page, '/', 'Top Quality, Half the Cost');
    await page.waitForLoadState('networkidle');
    expect(fetched.some((p) => /home-page-.*\.js$/.test(p))).toBe(true);
    const appOnly = fetched.filter((p) =>
      /\/(register|login|verify-otp|forgot-password|reset-password|dashboard|school|classes|sections|subjects)-page-|\/guards-|\/blueprint-full-/.test(p),
    );
    expect(appOnly).toEqual([]);
  });
});
