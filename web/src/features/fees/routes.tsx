import type { RouteObject } from 'react-router';

/** The fees pages under /workspace/{schoolId}/ (issue 18): the counter, the day book, the defaulters, the set-up. */
export const feesRoutes: RouteObject[] = [
  { path: 'fees', lazy: () => import('./pages/counter-page') },
  { path: 'fees/day-book', lazy: () => import('./pages/day-book-page') },
  { path: 'fees/defaulters', lazy: () => import('./pages/defaulters-page') },
  { path: 'fees/setup', lazy: () => import('./pages/setup-page') },
];
