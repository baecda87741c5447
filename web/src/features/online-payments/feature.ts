import { defineFeature } from '../../lib/workspace/feature';
import { onlinePaymentsRoutes, payLinkRoute } from './routes';

/** Online fee payment: the payments page, a guardian's payment, the pay link on the portal. */
export const onlinePaymentsFeature = defineFeature({
  name: 'online-payments',
  routes: onlinePaymentsRoutes,
  portalRoutes: [payLinkRoute],
  slots: () => import('./slots').then((m) => ({ studentActions: [m.payLinkAction] })),
  nav: [{ key: 'payments', path: 'payments', icon: 'credit-card', permission: 'fees.collect', audience: 'staff', comingSoon: false }],
});
