import { MESSAGES } from './messages';

describe('spec §8 Fallback messages', () => {
  it.each([
    ['register', 'Registration failed'],
    ['resendOtp', 'Failed to resend OTP'],
    ['verifyOtp', 'OTP verification failed'],
    ['login', 'Login failed'],
    ['forgotPassword', 'Failed to send reset code'],
    ['resetPassword', 'Password reset failed'],
    ['fetchUser', 'Failed to fetch user data'],
    ['fetchSchool', 'Failed to fetch school data'],
    ['fetchSchoolDetailed', 'Failed to fetch detailed school data'],
    ['logout', 'Logout failed'],
    ['refreshToken', 'Token refresh failed'],
    ['createSchool', 'Failed to create school'],
    ['updatePlan', 'Failed to update plan'],
    ['addClasses', 'Failed to add classes'],
    ['addSections', 'Failed to add sections'],
    ['fetchClassesSections', 'Failed to fetch classes and sections'],
    ['fetchSubjects', 'Failed to fetch subjects'],
    ['fetchGlobalSubjects', 'Failed to fetch global subjects'],
    ['createClassSubjects', 'Failed to create class subjects'],
  ] as const)('fallback.%s is %j', (key, text) => {
    expect(MESSAGES.fallback[key]).toBe(text);
  });

  it('has exactly the nineteen fallbacks of the spec', () => {
    expect(Object.keys(MESSAGES.fallback)).toHaveLength(19);
  });
});

describe('spec §8 Destructive toasts', () => {
  it.each([
    ['register', 'Registration failed', 'An error occurred during registration'],
    ['login', 'Login failed', 'Invalid username or password'],
    ['verifyOtp', 'Verification failed', 'Invalid OTP. Please try again.'],
    ['resendOtp', 'Failed to resend OTP', 'Please try again later'],
    ['passwordReset', 'Password reset failed', 'An error occurred while resetting your password'],
    ['createSchool', 'Failed to create school', 'An error occurred while creating your school profile'],
    ['createClasses', 'Error Creating Classes', 'Failed to create classes. Please try again.'],
    ['loadClasses', 'Error', 'Failed to load classes. Please try again.'],
    ['loadGlobalSubjects', 'Error', 'Failed to load global subjects. Please try again.'],
    ['loadSchool', 'Error loading school data', 'Please try refreshing the page'],
    ['contact', 'Failed to send message', 'Please try again or contact us directly.'],
    ['logout', 'Logout failed', 'There was an error logging out. Please try again.'],
    ['noSectionsToCreate', 'No Sections to Create', 'Please add at least one section to proceed.'],
  ] as const)('%s: %j / %j', (key, title, description) => {
    expect(MESSAGES.destructive[key]).toMatchObject({ title, description });
  });

  it.each([
    ['sendResetCode', 'Failed to send reset code'],
    ['invalidCode', 'Invalid code'],
    ['resetPasswordFailed', 'Failed to reset password'],
    ['resendCode', 'Failed to resend code'],
    ['createSections', 'Error Creating Sections'],
    ['addSubjects', 'Error Adding Subjects'],
  ] as const)('%s is titled %j', (key, title) => {
    expect(MESSAGES.destructive[key].title).toBe(title);
  });

  it('has the short global-subjects variant too', () => {
    expect(MESSAGES.destructive.loadGlobalSubjects.short).toBe('Failed to load global subjects.');
  });
});

describe('spec §8 Success toasts', () => {
  it.each([
    ['registrationSuccess', 'Registration successful! Please check your email for verification code'],
    ['loginSuccess', 'Welcome back! You have been successfully logged in.'],
    ['emailVerified', 'Email verified successfully! You can now sign in to your account.'],
    ['otpVerified', 'OTP verified successfully! You can now reset your password.'],
    ['otpSent', 'OTP sent successfully!'],
    ['resetCodeSent', 'Reset code sent!'],
    ['codeVerified', 'Code verified! Please enter your new password.'],
    ['passwordResetSuccess', 'Password reset successful! You can now login with your new password.'],
    ['contactSent', "Message sent successfully! We'll get back to you within 24 hours."],
    ['loggedOut', 'Logged out successfully'],
  ] as const)('toast.%s is %j', (key, text) => {
    expect(MESSAGES.toast[key]).toBe(text);
  });
});

describe('spec §2 Screens and §4 states', () => {
  it.each([
    [MESSAGES.screens.initializing, 'Initializing...'],
    [MESSAGES.screens.notFound.title, 'Oops! Page not found'],
    [MESSAGES.screens.schoolIdRequired.title, 'School ID Required'],
    [MESSAGES.screens.schoolIdRequired.classes, 'School ID is required to setup classes.'],
    [MESSAGES.screens.schoolIdRequired.sections, 'School ID is required to setup sections.'],
    [MESSAGES.screens.schoolIdRequired.subjects, 'School ID is required to setup subjects.'],
    [MESSAGES.screens.schoolIdRequired.action, 'Go to Dashboard'],
    [MESSAGES.screens.noClassesFound.title, 'No Classes Found'],
    [MESSAGES.screens.noClassesFound.description, 'Please create classes first before setting up sections.'],
    [MESSAGES.screens.noClassesFound.action, 'Setup Classes'],
    [MESSAGES.screens.noSectionsYet, 'No sections yet. Click "Add Section" to create sections for this class.'],
    [MESSAGES.screens.noGlobalSubjects, 'No global subjects found. Please contact your administrator.'],
    [MESSAGES.screens.noSubjectsSelected, 'No subjects selected. Click "Add Subjects" to select subjects for this class.'],
    [MESSAGES.toast.resetPasswordPage.title, 'Password reset successful!'],
    [MESSAGES.toast.resetPasswordPage.description, 'You can now sign in with your new password.'],
    [MESSAGES.toast.schoolCreated.title, 'School created successfully!'],
    [MESSAGES.toast.schoolCreated.description, 'Your school profile has been created and is pending approval.'],
    [MESSAGES.toast.classesCreated.title, 'Classes Created Successfully!'],
    [MESSAGES.toast.classesCreated.description(7), '7 classes have been created for your school.'],
    [MESSAGES.toast.sectionsCreated.title, 'Sections Created Successfully!'],
    [MESSAGES.toast.subjectsAlreadyComplete.title, 'Subjects Configuration Complete!'],
    [MESSAGES.toast.subjectsAlreadyComplete.description, 'All classes already have subjects configured.'],
    [MESSAGES.ui.setupClasses.submit(3), 'Create Classes (3)'],
    [MESSAGES.ui.setupSubjects.dialogTitle('Class 5'), 'Select Subjects for Class 5'],
    [MESSAGES.ui.setupSubjects.saveSelection(0), 'Save Selection (0)'],
    [MESSAGES.ui.setupSubjects.submit, 'Save Subjects Configuration'],
    [MESSAGES.ui.register.title, 'Create Your Account'],
    [MESSAGES.ui.login.title, 'Login to Platform'],
    [MESSAGES.ui.nav.yourSchool, 'Your School'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has the four home-page steps', () => {
    expect(MESSAGES.ui.home.steps).toEqual(['Register Your School', 'Setup Structure', 'Start Trial', 'Go Live']);
  });
});
