import type { RouteObject } from 'react-router';
import { RootLayout } from './root-layout';

/**
 * Every route of spec §2. Pages load lazily (each module exports `Component`), so the home page
 * loads no app-only code. Guards live in the page modules' layouts (features/auth/guards).
 */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../features/public/pages/home-page') },
  { path: 'features', lazy: () => import('../features/public/pages/features-page') },
  { path: 'how-it-works', lazy: () => import('../features/public/pages/how-it-works-page') },
  { path: 'pricing', lazy: () => import('../features/public/pages/pricing-page') },
  { path: 'about', lazy: () => import('../features/public/pages/about-page') },
  { path: 'contact', lazy: () => import('../features/public/pages/contact-page') },
  { path: 'terms', lazy: () => import('../features/public/pages/terms-page') },
  { path: 'privacy', lazy: () => import('../features/public/pages/privacy-page') },
  { path: 'refund', lazy: () => import('../features/public/pages/refund-page') },
];

export const accountRoutes: RouteObject[] = [
  { path: 'register', lazy: () => import('../features/auth/pages/register-page') },
  { path: 'login', lazy: () => import('../features/auth/pages/login-page') },
  { path: 'verify-otp', lazy: () => import('../features/auth/pages/verify-otp-page') },
  { path: 'forgot-password', lazy: () => import('../features/auth/pages/forgot-password-page') },
  { path: 'reset-password', lazy: () => import('../features/auth/pages/reset-password-page') },
  { path: 'dashboard', lazy: () => import('../features/dashboard/pages/dashboard-page') },
  { path: 'setup/school', lazy: () => import('../features/setup/pages/school-page') },
  { path: 'setup/classes', lazy: () => import('../features/setup/pages/classes-page') },
  { path: 'setup/sections', lazy: () => import('../features/setup/pages/sections-page') },
  { path: 'setup/subjects', lazy: () => import('../features/setup/pages/subjects-page') },
];

const notFound: RouteObject = { path: '*', lazy: () => import('../features/public/pages/not-found-page') };

/** The product's routes inside the public shell (header, footer). `extra` adds desktop-only routes. */
export function buildRoutes(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        {
          lazy: () => import('../components/layout/public-layout'),
          children: [...publicRoutes, ...accountRoutes, ...extra, notFound],
        },
      ],
    },
  ];
}

/** On `{subdomain}.{APP_DOMAIN}` the app is that school's portal. */
export function buildPortalRoutes(): RouteObject[] {
  return [{ path: '*', lazy: () => import('../features/portal/pages/portal-page') }];
}
