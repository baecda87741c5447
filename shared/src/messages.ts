/**
 * The user-facing strings of spec §2, §4, §5 and §8 that the schemas, the server's error table or
 * more than one part of the renderer use, plus the ones DECISIONS.md adds. Spec strings are copied
 * exactly (spelling, punctuation, capitals; messages.spec.ts checks them). Copy that only one
 * screen shows lives with the feature that shows it (`web/src/features/<f>/messages.ts`).
 */

// Strings that serve in more than one group.
const USERNAME_MIN_MESSAGE = 'Username must be at least 3 characters';
const PASSWORD_MIN_MESSAGE = 'Password must be at least 6 characters';
const PASSWORDS_DONT_MATCH = "Passwords don't match";
const INVALID_CREDENTIALS = 'Invalid username or password';
const INVALID_OTP = 'Invalid OTP. Please try again.';
const SCHOOL_NAME_MAX_MESSAGE = 'School name must not exceed 255 characters';
const REGISTRATION_FAILED = 'Registration failed';
const LOGIN_FAILED = 'Login failed';
const RESEND_OTP_FAILED = 'Failed to resend OTP';
const SEND_RESET_CODE_FAILED = 'Failed to send reset code';
const PASSWORD_RESET_FAILED = 'Password reset failed';
const LOGOUT_FAILED = 'Logout failed';
const CREATE_SCHOOL_FAILED = 'Failed to create school';
const PLEASE_TRY_AGAIN = 'Please try again.';
const SCHOOL_ID_REQUIRED_TITLE = 'School ID Required';
const NO_CLASSES_FOUND = 'No Classes Found';
const ALL_FIELDS_REQUIRED = 'All fields are required';
const ERROR = 'Error';
const EMAIL_TOO_LONG = 'Email must not exceed 255 characters';
const ADD_AT_LEAST_ONE_SECTION = 'Please add at least one section to proceed.';
const LOGIN = 'Login';
const GET_STARTED = 'Get Started';
const START_FREE_TRIAL = 'Start Free Trial';
const ADD_SUBJECTS = 'Add Subjects';

export const MESSAGES = {
  /** Field messages of spec §5 (and the limits DECISIONS adds). */
  validation: {
    // Accounts
    usernameMin: USERNAME_MIN_MESSAGE,
    usernameMax: 'Username must not exceed 30 characters',
    usernameCharacters: 'Username can contain only letters, digits, dots, hyphens and underscores, in one script',
    emailInvalid: 'Please enter a valid email address',
    emailTooLong: EMAIL_TOO_LONG,
    passwordMin: PASSWORD_MIN_MESSAGE,
    passwordMax: 'Password must not exceed 128 characters',
    passwordRequired: 'Password is required',
    passwordsDontMatch: PASSWORDS_DONT_MATCH,
    passwordLikeAccount: 'Password must not be your username or email address',
    agreeToTerms: 'You must agree to the Terms of Service and Privacy Policy',
    otpDigits: 'OTP must be 6 digits',
    otpPurposeInvalid: 'Purpose must be registration or password_reset',
    resetTokenRequired: 'Reset token is required',
    refreshTokenRequired: 'Refresh token is required',

    // School form
    schoolNameMin: 'School name must be at least 2 characters',
    schoolNameMax: SCHOOL_NAME_MAX_MESSAGE,
    subdomainRequired: 'Subdomain is required',
    subdomainMin: 'Subdomain must be at least 3 characters',
    subdomainMax: 'Subdomain must not exceed 50 characters',
    subdomainCharacters: 'Subdomain can only contain lowercase letters, numbers, and hyphens',
    subdomainStart: 'Subdomain must start with a letter or number',
    subdomainEnd: 'Subdomain must end with a letter or number',
    subdomainConsecutiveHyphens: 'Subdomain cannot contain consecutive hyphens',
    addressRequired: 'Address is required',
    address1Required: 'Address line 1 is required',
    address1TooLong: 'Address line 1 too long',
    address2TooLong: 'Address line 2 too long',
    localityRequired: 'Locality is required',
    localityTooLong: 'Locality too long',
    cityRequired: 'City is required',
    cityTooLong: 'City too long',
    stateRequired: 'State is required',
    stateTooLong: 'State too long',
    countryRequired: 'Country is required',
    countryTooLong: 'Country too long',
    pinCode: 'Pin code must be 4-10 digits',
    landmarkTooLong: 'Landmark too long',
    levelRequired: 'Please select a school level',
    boardTooLong: 'Board must not exceed 255 characters',
    schoolCodeMin: 'School code must be at least 2 characters',
    schoolCodeMax: 'School code must not exceed 50 characters',
    schoolCodeFormat:
      'School code can only contain uppercase letters, numbers, hyphens and underscores',
    phoneNumbersMin: 'At least one phone number is required',
    phoneNumbersMax: 'Maximum 5 phone numbers allowed',
    phoneNumberFormat: 'Invalid phone number format',
    phoneNumbersUnique: 'Phone numbers must be unique',
    schoolEmailInvalid: 'Invalid email format',
    schoolEmailTooLong: EMAIL_TOO_LONG,
    principalNameMin: 'Principal name must be at least 2 characters',
    principalNameMax: 'Principal name must not exceed 255 characters',
    principalNameFormat: 'Principal name can only contain letters, spaces and dots',
    establishedYearInteger: 'Established year must be a whole number',
    establishedYearMin: 'Established year cannot be before 1800',
    establishedYearFuture: 'Established year cannot be in the future',
    languageMin: 'Language must be at least 2 characters',
    languageMax: 'Language must not exceed 50 characters',
    languageFormat: 'Language can only contain letters and spaces',
    planTypeInvalid: 'Plan must be one of free_trial, basic, standard or premium',

    // Setup forms
    schoolIdInvalid: 'Invalid school ID',
    idInvalid: 'Invalid ID',
    academicYearFormat: 'Academic year must be in format YYYY-YY (e.g., 2024-25)',
    academicYearRange: 'Academic year must be between 2000-01 and 2099-00',
    classesMin: 'Please select at least one class',
    unknownClass: (name: string) =>
      `"${name}" is not one of the available classes (Nursery to Class 12)`,
    classNameRequired: 'Class name is required',
    duplicateClass: 'Each class can appear only once',
    sectionsMin: ADD_AT_LEAST_ONE_SECTION,
    sectionNameRequired: 'Section name is required',
    sectionNameMax: 'Section name must not exceed 20 characters',
    sectionNamesUnique: 'Section names must be unique within a class',
    classSubjectsMin: 'Please select at least one subject to add',
    subjectNamesMin: 'Please select at least one subject for this class',
    subjectNameRequired: 'Subject name is required',
    subjectNameMax: 'Subject name must not exceed 100 characters',
    subjectNamesUnique: 'Each subject can be added only once per class',

    // Contact form
    nameRequired: 'Name is required',
    contactNameMax: 'Name must not exceed 100 characters',
    contactEmailRequired: 'Email is required',
    contactSchoolMax: SCHOOL_NAME_MAX_MESSAGE,
    messageRequired: 'Message is required',
    messageMax: 'Message must not exceed 5000 characters',
    allFieldsRequired: ALL_FIELDS_REQUIRED,

    // Staff approval
    statusFilterInvalid: 'Status must be pending, approved, rejected or all',
    searchMax: 'Search must not exceed 100 characters',
    pageInvalid: 'Page must be a whole number of at least 1',
    pageSizeInvalid: 'Page size must be a whole number from 1 to 100',
    rejectionReasonRequired: 'A reason is required to reject a school',
    rejectionReasonMax: 'Reason must not exceed 1000 characters',
  },

  /** Conflicts and refusals the server answers with (DECISIONS.md). */
  errors: {
    invalidCredentials: INVALID_CREDENTIALS,
    invalidOtp: INVALID_OTP,
    passwordTooCommon: 'This password is too common',
    subdomainTaken: 'Subdomain already taken',
    subdomainReserved: 'This subdomain is reserved',
    planComingSoon: 'This plan is coming soon',
    // Schools and setup (issue 4)
    subdomainLocked: 'The subdomain of an approved school cannot be changed',
    /** `classList`: the class names, comma separated. */
    unknownClasses: (classList: string) =>
      `These classes have not been added for this academic year: ${classList}. Please add them first.`,
    classNotAdded: (className: string, academicYear: string) =>
      `${className} has not been added for ${academicYear}`,
    /** `subjectList`: the subject names, comma separated. */
    unknownSubjects: (subjectList: string) =>
      `These subjects are not in the list of available subjects: ${subjectList}`,
    unknownSubject: (subjectName: string) => `${subjectName} is not one of the available subjects`,
  },

  /** Success toasts (spec §2, §4, §8). */
  toast: {
    registrationSuccess: 'Registration successful! Please check your email for verification code',
    loginSuccess: 'Welcome back! You have been successfully logged in.',
    emailVerified: 'Email verified successfully! You can now sign in to your account.',
    otpVerified: 'OTP verified successfully! You can now reset your password.',
    otpSent: 'OTP sent successfully!',
    resetCodeSent: 'Reset code sent!',
    codeVerified: 'Code verified! Please enter your new password.',
    passwordResetSuccess: 'Password reset successful! You can now login with your new password.',
    contactSent: "Message sent successfully! We'll get back to you within 24 hours.",
    loggedOut: 'Logged out successfully',
    /** /reset-password page. */
    resetPasswordPage: {
      title: 'Password reset successful!',
      description: 'You can now sign in with your new password.',
    },
    schoolCreated: {
      title: 'School created successfully!',
      description: 'Your school profile has been created and is pending approval.',
    },
    classesCreated: {
      title: 'Classes Created Successfully!',
      description: (count: number) => `${count} classes have been created for your school.`,
    },
    sectionsCreated: {
      title: 'Sections Created Successfully!',
      description: (count: number) => `${count} sections have been created for your classes.`,
    },
    subjectsSaved: {
      title: 'Subjects Saved Successfully!',
      description: 'Subjects have been configured for your classes.',
    },
    subjectsAlreadyComplete: {
      title: 'Subjects Configuration Complete!',
      description: 'All classes already have subjects configured.',
    },
  },

  /** Fallbacks when a failed answer carries no server message (spec §8). */
  fallback: {
    register: REGISTRATION_FAILED,
    resendOtp: RESEND_OTP_FAILED,
    verifyOtp: 'OTP verification failed',
    login: LOGIN_FAILED,
    forgotPassword: SEND_RESET_CODE_FAILED,
    resetPassword: PASSWORD_RESET_FAILED,
    fetchUser: 'Failed to fetch user data',
    fetchSchool: 'Failed to fetch school data',
    fetchSchoolDetailed: 'Failed to fetch detailed school data',
    logout: LOGOUT_FAILED,
    refreshToken: 'Token refresh failed',
    createSchool: CREATE_SCHOOL_FAILED,
    updatePlan: 'Failed to update plan',
    addClasses: 'Failed to add classes',
    addSections: 'Failed to add sections',
    fetchClassesSections: 'Failed to fetch classes and sections',
    fetchSubjects: 'Failed to fetch subjects',
    fetchGlobalSubjects: 'Failed to fetch global subjects',
    createClassSubjects: 'Failed to create class subjects',
  },

  /**
   * Destructive toasts: the title, and the description shown when the server gives no message
   * (spec §8 "server message, or the fallback text after the colon").
   */
  destructive: {
    register: { title: REGISTRATION_FAILED, description: 'An error occurred during registration' },
    login: { title: LOGIN_FAILED, description: INVALID_CREDENTIALS },
    verifyOtp: { title: 'Verification failed', description: INVALID_OTP },
    resendOtp: { title: RESEND_OTP_FAILED, description: 'Please try again later' },
    sendResetCode: { title: SEND_RESET_CODE_FAILED, description: PLEASE_TRY_AGAIN },
    invalidCode: { title: 'Invalid code', description: PLEASE_TRY_AGAIN },
    resetPasswordFailed: { title: 'Failed to reset password', description: PLEASE_TRY_AGAIN },
    resendCode: { title: 'Failed to resend code', description: PLEASE_TRY_AGAIN },
    passwordReset: {
      title: PASSWORD_RESET_FAILED,
      description: 'An error occurred while resetting your password',
    },
    passwordTooShort: {
      title: 'Password too short',
      description: 'Password must be at least 6 characters long',
    },
    passwordsMismatch: {
      title: PASSWORDS_DONT_MATCH,
      description: 'Please make sure both passwords are identical',
    },
    createSchool: {
      title: CREATE_SCHOOL_FAILED,
      description: 'An error occurred while creating your school profile',
    },
    createClasses: {
      title: 'Error Creating Classes',
      description: 'Failed to create classes. Please try again.',
    },
    createSections: {
      title: 'Error Creating Sections',
      description: 'Failed to create sections. Please try again.',
    },
    addSubjects: {
      title: 'Error Adding Subjects',
      description: 'Failed to add subjects. Please try again.',
    },
    noSectionsToCreate: {
      title: 'No Sections to Create',
      description: ADD_AT_LEAST_ONE_SECTION,
    },
    incompleteSubjectSelection: {
      title: 'Incomplete Subject Selection',
      description: (classNames: readonly string[]) =>
        `Please select at least one subject for: ${classNames.join(', ')}`,
    },
    loadClasses: { title: ERROR, description: 'Failed to load classes. Please try again.' },
    loadGlobalSubjects: {
      title: ERROR,
      description: 'Failed to load global subjects. Please try again.',
      /** The shorter variant the spec also lists. */
      short: 'Failed to load global subjects.',
    },
    loadSchool: { title: 'Error loading school data', description: 'Please try refreshing the page' },
    contact: {
      title: 'Failed to send message',
      description: 'Please try again or contact us directly.',
    },
    logout: {
      title: LOGOUT_FAILED,
      description: 'There was an error logging out. Please try again.',
    },
  },

  /** Contact-form answers by status (spec §8 "E-mail service statuses"). */
  emailService: {
    422: 'Invalid email format. Please check your email address.',
    400: 'Message sending failed. Please check all fields.',
    403: 'Service temporarily unavailable. Please try again later.',
    other: 'Failed to send message. Please try again.',
  },

  /** Whole-screen states (spec §2). */
  screens: {
    initializing: 'Initializing...',
    notFound: { title: 'Oops! Page not found', homeLink: 'Return to Home' },
    schoolIdRequired: {
      title: SCHOOL_ID_REQUIRED_TITLE,
      classes: 'School ID is required to setup classes.',
      sections: 'School ID is required to setup sections.',
      subjects: 'School ID is required to setup subjects.',
      action: 'Go to Dashboard',
    },
    noClassesFound: {
      title: NO_CLASSES_FOUND,
      description: 'Please create classes first before setting up sections.',
      action: 'Setup Classes',
    },
    noSectionsYet: 'No sections yet. Click "Add Section" to create sections for this class.',
    noGlobalSubjects: 'No global subjects found. Please contact your administrator.',
    noSubjectsSelected:
      'No subjects selected. Click "Add Subjects" to select subjects for this class.',
  },

  /** Headings and button labels of spec §2. */
  ui: {
    nav: {
      home: 'Home',
      features: 'Features',
      howItWorks: 'How It Works',
      pricing: 'Pricing',
      about: 'About',
      contact: 'Contact',
      login: LOGIN,
      getStarted: GET_STARTED,
      yourSchool: 'Your School',
      logout: 'Logout',
    },
    footer: {
      privacy: 'Privacy Policy',
      terms: 'Terms of Service',
      refund: 'Refund Policy',
    },
    home: {
      startFreeTrial: START_FREE_TRIAL,
      watchDemo: 'Watch Demo',
      startYourJourney: 'Start Your Journey',
      getStartedToday: 'Get Started Today',
      talkToSales: 'Talk to Sales',
      steps: ['Register Your School', 'Setup Structure', 'Start Trial', 'Go Live'],
    },
    features: { available: 'Available Features', comingSoon: 'Coming Soon', getStarted: GET_STARTED },
    howItWorks: { startYourFreeTrial: 'Start Your Free Trial' },
    pricing: {
      freeTrial: 'Free Trial',
      startFreeTrial: START_FREE_TRIAL,
      customSolutions: 'Custom Solutions',
      contactUs: 'Contact Us',
    },
    register: { title: 'Create Your Account', submit: 'Create Account' },
    login: { title: 'Login to Platform', submit: LOGIN },
    verifyOtp: { submit: 'Verify Code', resend: 'Resend', backToLogin: 'Back to Login' },
    dashboard: {
      createYourSchool: 'Create Your School',
      continueSetup: 'Continue Setup',
      visitPortal: 'Visit Portal',
      accessSchoolPortal: 'Access School Portal',
    },
    setupSchool: {
      basicInformation: 'Basic Information',
      addressInformation: 'Address Information',
      contactInformation: 'Contact Information',
      additionalInformation: 'Additional Information',
      backToDashboard: 'Back to Dashboard',
    },
    setupClasses: {
      selectAll: 'Select All',
      deselectAll: 'Deselect All',
      submit: (count: number) => `Create Classes (${count})`,
    },
    setupSections: { addSection: 'Add Section' },
    setupSubjects: {
      addSubjects: ADD_SUBJECTS,
      dialogTitle: (className: string) => `Select Subjects for ${className}`,
      cancel: 'Cancel',
      saveSelection: (count: number) => `Save Selection (${count})`,
      submit: 'Save Subjects Configuration',
    },
  },

  /** Approval badge (spec §4). */
  approval: {
    approved: 'Approved',
    pending: 'Pending Approval',
    rejected: 'Rejected',
  },

  /** Next-step labels of the setup progress card (spec §4). */
  setupSteps: {
    classes: 'Add Classes',
    sections: 'Add Sections',
    subjects: ADD_SUBJECTS,
  },

  /** Spec §4 "Setup complete message", written out as sentences. */
  setupComplete: {
    approved: 'Setup complete! Your school is approved and the system is ready to use.',
    rejected:
      "Setup complete, but your school's approval was rejected. Please contact support for help.",
    pending: 'Setup complete! Your school is waiting for approval, which usually takes 24-48 hours.',
  },

  /** The desktop app: the server it talks to, its settings and its keychain (DECISIONS "Desktop"). */
  desktop: {
    connectTitle: 'Connect to your Vidyalaya server',
    connectIntro:
      'Enter the address of the Vidyalaya server your school office uses. The app checks that it answers before saving it.',
    serverUrlLabel: 'Server address',
    serverUrlPlaceholder: 'https://vidyalaya.example.in',
    appDomainLabel: 'Portal domain',
    appDomainHelp: "The host that school portals live under. Leave it empty to use the server's host.",
    connect: 'Connect',
    saveAndReconnect: 'Save and reconnect',
    serverSettings: 'Server settings',
    connectedTo: (serverUrl: string) => `Connected to ${serverUrl}`,
    serverUrlRequired: 'Enter the server address',
    serverUrlInvalid: 'Enter a web address starting with http:// or https://',
    serverUrlCredentials: 'The address must not contain a user name or password',
    serverUrlOriginOnly: "Enter the server's address only, without a path, query or #",
    serverUrlHttps: 'Use https:// (plain http:// is only for a server on this computer, such as localhost)',
    appDomainInvalid: 'Enter a host name with an optional port, e.g. vidyalaya.in or localhost:3000',
    serverUnreachable: (serverUrl: string) =>
      `Could not reach a server at ${serverUrl}. Check the address and your network.`,
    serverNotVidyalaya: (serverUrl: string) => `${serverUrl} answered, but it is not a Vidyalaya server.`,
    serverUnhealthy: (serverUrl: string) =>
      `The server at ${serverUrl} answered, but its database is not available. Try again later.`,
    keychainUnavailable: {
      title: 'No system keychain available',
      description: 'You will stay signed in only until the app closes.',
    },
    keychainAvailable: "Sign-in tokens are kept in this computer's keychain.",
    notInDesktop: 'This page runs inside the Vidyalaya desktop app.',
    appBar: 'Desktop app',
  },

  /** A signed-in user opening screens meant for the other role. */
  notAllowed: {
    title: 'Not allowed',
    staffScreen: 'This screen is for Vidyalaya staff only. Your account is a school administrator account.',
    adminScreens:
      'These screens are for school administrators. Staff accounts review schools in the desktop app.',
    staffSignInRefused: 'Only Vidyalaya staff can sign in here. You have been signed out.',
  },
} as const;
