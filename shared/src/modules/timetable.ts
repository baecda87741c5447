import { defineContract } from './contract';

/** Timetable and substitutions (issue 15). */
export const TIMETABLE_CONTRACT = defineContract({
  name: 'timetable',
  errors: {
    TIMETABLE_CLASH: { status: 409, message: 'A teacher would be in two places at once.' },
    TEACHER_OVERLOADED: { status: 409, message: 'A teacher would teach more periods in a day than the school allows.' },
    SUBSTITUTE_NOT_FREE: { status: 409, message: 'This teacher is not free in that period.' },
  },
  permissions: [
    'timetable.read',
    'timetable.manage',
  ],
  grants: {
    office: ['timetable.read'],
    accountant: ['timetable.read'],
    teacher: ['timetable.read'],
    guardian: ['timetable.read'],
  },
});
