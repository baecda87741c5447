import type { RouteObject } from 'react-router';

/**
 * Online payment pages under /workspace/{schoolId}/ (issue 32): the orders and the gateway settings
 * (payments), and a guardian's "Pay online" for a child (my-children/{studentId}/pay).
 */
export const onlinePaymentsRoutes: RouteObject[] = [
  { path: 'payments', lazy: () => import('./pages/payments-page') },
  { path: 'my-children/:studentId/pay', lazy: () => import('./pages/pay-child-page') },
];

/** The pay link's page on the school's portal (/pay/{token}), no sign-in. */
export const payLinkRoute: RouteObject = { path: 'pay/:token', lazy: () => import('./pages/pay-link-page') };
