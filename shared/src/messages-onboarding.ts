/**
 * The texts added by the onboarding hardening (issue 20), kept beside MESSAGES rather than inside it
 * so the spec's own strings stay in one untouched table.
 */
export const ONBOARDING_TEXT = {
  verifyOtp: {
    sentTo: (username: string, masked: string) => `We sent a 6-digit code for ${username} to ${masked}.`,
    validity: 'The code is valid for 10 minutes. If you cannot find the email, check your spam or junk folder.',
    wrongEmail: 'Wrong email address?',
    fixEmail: 'Register again with the right one',
  },
  account: {
    menu: 'Account',
    signedInAs: (username: string) => `Signed in as ${username}`,
    changePassword: 'Change password',
    editSchool: 'Edit school',
    dashboard: 'Dashboard',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    save: 'Change Password',
    cancel: 'Cancel',
  },
  setup: {
    created: 'Created',
    nothingCreated: {
      title: 'Nothing new to create',
      classes: 'All the chosen classes already exist for this academic year.',
      sections: 'All these sections already exist.',
      subjects: 'All these subjects were already set for their classes.',
    },
    sameSectionsForAll: 'Same sections for every class',
    sameSectionsHint: (from: string) => `Copy the new sections of ${from} to every other class`,
    sameSectionsApply: (from: string) => `Use ${from}'s sections for every class`,
    applyToGroup: (group: string) => `Apply these subjects to the other classes of ${group}`,
    searchSubjects: 'Search subjects',
    noSubjectMatches: (q: string) => `No subject matches "${q}".`,
  },
  staff: {
    waited: 'Waiting',
    classes: 'Classes',
    noClasses: 'No classes set up yet.',
    classRow: (sections: number, subjects: number) =>
      `${sections} ${sections === 1 ? 'section' : 'sections'} · ${subjects} ${subjects === 1 ? 'subject' : 'subjects'}`,
  },
  school: {
    affiliationLabel: 'Affiliation number',
    affiliationHelp: 'The number your board gave the school (e.g. CBSE affiliation no. 2130123).',
    affiliationFormat: 'Affiliation number can only contain letters, numbers, spaces, slashes, dots and hyphens',
    affiliationLength: 'Affiliation number must be 2 to 50 characters',
    schoolCodeLabel: 'School code (UDISE+)',
    schoolCodeHelp: "Your school's 11-digit UDISE+ code from the Ministry of Education, if it has one.",
    boardPlaceholder: 'Choose or type: CBSE, ICSE, State board…',
    boards: ['CBSE', 'ICSE', 'State board', 'IB', 'Cambridge', 'Other'],
    suggestionsLead: 'Free instead:',
    useSuggestion: (s: string) => `Use ${s}`,
  },
  editSchool: {
    title: 'Edit Your School',
    intro: 'Keep your school profile up to date. Changes are saved at once.',
    submit: 'Save Changes',
    saved: 'School details saved',
    subdomainLocked: 'Your portal address cannot change after approval.',
  },
} as const;
