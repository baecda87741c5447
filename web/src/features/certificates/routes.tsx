import type { RouteObject } from 'react-router';

/** The certificate register and ID cards under /workspace/{schoolId}/certificates (app/routes.tsx composes them). */
export const certificatesRoutes: RouteObject[] = [{ path: 'certificates', lazy: () => import('./pages/register-page') }];
