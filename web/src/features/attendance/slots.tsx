import { lazy } from 'react';
import type { HomeCardSlot, StudentTabSlot } from '../../lib/workspace/slots';

/**
 * What attendance shows in other features' screens (lib/workspace/slots.tsx), listed in
 * app/workspace-slots.tsx: the student's attendance as a tab of their profile, and today's
 * attendance as a card on the home page of the principal and the office.
 */
export const studentAttendanceTab: StudentTabSlot = {
  id: 'attendance',
  permission: 'attendance.read',
  // Lazy, with the catalogue it reads (lib/workspace/slots.tsx).
  Title: lazy(() => import('./components/tab-title')),
  Panel: lazy(() => import('./components/student-attendance-panel')),
};

export const attendanceTodayCard: HomeCardSlot = {
  id: 'attendance-today',
  roles: ['admin', 'office'],
  Card: lazy(() => import('./components/today-card')),
};
