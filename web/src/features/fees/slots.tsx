import { lazy } from 'react';
import type { StudentTabSlot } from '../../lib/workspace/slots';
import { useT } from './i18n';

/** The tab's title, in the fees catalogue (small, so not lazy: the tab strip shows it at once). */
function FeesTabTitle() {
  const t = useT();
  return <>{t('fees.title')}</>;
}

/** A "Fees" tab on the student's profile: dues, concessions, receipts; guardians see their own child's. */
export const feesStudentTab: StudentTabSlot = {
  id: 'fees',
  permission: 'fees.read',
  Title: FeesTabTitle,
  Panel: lazy(() => import('./components/student-fees-panel')),
};
