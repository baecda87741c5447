import type { RouteObject } from 'react-router';

/** The students feature's pages under /workspace/{schoolId}/ (issue 14). */
export const studentsRoutes: RouteObject[] = [
  { path: 'students', lazy: () => import('./pages/register-page') },
  { path: 'students/new', lazy: () => import('./pages/student-form-page') },
  { path: 'students/import', lazy: () => import('./pages/import-page') },
  { path: 'students/numbering', lazy: () => import('./pages/numbering-page') },
  { path: 'students/applications', lazy: () => import('./pages/applications-page') },
  { path: 'students/:studentId', lazy: () => import('./pages/profile-page') },
  { path: 'students/:studentId/edit', lazy: () => import('./pages/student-form-page') },
];
