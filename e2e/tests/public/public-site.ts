import type { Page } from '@playwright/test';
import { openForm } from '../app/support/checks';

/** Every public route of spec §2, with the heading and document title each page shows. */
export const PUBLIC_PAGES = [
  { path: '/', heading: 'Top Quality, Half the Cost', title: 'Top Quality, Half the Cost · Vidyalaya' },
  { path: '/features', heading: 'Everything a school needs, in one place', title: 'Features · Vidyalaya' },
  { path: '/how-it-works', heading: 'From sign-up to your first school day online', title: 'How It Works · Vidyalaya' },
  { path: '/pricing', heading: 'Simple pricing: start free', title: 'Pricing · Vidyalaya' },
  { path: '/about', heading: 'About Vidyalaya', title: 'About · Vidyalaya' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact · Vidyalaya' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service · Vidyalaya' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy · Vidyalaya' },
  { path: '/refund', heading: 'Refund Policy', title: 'Refund Policy · Vidyalaya' },
] as const;

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Opens a public page and waits for its lazy route module to render its <h1>, and for the app to own
 * the page: a pre-rendered page shows its <h1> before its script has hydrated it (issue 21).
 */
export async function openPage(page: Page, path: string, heading: string): Promise<void> {
  await openForm(page, path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/**
 * Signs the browser in without the OTP round trip: tokens in local storage and a stubbed
 * GET /auth/me, as after a real login (spec §4 Authentication).
 */
export async function fakeSignedIn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('vidyalaya_access_token', 'e2e-access-token');
    localStorage.setItem('vidyalaya_refresh_token', 'e2e-refresh-token');
  });
  await page.route('**/api/v1/auth/me', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          user: {
            id: '00000000-0000-4000-8000-000000000001',
            username: 'principal',
            email: 'principal@example.in',
            role: 'admin',
            isEmailVerified: true,
            createdAt: '2025-10-04T05:30:00.000Z',
          },
        },
      },
    }),
  );
}
