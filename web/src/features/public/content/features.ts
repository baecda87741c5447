/** Spec §1: the features available today. */
export const AVAILABLE_FEATURES = [
  { name: 'Student Data', description: 'Admission number, class, guardians and contact details for every student, always up to date.' },
  { name: 'Teacher Data', description: 'Staff profiles with qualifications, subjects taught and class-teacher responsibilities.' },
  { name: 'Admission', description: 'Admit new students class by class and place them straight into their sections.' },
  { name: 'Attendance', description: 'Mark daily attendance for a class in a few clicks and keep monthly registers without paper.' },
  { name: 'Exams', description: 'Schedule unit tests, half-yearly and annual examinations with subject-wise date sheets.' },
  { name: 'Grading and Reports', description: 'Enter marks, apply your grading scale and produce report cards for the whole class.' },
  { name: 'Academic Calendar', description: 'Terms, holidays, parent-teacher meetings and events for the session, shared with everyone.' },
  { name: 'Time Table', description: 'Period-wise timetables for every class and teacher, built without clashes.' },
  { name: 'Fee Management', description: 'Fee heads, instalments, concessions and receipts, with pending dues visible at a glance.' },
] as const;

/** Spec §1: announced, not yet available. */
export const COMING_SOON_FEATURES = [
  { name: 'Parent Portal', description: 'Parents see attendance, results, fee dues and notices for their child.' },
  { name: 'Multi-branch Management', description: 'Run several campuses from one account, with reports across branches.' },
  { name: 'Analytics Dashboard', description: 'Trends in attendance, results and fee collection on one screen.' },
  { name: 'Mobile Apps', description: 'Apps for phones so teachers and parents can stay up to date on the go.' },
  { name: 'Third-party Integrations', description: 'Connect the accounting, messaging and payment tools your school already uses.' },
] as const;
