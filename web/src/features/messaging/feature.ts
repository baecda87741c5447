import { defineFeature } from '../../lib/workspace/feature';
import { messagingRoutes } from './routes';

/** Messages to families: the admin's settings and log, a guardian's preferences. */
export const messagingFeature = defineFeature({
  name: 'messaging',
  routes: messagingRoutes,
  nav: [
    { key: 'messaging', path: 'messaging', icon: 'chat', permission: 'messaging.manage', audience: 'staff', comingSoon: false, after: 'notices' },
    { key: 'messagePreferences', path: 'message-preferences', icon: 'chat', permission: 'school.read', audience: 'guardian', comingSoon: false, after: 'messaging' },
  ],
});
