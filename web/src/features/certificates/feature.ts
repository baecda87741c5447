import { defineFeature } from '../../lib/workspace/feature';
import { certificatesRoutes } from './routes';

/** Certificates: the register, "Issue certificate" on the student's record, the public check of a QR code. */
export const certificatesFeature = defineFeature({
  name: 'certificates',
  routes: certificatesRoutes,
  portalRoutes: [
    { path: 'verify/:code', lazy: () => import('./pages/verify-page') },
    // The school's published TC list, when it publishes one.
    { path: 'transfer-certificates', lazy: () => import('./pages/published-page') },
  ],
  nav: [{ key: 'certificates', path: 'certificates', icon: 'document', permission: 'certificates.issue', audience: 'staff', comingSoon: false }],
  slots: () => import('./slots').then((m) => ({ studentActions: [m.issueCertificateAction] })),
});
