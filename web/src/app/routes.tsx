import type { RouteObject } from 'react-router';
import { workspaceRoutes } from '../features/workspace/routes';
import { FEATURES } from './features';
import { RootLayout } from './root-layout';

/**
 * The module features' pages under /workspace/{schoolId}/, collected from the one list of features
 * (app/features.ts), each exporting its own from features/<name>/feature.ts (lazy pages only).
 * Features never import each other.
 */
const schoolModules: RouteObject[] = FEATURES.flatMap((f) => f.routes ?? []);

/** The workspace, inside the layout that provides the features' slots (app/workspace-slots.tsx). */
const workspace = (): RouteObject[] => [{ lazy: () => import('./workspace-slots').then((m) => m.slotsRoute()), children: workspaceRoutes(schoolModules) }];

/** The guards load with the routes they guard, so the home page carries none of their code. */
const guard = (name: 'RequireAuth' | 'RequireSchoolAdmin') => import('../lib/auth/guards').then((m) => ({ Component: m[name] }));
/** The sign-in pages' guard on its own: they load neither the refusal screen nor Blueprint with it. */
const guestOnly = () => import('../lib/auth/guest-only').then((m) => ({ Component: m.GuestOnly }));

/**
 * Every route of spec §2. Pages load lazily (each module exports `Component`), so the home page
 * loads no app-only code. Guards are layout routes (lib/auth/guards): /register and /login for
 * signed-out users, /dashboard and /setup/* for a signed-in school administrator.
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
  {
    lazy: guestOnly,
    children: [
      { path: 'register', lazy: () => import('../features/auth/pages/register-page') },
      { path: 'login', lazy: () => import('../features/auth/pages/login-page') },
    ],
  },
  // These check their own navigation state (spec §2) and redirect without it.
  { path: 'verify-otp', lazy: () => import('../features/auth/pages/verify-otp-route') },
  { path: 'forgot-password', lazy: () => import('../features/auth/pages/forgot-password-page') },
  { path: 'reset-password', lazy: () => import('../features/auth/pages/reset-password-page') },
];

/** The signed-in pages: inside the app shell (components/layout/app-layout), not the public one. */
export const signedInRoutes: RouteObject[] = [
  {
    lazy: () => guard('RequireAuth'),
    children: [
      {
        lazy: () => guard('RequireSchoolAdmin'),
        children: [
          { path: 'dashboard', lazy: () => import('../features/dashboard/pages/dashboard-page') },
          { path: 'setup/school', lazy: () => import('../features/setup/pages/school-page') },
          { path: 'setup/classes', lazy: () => import('../features/setup/pages/classes-page') },
          { path: 'setup/sections', lazy: () => import('../features/setup/pages/sections-page') },
          { path: 'setup/subjects', lazy: () => import('../features/setup/pages/subjects-page') },
        ],
      },
    ],
  },
];

const notFound: RouteObject = { path: '*', lazy: () => import('../features/public/pages/not-found-page') };

/**
 * Blueprint's whole stylesheet (and the icon loader) loads together with every route's code except
 * the home page's, which makes do with the public subset loaded at start
 * (components/layout/blueprint-public.css), and the sign-in pages', which add only the form rules
 * (blueprint-forms.css), so the first pages stay within their size budgets (docs/performance.md).
 * A layout route without a path is lean when all its children are.
 */
const LEAN_PATHS = new Set(['login', 'register', 'verify-otp', 'forgot-password', 'reset-password']);
const isLean = (route: RouteObject): boolean =>
  route.path ? LEAN_PATHS.has(route.path) : !!route.children?.length && route.children.every(isLean);
const loadBlueprint = (route: RouteObject) =>
  isLean(route) ? import('../components/blueprint/blueprint-forms') : import('../components/blueprint/blueprint-full');
function withFullBlueprint(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const wrapped = typeof lazy === 'function' && !route.index ? { lazy: async () => (await Promise.all([lazy(), loadBlueprint(route)]))[0] } : {};
    return { ...route, ...wrapped, ...(children ? { children: withFullBlueprint(children) } : {}) } as RouteObject;
  });
}

/**
 * The product's routes: the public and account pages inside the public shell (header, footer), the
 * signed-in pages inside the app shell. `extra` adds desktop-only routes (the staff screens, which
 * bring their own header), outside both.
 */
export function buildRoutes(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        // The school workspace has its own shell (features/workspace).
        ...withFullBlueprint(workspace()),
        {
          lazy: () => import('../components/layout/app-layout'),
          children: withFullBlueprint(signedInRoutes),
        },
        ...withFullBlueprint(extra),
        {
          lazy: () => import('../components/layout/public-layout'),
          children: withFullBlueprint([...publicRoutes, ...accountRoutes, notFound]),
        },
      ],
    },
  ];
}

/**
 * On `{subdomain}.{APP_DOMAIN}` the app is that school's portal: its public page, and the school's
 * workspace behind the sign-in (/sign-in, /join, /workspace).
 */
export function buildPortalRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: withFullBlueprint([
        ...workspace(),
        // The features' public pages: the admission form, a certificate's check, a pay link (portalRoutes).
        ...FEATURES.flatMap((f) => f.portalRoutes ?? []),
        { path: '*', lazy: () => import('../features/portal/pages/portal-page') },
      ]),
    },
  ];
}
