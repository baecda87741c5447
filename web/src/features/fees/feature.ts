import { defineFeature } from '../../lib/workspace/feature';
import { feesRoutes } from './routes';

/** Fees and the counter; the Fees tab on the student's profile. */
export const feesFeature = defineFeature({
  name: 'fees',
  routes: feesRoutes,
  slots: () => import('./slots').then((m) => ({ studentTabs: [m.feesStudentTab] })),
});
