import type { RouteObject } from 'react-router';

/** Attendance pages under /workspace/{schoolId}/ (docs/attendance.md). */
export const attendanceRoutes: RouteObject[] = [
  { path: 'attendance', lazy: () => import('./pages/today-page') },
  { path: 'attendance/mark/:sectionId/:date', lazy: () => import('./pages/mark-page') },
  { path: 'attendance/register/:sectionId', lazy: () => import('./pages/register-page') },
  { path: 'attendance/pending', lazy: () => import('./pages/pending-page') },
];
