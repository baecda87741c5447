/**
 * The labels a first page can need: the public site's header, menu, footer and home page, the
 * whole-screen states (spec §2) and the setup progress of a signed-in administrator's school (spec §4).
 * They are a module of their own, small enough for every page's first script; the rest of MESSAGES
 * loads with the screens that show it.
 */

/** Whole-screen states (spec §2). */
export const SCREEN_MESSAGES = {
  initializing: 'Initializing...',
  notFound: { title: 'Oops! Page not found', homeLink: 'Return to Home' },
  schoolIdRequired: {
    title: 'School ID Required',
    classes: 'School ID is required to setup classes.',
    sections: 'School ID is required to setup sections.',
    subjects: 'School ID is required to setup subjects.',
    action: 'Go to Dashboard',
  },
  noClassesFound: {
    title: 'No Classes Found',
    description: 'Please create classes first before setting up sections.',
    action: 'Setup Classes',
  },
  noSectionsYet: 'No sections yet. Click "Add Section" to create sections for this class.',
  noGlobalSubjects: 'No global subjects found. Please contact your administrator.',
  noSubjectsSelected:
    'No subjects selected. Click "Add Subjects" to select subjects for this class.',
} as const;

/** Spec §2's navigation labels: the header, its menu and the footer. */
export const NAV_MESSAGES = {
  home: 'Home',
  features: 'Features',
  howItWorks: 'How It Works',
  pricing: 'Pricing',
  about: 'About',
  contact: 'Contact',
  login: 'Login',
  getStarted: 'Get Started',
  yourSchool: 'Your School',
  logout: 'Logout',
} as const;

/** Spec §2's footer links. */
export const FOOTER_MESSAGES = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  refund: 'Refund Policy',
} as const;

/** Spec §2's home-page buttons and its four steps. */
export const HOME_MESSAGES = {
  startFreeTrial: 'Start Free Trial',
  watchDemo: 'Watch Demo',
  startYourJourney: 'Start Your Journey',
  getStartedToday: 'Get Started Today',
  talkToSales: 'Talk to Sales',
  steps: ['Register Your School', 'Setup Structure', 'Start Trial', 'Go Live'],
} as const;

/** Approval badge (spec §4). */
export const APPROVAL_MESSAGES = {
  approved: 'Approved',
  pending: 'Pending Approval',
  rejected: 'Rejected',
} as const;

/** Next-step labels of the setup progress card (spec §4). */
export const SETUP_STEP_MESSAGES = {
  classes: 'Add Classes',
  sections: 'Add Sections',
  subjects: 'Add Subjects',
} as const;

/** Spec §4 "Setup complete message", written out as sentences. */
export const SETUP_COMPLETE_MESSAGES = {
  approved: 'Setup complete! Your school is approved and the system is ready to use.',
  rejected:
    "Setup complete, but your school's approval was rejected. Please contact support for help.",
  pending: 'Setup complete! Your school is waiting for approval, which usually takes 24-48 hours.',
} as const;
