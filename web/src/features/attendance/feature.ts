import { defineFeature } from '../../lib/workspace/feature';
import { attendanceRoutes } from './routes';

/** Attendance; its tab on the student's profile and today's attendance on the home page. */
export const attendanceFeature = defineFeature({
  name: 'attendance',
  routes: attendanceRoutes,
  slots: () => import('./slots').then((m) => ({ studentTabs: [m.studentAttendanceTab], homeCards: [m.attendanceTodayCard] })),
});
