import { APPROVAL_TIME, FREE_TRIAL_DAYS, FREE_TRIAL_MAX_STUDENTS, HOME_MESSAGES } from '@vidyalaya/shared';

const [REGISTER, SETUP, TRIAL, LIVE] = HOME_MESSAGES.steps;

/** Spec §1: the four steps, with what happens at each. */
export const STEPS = [
  {
    title: REGISTER,
    summary: 'Create your administrator account and confirm your e-mail address with a one-time code.',
    detail: 'It takes two minutes. You only need a username, an e-mail address and a password; no payment details are asked for.',
  },
  {
    title: SETUP,
    summary: 'Add your school’s profile, then choose classes, sections and subjects.',
    detail: 'Pick classes from Nursery to Class 12, add sections A, B, C or your own, and choose subjects for each class from a ready list.',
  },
  {
    title: TRIAL,
    summary: `We review your school within ${APPROVAL_TIME}, then your ${FREE_TRIAL_DAYS}-day free trial begins.`,
    detail: `The trial gives you every feature for up to ${FREE_TRIAL_MAX_STUDENTS} students, with our team helping you set up.`,
  },
  {
    title: LIVE,
    summary: 'Your school gets its own portal address. Add teachers and students and run the day from Vidyalaya.',
    detail: 'Attendance, exams, report cards, timetables and fees all move online, and everyone works from the same records.',
  },
] as const;
