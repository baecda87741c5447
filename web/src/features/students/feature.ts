import { defineFeature } from '../../lib/workspace/feature';
import { studentsRoutes } from './routes';

/** Students and admissions: the register, a record, the applications; the public admission form on the portal. */
export const studentsFeature = defineFeature({
  name: 'students',
  routes: studentsRoutes,
  portalRoutes: [{ path: 'apply', lazy: () => import('./pages/apply-page') }],
});
