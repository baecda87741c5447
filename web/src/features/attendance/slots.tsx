import { lazy, Suspense } from 'react';
import type { HomeCardSlot, StudentTabSlot } from '../../lib/workspace/slots';

/**
 * What attendance shows in other features' screens (lib/workspace/slots.tsx), listed in
 * app/workspace-slots.tsx: the student's attendance as a tab of their profile, and today's
 * attendance as a card on the home page of the principal and the office.
 */
// The tab's title loads with the catalogue it reads (as the exams' tab does): a slot is listed on every
// workspace page, and a catalogue imported here would load before each one's first paint (issue 37).
const TabTitle = lazy(() => import('./components/tab-title'));
function StudentTabTitle() {
  return (
    <Suspense fallback={<span>…</span>}>
      <TabTitle />
    </Suspense>
  );
}

export const studentAttendanceTab: StudentTabSlot = {
  id: 'attendance',
  permission: 'attendance.read',
  Title: StudentTabTitle,
  Panel: lazy(() => import('./components/student-attendance-panel')),
};

export const attendanceTodayCard: HomeCardSlot = {
  id: 'attendance-today',
  roles: ['admin', 'office'],
  Card: lazy(() => import('./components/today-card')),
};
