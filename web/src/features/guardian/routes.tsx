import type { RouteObject } from 'react-router';

/** The guardian's view under /workspace/{schoolId}/my-children (app/routes.tsx composes it). */
export const guardianRoutes: RouteObject[] = [{ path: 'my-children', lazy: () => import('./pages/my-children-page') }];
