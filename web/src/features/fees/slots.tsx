import { lazy } from 'react';
import type { StudentTabSlot } from '../../lib/workspace/slots';

/** A "Fees" tab on the student's profile: dues, concessions, receipts; guardians see their own child's. */
export const feesStudentTab: StudentTabSlot = {
  id: 'fees',
  permission: 'fees.read',
  // Lazy, with the catalogue it reads (lib/workspace/slots.tsx).
  Title: lazy(() => import('./components/tab-title')),
  Panel: lazy(() => import('./components/student-fees-panel')),
};
