import type { RouteObject } from 'react-router';

/**
 * Staff, teaching assignments, bell schedules, timetables and substitutions under
 * /workspace/{schoolId}/ (issue 15). Pages load lazily; composed in app/routes.tsx.
 */
export const timetableRoutes: RouteObject[] = [
  { path: 'staff', lazy: () => import('./pages/staff-page') },
  { path: 'timetable', lazy: () => import('./pages/timetable-page') },
];
