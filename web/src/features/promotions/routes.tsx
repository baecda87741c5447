import type { RouteObject } from 'react-router';

/** Year end (promotion and rollover) under /workspace/{schoolId}/year-end (app/routes.tsx composes it). */
export const promotionsRoutes: RouteObject[] = [{ path: 'year-end', lazy: () => import('./pages/year-end-page') }];
