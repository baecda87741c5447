import type { RouteObject } from 'react-router';

/** The academic calendar under /workspace/{schoolId}/ (issue 15): the month view and the printable holiday list. */
export const calendarRoutes: RouteObject[] = [
  { path: 'calendar', lazy: () => import('./pages/calendar-page') },
  { path: 'calendar/holidays', lazy: () => import('./pages/holiday-list-page') },
];
