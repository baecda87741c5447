import type { RouteObject } from 'react-router';

/** The notice board under /workspace/{schoolId}/notices (app/routes.tsx composes it). */
export const noticesRoutes: RouteObject[] = [{ path: 'notices', lazy: () => import('./pages/notices-page') }];
