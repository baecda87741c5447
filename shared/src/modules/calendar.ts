import { defineContract } from './contract';

/** The academic calendar (issue 15). */
export const CALENDAR_CONTRACT = defineContract({
  name: 'calendar',
  errors: {
    SCHOOL_CLOSED: { status: 422, message: 'The school is closed on this day.' },
  },
  permissions: [
    'calendar.read',
    'calendar.manage',
  ],
  grants: {
    office: ['calendar.read', 'calendar.manage'],
    accountant: ['calendar.read'],
    teacher: ['calendar.read'],
    guardian: ['calendar.read'],
  },
});
