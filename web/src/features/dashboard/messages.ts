/** The administrator's dashboard: words the spec leaves open. Shown only by this feature (moved from shared/src/messages.ts). */
export const DASHBOARD_TEXT = {
  dashboard: {
    loading: 'Loading your school...',
    welcomeTitle: (username: string) => `Welcome, ${username}!`,
    welcomeText:
      'You have not created a school yet. Create your school profile to set up classes, sections and subjects.',
    greeting: (username: string) => `Welcome back, ${username}!`,
    schoolInformation: 'School Information',
    classesOverview: 'Classes Overview',
    noClassesYet: 'No classes yet.',
    setupProgress: 'Setup Progress',
    percentComplete: (percent: number) => `${percent}% complete`,
    nextStep: (label: string) => `Next step: ${label}`,
    trialDaysLeft: (days: number) => (days === 1 ? 'Free trial: 1 day left' : `Free trial: ${days} days left`),
    trialEnded: 'Your free trial has ended.',
    rejectedReason: (reason: string) => `Reason given: ${reason}`,
    editAndResubmit: 'Edit and re-submit',
    retry: 'Try again',
  },
} as const;
