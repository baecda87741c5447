import { expect, test } from '@playwright/test';
import { fakeSignedIn, PHONE, PUBLIC_PAGES } from './public-site';

const HERO = 'Top Quality, Half the Cost';

test.describe('issue 21: the public pages are pre-rendered at build time and hydrated', () => {
  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('the HTML of / already holds the hero, the navigation and the footer', async ({ page, request }) => {
      const res = await request.get('/');
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain(HERO);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });

    test('every marketing and legal page, and the sign-in forms, are pre-rendered; app pages are not', async ({ page }) => {
      for (const { path, heading } of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      }
      await page.goto('/login');
      await expect(page.getByLabel('Username')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login' }).last()).toBeVisible();
      // Until the app owns the page the form takes no input (hydration would wipe it), and if it were
      // submitted anyway it would post, never put the password in the address.
      const form = page.locator('form').filter({ has: page.getByLabel('Username') });
      await expect(form).toHaveAttribute('inert', '');
      await expect(form).toHaveAttribute('method', 'post');
      await page.goto('/register');
      await expect(page.getByLabel('Email')).toBeVisible();
      for (const path of ['/dashboard', '/verify-otp']) {
        await page.goto(path);
        await expect(page.locator('#root')).toBeEmpty();
      }
    });

    test('the workspace has a document of its own: Blueprint’s stylesheet preloaded, the shell’s scripts in its head, the skeleton drawn', async ({ request }) => {
      for (const path of ['/workspace', '/workspace/3f6c1c1e-1111-4222-8333-444455556666/students']) {
        const html = await (await request.get(path)).text();
        // Issue 37: Blueprint's whole stylesheet no longer holds the first paint; the routes wait for it.
        expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/blueprint-full-[\w-]+\.css">/);
        expect(html).not.toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/blueprint-full-/);
        expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/school-shell-[\w-]+\.js">/);
        // What is drawn before any script is the shell's skeleton, announced as loading.
        expect(html).toMatch(/<div id="root"><div class="sk-shell" role="status" aria-busy="true" aria-label="Loading" data-skeleton="">/);
      }
      const shell = await (await request.get('/dashboard')).text();
      expect(shell).not.toContain('blueprint-full');
    });
  });

  for (const { path, title, selector } of [
    { path: '/', title: `${HERO} · Vidyalaya`, selector: 'h1' },
    { path: '/login', title: 'Login to Platform · Vidyalaya', selector: 'input[name="username"]' },
  ]) {
    test(`the script hydrates ${path} as it finds it: the same nodes stay, nothing shifts, no hydration error`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript((sel) => {
        const w = window as unknown as { __node?: Element | null; __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // Parsing is done before any module script runs: this is the server's node.
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') w.__node = document.querySelector(sel);
        });
      }, selector);
      await page.goto(path);
      // The page's effects ran: React owns the page now.
      await expect(page).toHaveTitle(title);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      const kept = await page.evaluate((sel) => {
        const w = window as unknown as { __node?: Element | null };
        return !!w.__node && w.__node === document.querySelector(sel) && document.contains(w.__node);
      }, selector);
      expect(kept).toBe(true);
      // Forms take input once the app owns the page.
      await expect(page.locator('html[data-app-ready]')).toBeAttached();
      await expect(page.locator('form[inert]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
      expect(errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e))).toEqual([]);
    });
  }

  for (const { path, waitsFor } of [
    { path: '/', waitsFor: 'hero' },
    { path: '/login', waitsFor: 'paint' },
  ]) {
    test(`${path} asks for its scripts only once the browser reports it painted (${waitsFor}), not on the fallback timer`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await expect(page.locator('html[data-app-ready]')).toBeAttached();
      await expect(page.locator('html')).toHaveAttribute('data-boot', waitsFor);
      const t = await page.evaluate(async () => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        // Element timing's entries reach only an observer (buffered), not getEntriesByType.
        const elements = await new Promise<{ identifier: string; renderTime: number }[]>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries() as unknown as { identifier: string; renderTime: number }[])).observe({ type: 'element', buffered: true });
          setTimeout(() => resolve([]), 1000);
        });
        const hero = elements.find((e) => e.identifier === 'hero');
        const scripts = performance
          .getEntriesByType('resource')
          .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name) && !r.name.includes('/assets/boot-'));
        return { fcp, hero: hero?.renderTime ?? null, scripts: scripts.length, first: Math.min(...scripts.map((r) => r.startTime)) };
      });
      expect(t.scripts).toBeGreaterThan(3);
      expect(t.first).toBeGreaterThanOrEqual(t.fcp);
      if (waitsFor === 'hero') expect(t.first).toBeGreaterThanOrEqual(t.hero ?? Infinity);
    });
  }

  test('a signed-in visitor gets the page drawn afresh, with their account actions', async ({ page }) => {
    await fakeSignedIn(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
  });
});
