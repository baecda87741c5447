import { defineFeature } from '../../lib/workspace/feature';
import { insightsRoutes } from './routes';

/** The principal's insights. */
export const insightsFeature = defineFeature({
  name: 'insights',
  routes: insightsRoutes,
  nav: [{ key: 'insights', path: 'insights', icon: 'timeline-bar-chart', permission: 'insights.read', audience: 'staff', comingSoon: false }],
});
