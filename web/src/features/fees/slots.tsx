import { lazy, Suspense } from 'react';
import type { StudentTabSlot } from '../../lib/workspace/slots';

// The tab's title loads with the catalogue it reads (as the exams' tab does): a slot is listed on every
// workspace page, and a catalogue imported here would load before each one's first paint (issue 37).
const TabTitle = lazy(() => import('./components/tab-title'));
function FeesTabTitle() {
  return (
    <Suspense fallback={<span>…</span>}>
      <TabTitle />
    </Suspense>
  );
}

/** A "Fees" tab on the student's profile: dues, concessions, receipts; guardians see their own child's. */
export const feesStudentTab: StudentTabSlot = {
  id: 'fees',
  permission: 'fees.read',
  Title: FeesTabTitle,
  Panel: lazy(() => import('./components/student-fees-panel')),
};
