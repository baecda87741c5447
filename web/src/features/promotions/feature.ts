import { defineFeature } from '../../lib/workspace/feature';
import { promotionsRoutes } from './routes';

/** Year end: promotion and rollover. */
export const promotionsFeature = defineFeature({
  name: 'promotions',
  routes: promotionsRoutes,
  nav: [{ key: 'yearEnd', path: 'year-end', icon: 'changes', permission: 'promotions.manage', audience: 'staff', comingSoon: false }],
});
