import { defineContract } from './contract';

/** Attendance (DECISIONS "Attendance", issue 16). */
export const ATTENDANCE_CONTRACT = defineContract({
  name: 'attendance',
  errors: {
    ATTENDANCE_HOLIDAY: { status: 422, message: 'Attendance cannot be marked on a holiday.' },
    ATTENDANCE_FUTURE_DATE: { status: 422, message: 'Attendance cannot be marked for a day that has not come yet.' },
    ATTENDANCE_NOT_IN_SECTION: { status: 422, message: 'Some of these students are not in this section.' },
    ATTENDANCE_CONFLICT: { status: 409, message: 'Someone else saved this day’s attendance meanwhile. Review their marks and save again.' },
  },
  permissions: [
    'attendance.read',
    'attendance.mark', // teachers: the sections assigned to them
    'attendance.manage', // the school’s attendance settings (absence e-mails)
  ],
  grants: {
    office: ['attendance.read', 'attendance.mark'],
    teacher: ['attendance.read', 'attendance.mark'],
    guardian: ['attendance.read'],
  },
});
