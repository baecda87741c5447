import { defineFeature } from '../../lib/workspace/feature';
import { noticesRoutes } from './routes';

/** Notices; the notice board on every role's home page. */
export const noticesFeature = defineFeature({
  name: 'notices',
  routes: noticesRoutes,
  slots: () => import('./slots').then((m) => ({ homeCards: [m.noticesHomeCard] })),
});
