import { lazy } from 'react';
import type { StudentActionSlot } from '../../lib/workspace/slots';

/** "Certificates" on the student's record (lib/workspace/slots.tsx): issue a TC, bonafide or character certificate. */
export const issueCertificateAction: StudentActionSlot = {
  id: 'certificates.issue',
  permission: 'certificates.issue',
  Action: lazy(() => import('./components/issue-certificate-action')),
};
