import type { RouteObject } from 'react-router';

/**
 * The guardian's view under /workspace/{schoolId}/my-children, and the office's side of the
 * guardians' data rights under /workspace/{schoolId}/data-requests (app/routes.tsx composes them).
 */
export const guardianRoutes: RouteObject[] = [
  { path: 'my-children', lazy: () => import('./pages/my-children-page') },
  { path: 'data-requests', lazy: () => import('./pages/data-requests-page') },
];
