import type { RouteObject } from 'react-router';

/** Messages to families under /workspace/{schoolId}/ (app/routes.tsx composes it): the admin's settings and log, a guardian's preferences. */
export const messagingRoutes: RouteObject[] = [
  { path: 'messaging', lazy: () => import('./pages/messaging-page') },
  { path: 'message-preferences', lazy: () => import('./pages/message-preferences-page') },
];
