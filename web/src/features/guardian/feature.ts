import { defineFeature } from '../../lib/workspace/feature';
import { guardianRoutes } from './routes';

/** Guardians: their children, consents and data requests; "Invite guardians" on the student's record. */
export const guardianFeature = defineFeature({
  name: 'guardian',
  routes: guardianRoutes,
  slots: () => import('./slots').then((m) => ({ studentActions: [m.inviteGuardiansAction] })),
});
