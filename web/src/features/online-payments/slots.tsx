import { lazy } from 'react';
import type { StudentActionSlot } from '../../lib/workspace/slots';

/** "Pay link" on the student's record (lib/workspace/slots.tsx): a signed link to the child's dues and the online payment. */
export const payLinkAction: StudentActionSlot = {
  id: 'online-payments.pay-link',
  permission: 'payments.links',
  Action: lazy(() => import('./components/pay-link-action')),
};
