import { Navigate, type RouteObject } from 'react-router';

/**
 * The staff approval screen's routes, added by the desktop entry only (src/main.desktop.tsx): the
 * web build's entry never imports this module, so no staff code ships in the public web app.
 */
export const staffRoutes: RouteObject[] = [
  { path: 'staff/login', lazy: () => import('./pages/staff-login-page') },
  {
    path: 'staff',
    lazy: () => import('./pages/staff-layout'),
    children: [
      { index: true, element: <Navigate to="schools" replace /> },
      { path: 'schools', lazy: () => import('./pages/schools-page') },
      { path: 'schools/:id', lazy: () => import('./pages/school-detail-page') },
    ],
  },
];
