/** The school profile and setup screens: words the spec leaves open. Shown only by this feature (moved from shared/src/messages.ts). */
export const SETUP_TEXT = {
  setupSchool: {
    editTitle: 'Edit and Re-submit Your School',
    submitCreate: 'Create School',
    submitEdit: 'Save and Re-submit',
    subdomainChecking: 'Checking availability...',
    subdomainAvailable: (host: string) => `${host} is available`,
    subdomainCurrent: "This is your school's current subdomain",
    addPhone: 'Add phone number',
    removePhone: (n: number) => `Remove phone number ${n}`,
    alreadyCreated: 'Your school profile has already been created.',
    resubmitted: {
      title: 'School re-submitted!',
      description: 'Your changes are saved and your school is waiting for approval again.',
    },
  },
  setup: {
    academicYear: 'Academic year',
    noClassesForSubjects: 'Please create classes first before setting up subjects.',
    selectedSummary: (count: number) => (count === 1 ? '1 class selected' : `${count} classes selected`),
    createSections: 'Create Sections',
    renameSection: (name: string) => `Rename section ${name}`,
    confirmSection: (name: string) => `Confirm section name ${name}`,
    removeSection: (name: string) => `Remove section ${name}`,
    removeSubject: (name: string) => `Remove ${name}`,
    selectedCount: (count: number) => `${count} selected`,
    alreadyAdded: 'Already added',
  },
  /** Also on the dashboard (features never share modules). */
  retry: 'Try again',
  rejectedReason: (reason: string) => `Reason given: ${reason}`,
} as const;
