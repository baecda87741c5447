import { defineContract } from './contract';

/** Exams and report cards (DECISIONS "Exams and report cards"). */
export const EXAMS_CONTRACT = defineContract({
  name: 'exams',
  errors: {
    MARKS_LOCKED: { status: 422, message: 'The results of this exam are published: marks are locked until an admin unpublishes them.' },
    MARKS_INCOMPLETE: { status: 409, message: 'Some marks of this exam are not entered yet: fill the empty sheets, or an admin may publish knowingly.' },
    SCHEME_IN_USE: { status: 409, message: 'Marks have already been entered this year in an exam that uses this assessment scheme, so its components and maximum marks can no longer be changed.' },
    LOGO_INVALID: { status: 400, message: 'Upload the logo as a PNG or JPEG image of at most 256 KB.' },
    RESULTS_NOT_PUBLISHED: { status: 422, message: 'No results have been published for this student yet.' },
  },
  permissions: [
    'exams.manage',
    'marks.enter', // teachers: the subjects assigned to them
    'results.read',
    'results.publish',
  ],
  grants: {
    office: ['results.read'],
    teacher: ['marks.enter', 'results.read'],
    guardian: ['results.read'],
  },
});
