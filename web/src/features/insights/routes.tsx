import type { RouteObject } from 'react-router';

/** The insights pages under /workspace/{schoolId}/ (issue 38): the charts' home and one insight opened. The chart code loads only here. */
export const insightsRoutes: RouteObject[] = [
  { path: 'insights', lazy: () => import('./pages/insights-page') },
  { path: 'insights/:kind', lazy: () => import('./pages/insight-detail-page') },
];
