/**
 * Every user-facing string of spec §2, §4, §5 and §8, plus the ones DECISIONS.md adds. Spec strings
 * are copied exactly (spelling, punctuation, capitals). Schemas, the server's error table and the
 * renderer all reference these; a string that appears in two roles is defined once below.
 */
export declare const MESSAGES: {
    /** Field messages of spec §5 (and the limits DECISIONS adds). */
    readonly validation: {
        readonly usernameMin: "Username must be at least 3 characters";
        readonly usernameMax: "Username must not exceed 30 characters";
        readonly emailInvalid: "Please enter a valid email address";
        readonly emailTooLong: "Email must not exceed 255 characters";
        readonly passwordMin: "Password must be at least 6 characters";
        readonly passwordMax: "Password must not exceed 128 characters";
        readonly passwordRequired: "Password is required";
        readonly passwordsDontMatch: "Passwords don't match";
        readonly agreeToTerms: "You must agree to the Terms of Service and Privacy Policy";
        readonly otpDigits: "OTP must be 6 digits";
        readonly otpPurposeInvalid: "Purpose must be registration or password_reset";
        readonly resetTokenRequired: "Reset token is required";
        readonly refreshTokenRequired: "Refresh token is required";
        readonly schoolNameMin: "School name must be at least 2 characters";
        readonly schoolNameMax: "School name must not exceed 255 characters";
        readonly subdomainRequired: "Subdomain is required";
        readonly subdomainMin: "Subdomain must be at least 3 characters";
        readonly subdomainMax: "Subdomain must not exceed 50 characters";
        readonly subdomainCharacters: "Subdomain can only contain lowercase letters, numbers, and hyphens";
        readonly subdomainStart: "Subdomain must start with a letter or number";
        readonly subdomainEnd: "Subdomain must end with a letter or number";
        readonly subdomainConsecutiveHyphens: "Subdomain cannot contain consecutive hyphens";
        readonly addressRequired: "Address is required";
        readonly address1Required: "Address line 1 is required";
        readonly address1TooLong: "Address line 1 too long";
        readonly address2TooLong: "Address line 2 too long";
        readonly localityRequired: "Locality is required";
        readonly localityTooLong: "Locality too long";
        readonly cityRequired: "City is required";
        readonly cityTooLong: "City too long";
        readonly stateRequired: "State is required";
        readonly stateTooLong: "State too long";
        readonly countryRequired: "Country is required";
        readonly countryTooLong: "Country too long";
        readonly pinCode: "Pin code must be 4-10 digits";
        readonly landmarkTooLong: "Landmark too long";
        readonly levelRequired: "Please select a school level";
        readonly boardTooLong: "Board must not exceed 255 characters";
        readonly schoolCodeMin: "School code must be at least 2 characters";
        readonly schoolCodeMax: "School code must not exceed 50 characters";
        readonly schoolCodeFormat: "School code can only contain uppercase letters, numbers, hyphens and underscores";
        readonly phoneNumbersMin: "At least one phone number is required";
        readonly phoneNumbersMax: "Maximum 5 phone numbers allowed";
        readonly phoneNumberFormat: "Invalid phone number format";
        readonly phoneNumbersUnique: "Phone numbers must be unique";
        readonly schoolEmailInvalid: "Invalid email format";
        readonly schoolEmailTooLong: "Email must not exceed 255 characters";
        readonly principalNameMin: "Principal name must be at least 2 characters";
        readonly principalNameMax: "Principal name must not exceed 255 characters";
        readonly principalNameFormat: "Principal name can only contain letters, spaces and dots";
        readonly establishedYearInteger: "Established year must be a whole number";
        readonly establishedYearMin: "Established year cannot be before 1800";
        readonly establishedYearFuture: "Established year cannot be in the future";
        readonly languageMin: "Language must be at least 2 characters";
        readonly languageMax: "Language must not exceed 50 characters";
        readonly languageFormat: "Language can only contain letters and spaces";
        readonly planTypeInvalid: "Plan must be one of free_trial, basic, standard or premium";
        readonly schoolIdInvalid: "Invalid school ID";
        readonly idInvalid: "Invalid ID";
        readonly academicYearFormat: "Academic year must be in format YYYY-YY (e.g., 2024-25)";
        readonly classesMin: "Please select at least one class";
        readonly unknownClass: (name: string) => string;
        readonly classNameRequired: "Class name is required";
        readonly duplicateClass: "Each class can appear only once";
        readonly sectionsMin: "Please add at least one section to proceed.";
        readonly sectionNameRequired: "Section name is required";
        readonly sectionNameMax: "Section name must not exceed 20 characters";
        readonly sectionNamesUnique: "Section names must be unique within a class";
        readonly classSubjectsMin: "Please select at least one subject to add";
        readonly subjectNamesMin: "Please select at least one subject for this class";
        readonly subjectNameRequired: "Subject name is required";
        readonly subjectNameMax: "Subject name must not exceed 100 characters";
        readonly subjectNamesUnique: "Each subject can be added only once per class";
        readonly nameRequired: "Name is required";
        readonly contactNameMax: "Name must not exceed 100 characters";
        readonly contactEmailRequired: "Email is required";
        readonly contactSchoolMax: "School name must not exceed 255 characters";
        readonly messageRequired: "Message is required";
        readonly messageMax: "Message must not exceed 5000 characters";
        readonly allFieldsRequired: "All fields are required";
        readonly statusFilterInvalid: "Status must be pending, approved, rejected or all";
        readonly searchMax: "Search must not exceed 100 characters";
        readonly pageInvalid: "Page must be a whole number of at least 1";
        readonly pageSizeInvalid: "Page size must be a whole number from 1 to 100";
        readonly rejectionReasonRequired: "A reason is required to reject a school";
        readonly rejectionReasonMax: "Reason must not exceed 1000 characters";
    };
    /** Conflicts and refusals the server answers with (DECISIONS.md). */
    readonly errors: {
        readonly invalidCredentials: "Invalid username or password";
        readonly invalidOtp: "Invalid OTP. Please try again.";
        readonly passwordTooCommon: "This password is too common";
        readonly subdomainTaken: "Subdomain already taken";
        readonly subdomainReserved: "This subdomain is reserved";
        readonly planComingSoon: "This plan is coming soon";
        readonly subdomainLocked: "The subdomain of an approved school cannot be changed";
        readonly unknownClasses: (names: readonly string[]) => string;
        readonly classNotAdded: (name: string, academicYear: string) => string;
        readonly unknownSubjects: (names: readonly string[]) => string;
        readonly unknownSubject: (name: string) => string;
    };
    /** Success toasts (spec §2, §4, §8). */
    readonly toast: {
        readonly registrationSuccess: "Registration successful! Please check your email for verification code";
        readonly loginSuccess: "Welcome back! You have been successfully logged in.";
        readonly emailVerified: "Email verified successfully! You can now sign in to your account.";
        readonly otpVerified: "OTP verified successfully! You can now reset your password.";
        readonly otpSent: "OTP sent successfully!";
        readonly resetCodeSent: "Reset code sent!";
        readonly codeVerified: "Code verified! Please enter your new password.";
        readonly passwordResetSuccess: "Password reset successful! You can now login with your new password.";
        readonly contactSent: "Message sent successfully! We'll get back to you within 24 hours.";
        readonly loggedOut: "Logged out successfully";
        /** /reset-password page. */
        readonly resetPasswordPage: {
            readonly title: "Password reset successful!";
            readonly description: "You can now sign in with your new password.";
        };
        readonly schoolCreated: {
            readonly title: "School created successfully!";
            readonly description: "Your school profile has been created and is pending approval.";
        };
        readonly classesCreated: {
            readonly title: "Classes Created Successfully!";
            readonly description: (count: number) => string;
        };
        readonly sectionsCreated: {
            readonly title: "Sections Created Successfully!";
            readonly description: (count: number) => string;
        };
        readonly subjectsSaved: {
            readonly title: "Subjects Saved Successfully!";
            readonly description: "Subjects have been configured for your classes.";
        };
        readonly subjectsAlreadyComplete: {
            readonly title: "Subjects Configuration Complete!";
            readonly description: "All classes already have subjects configured.";
        };
    };
    /** Fallbacks when a failed answer carries no server message (spec §8). */
    readonly fallback: {
        readonly register: "Registration failed";
        readonly resendOtp: "Failed to resend OTP";
        readonly verifyOtp: "OTP verification failed";
        readonly login: "Login failed";
        readonly forgotPassword: "Failed to send reset code";
        readonly resetPassword: "Password reset failed";
        readonly fetchUser: "Failed to fetch user data";
        readonly fetchSchool: "Failed to fetch school data";
        readonly fetchSchoolDetailed: "Failed to fetch detailed school data";
        readonly logout: "Logout failed";
        readonly refreshToken: "Token refresh failed";
        readonly createSchool: "Failed to create school";
        readonly updatePlan: "Failed to update plan";
        readonly addClasses: "Failed to add classes";
        readonly addSections: "Failed to add sections";
        readonly fetchClassesSections: "Failed to fetch classes and sections";
        readonly fetchSubjects: "Failed to fetch subjects";
        readonly fetchGlobalSubjects: "Failed to fetch global subjects";
        readonly createClassSubjects: "Failed to create class subjects";
    };
    /**
     * Destructive toasts: the title, and the description shown when the server gives no message
     * (spec §8 "server message, or the fallback text after the colon").
     */
    readonly destructive: {
        readonly register: {
            readonly title: "Registration failed";
            readonly description: "An error occurred during registration";
        };
        readonly login: {
            readonly title: "Login failed";
            readonly description: "Invalid username or password";
        };
        readonly verifyOtp: {
            readonly title: "Verification failed";
            readonly description: "Invalid OTP. Please try again.";
        };
        readonly resendOtp: {
            readonly title: "Failed to resend OTP";
            readonly description: "Please try again later";
        };
        readonly sendResetCode: {
            readonly title: "Failed to send reset code";
            readonly description: "Please try again.";
        };
        readonly invalidCode: {
            readonly title: "Invalid code";
            readonly description: "Please try again.";
        };
        readonly resetPasswordFailed: {
            readonly title: "Failed to reset password";
            readonly description: "Please try again.";
        };
        readonly resendCode: {
            readonly title: "Failed to resend code";
            readonly description: "Please try again.";
        };
        readonly passwordReset: {
            readonly title: "Password reset failed";
            readonly description: "An error occurred while resetting your password";
        };
        readonly passwordTooShort: {
            readonly title: "Password too short";
            readonly description: "Password must be at least 6 characters long";
        };
        readonly passwordsMismatch: {
            readonly title: "Passwords don't match";
            readonly description: "Please make sure both passwords are identical";
        };
        readonly createSchool: {
            readonly title: "Failed to create school";
            readonly description: "An error occurred while creating your school profile";
        };
        readonly createClasses: {
            readonly title: "Error Creating Classes";
            readonly description: "Failed to create classes. Please try again.";
        };
        readonly createSections: {
            readonly title: "Error Creating Sections";
            readonly description: "Failed to create sections. Please try again.";
        };
        readonly addSubjects: {
            readonly title: "Error Adding Subjects";
            readonly description: "Failed to add subjects. Please try again.";
        };
        readonly noSectionsToCreate: {
            readonly title: "No Sections to Create";
            readonly description: "Please add at least one section to proceed.";
        };
        readonly incompleteSubjectSelection: {
            readonly title: "Incomplete Subject Selection";
            readonly description: (classNames: readonly string[]) => string;
        };
        readonly loadClasses: {
            readonly title: "Error";
            readonly description: "Failed to load classes. Please try again.";
        };
        readonly loadGlobalSubjects: {
            readonly title: "Error";
            readonly description: "Failed to load global subjects. Please try again.";
            /** The shorter variant the spec also lists. */
            readonly short: "Failed to load global subjects.";
        };
        readonly loadSchool: {
            readonly title: "Error loading school data";
            readonly description: "Please try refreshing the page";
        };
        readonly contact: {
            readonly title: "Failed to send message";
            readonly description: "Please try again or contact us directly.";
        };
        readonly logout: {
            readonly title: "Logout failed";
            readonly description: "There was an error logging out. Please try again.";
        };
    };
    /** Contact-form answers by status (spec §8 "E-mail service statuses"). */
    readonly emailService: {
        readonly 422: "Invalid email format. Please check your email address.";
        readonly 400: "Message sending failed. Please check all fields.";
        readonly 403: "Service temporarily unavailable. Please try again later.";
        readonly other: "Failed to send message. Please try again.";
    };
    /** Whole-screen states (spec §2). */
    readonly screens: {
        readonly initializing: "Initializing...";
        readonly notFound: {
            readonly title: "Oops! Page not found";
            readonly homeLink: "Return to Home";
        };
        readonly schoolIdRequired: {
            readonly title: "School ID Required";
            readonly classes: "School ID is required to setup classes.";
            readonly sections: "School ID is required to setup sections.";
            readonly subjects: "School ID is required to setup subjects.";
            readonly action: "Go to Dashboard";
        };
        readonly noClassesFound: {
            readonly title: "No Classes Found";
            readonly description: "Please create classes first before setting up sections.";
            readonly action: "Setup Classes";
        };
        readonly noSectionsYet: "No sections yet. Click \"Add Section\" to create sections for this class.";
        readonly noGlobalSubjects: "No global subjects found. Please contact your administrator.";
        readonly noSubjectsSelected: "No subjects selected. Click \"Add Subjects\" to select subjects for this class.";
    };
    /** Headings and button labels of spec §2. */
    readonly ui: {
        readonly nav: {
            readonly home: "Home";
            readonly features: "Features";
            readonly howItWorks: "How It Works";
            readonly pricing: "Pricing";
            readonly about: "About";
            readonly contact: "Contact";
            readonly login: "Login";
            readonly getStarted: "Get Started";
            readonly yourSchool: "Your School";
            readonly logout: "Logout";
        };
        readonly footer: {
            readonly privacy: "Privacy Policy";
            readonly terms: "Terms of Service";
            readonly refund: "Refund Policy";
        };
        readonly home: {
            readonly startFreeTrial: "Start Free Trial";
            readonly watchDemo: "Watch Demo";
            readonly startYourJourney: "Start Your Journey";
            readonly getStartedToday: "Get Started Today";
            readonly talkToSales: "Talk to Sales";
            readonly steps: readonly ["Register Your School", "Setup Structure", "Start Trial", "Go Live"];
        };
        readonly features: {
            readonly available: "Available Features";
            readonly comingSoon: "Coming Soon";
            readonly getStarted: "Get Started";
        };
        readonly howItWorks: {
            readonly startYourFreeTrial: "Start Your Free Trial";
        };
        readonly pricing: {
            readonly freeTrial: "Free Trial";
            readonly startFreeTrial: "Start Free Trial";
            readonly customSolutions: "Custom Solutions";
            readonly contactUs: "Contact Us";
        };
        readonly register: {
            readonly title: "Create Your Account";
            readonly submit: "Create Account";
        };
        readonly login: {
            readonly title: "Login to Platform";
            readonly submit: "Login";
        };
        readonly verifyOtp: {
            readonly submit: "Verify Code";
            readonly resend: "Resend";
            readonly backToLogin: "Back to Login";
        };
        readonly dashboard: {
            readonly createYourSchool: "Create Your School";
            readonly continueSetup: "Continue Setup";
            readonly visitPortal: "Visit Portal";
            readonly accessSchoolPortal: "Access School Portal";
        };
        readonly setupSchool: {
            readonly basicInformation: "Basic Information";
            readonly addressInformation: "Address Information";
            readonly contactInformation: "Contact Information";
            readonly additionalInformation: "Additional Information";
            readonly backToDashboard: "Back to Dashboard";
        };
        readonly setupClasses: {
            readonly selectAll: "Select All";
            readonly deselectAll: "Deselect All";
            readonly submit: (count: number) => string;
        };
        readonly setupSections: {
            readonly addSection: "Add Section";
        };
        readonly setupSubjects: {
            readonly addSubjects: "Add Subjects";
            readonly dialogTitle: (className: string) => string;
            readonly cancel: "Cancel";
            readonly saveSelection: (count: number) => string;
            readonly submit: "Save Subjects Configuration";
        };
    };
    /** Approval badge (spec §4). */
    readonly approval: {
        readonly approved: "Approved";
        readonly pending: "Pending Approval";
        readonly rejected: "Rejected";
    };
    /** Next-step labels of the setup progress card (spec §4). */
    readonly setupSteps: {
        readonly classes: "Add Classes";
        readonly sections: "Add Sections";
        readonly subjects: "Add Subjects";
    };
    /** Spec §4 "Setup complete message", written out as sentences. */
    readonly setupComplete: {
        readonly approved: "Setup complete! Your school is approved and the system is ready to use.";
        readonly rejected: "Setup complete, but your school's approval was rejected. Please contact support for help.";
        readonly pending: "Setup complete! Your school is waiting for approval, which usually takes 24-48 hours.";
    };
    /** The desktop app: the server it talks to, its settings and its keychain (DECISIONS "Desktop"). */
    readonly desktop: {
        readonly connectTitle: "Connect to your Vidyalaya server";
        readonly connectIntro: "Enter the address of the Vidyalaya server your school office uses. The app checks that it answers before saving it.";
        readonly serverUrlLabel: "Server address";
        readonly serverUrlPlaceholder: "https://vidyalaya.example.in";
        readonly appDomainLabel: "Portal domain";
        readonly appDomainHelp: "The host that school portals live under. Leave it empty to use the server's host.";
        readonly connect: "Connect";
        readonly saveAndReconnect: "Save and reconnect";
        readonly serverSettings: "Server settings";
        readonly connectedTo: (serverUrl: string) => string;
        readonly serverUrlRequired: "Enter the server address";
        readonly serverUrlInvalid: "Enter a web address starting with http:// or https://";
        readonly serverUrlCredentials: "The address must not contain a user name or password";
        readonly serverUrlOriginOnly: "Enter the server's address only, without a path, query or #";
        readonly appDomainInvalid: "Enter a host name with an optional port, e.g. vidyalaya.in or localhost:3000";
        readonly serverUnreachable: (serverUrl: string) => string;
        readonly serverNotVidyalaya: (serverUrl: string) => string;
        readonly serverUnhealthy: (serverUrl: string) => string;
        readonly keychainUnavailable: {
            readonly title: "No system keychain available";
            readonly description: "You will stay signed in only until the app closes.";
        };
        readonly keychainAvailable: "Sign-in tokens are kept in this computer's keychain.";
        readonly notInDesktop: "This page runs inside the Vidyalaya desktop app.";
    };
    /** The staff approval screen (desktop build only; DECISIONS "Schools, setup and approval"). */
    readonly staff: {
        readonly loginTitle: "Staff sign-in";
        readonly loginIntro: "For Vidyalaya staff who review and approve schools.";
        readonly signIn: "Sign in";
        readonly signOut: "Sign out";
        readonly schoolsTitle: "School approvals";
        readonly statusLabel: "Status";
        readonly statusAll: "All statuses";
        readonly searchLabel: "Search schools";
        readonly searchPlaceholder: "Name, subdomain, city or e-mail";
        readonly searchButton: "Search";
        readonly noSchools: "No schools match";
        readonly noSchoolsHelp: "Try another status or search.";
        readonly schoolCount: (total: number) => string;
        readonly pageOf: (page: number, pages: number) => string;
        readonly previousPage: "Previous page";
        readonly nextPage: "Next page";
        readonly columns: {
            readonly school: "School";
            readonly location: "City and state";
            readonly administrator: "Administrator";
            readonly submitted: "Submitted";
            readonly status: "Status of approval";
        };
        readonly backToList: "Back to schools";
        readonly sections: {
            readonly details: "School details";
            readonly address: "Postal address";
            readonly contact: "Contact details";
            readonly administrator: "School administrator";
            readonly history: "Decision history";
        };
        readonly noDecisions: "No decisions yet.";
        readonly approve: "Approve";
        readonly reject: "Reject";
        readonly approveConfirm: (name: string) => string;
        readonly rejectTitle: (name: string) => string;
        readonly reasonLabel: "Reason for rejecting";
        readonly reasonHelp: "The school's administrator receives this reason by e-mail.";
        readonly approvedToast: (name: string) => string;
        readonly rejectedToast: (name: string) => string;
        readonly decidedBy: (username: string, when: string) => string;
        readonly loadFailed: "Could not load the schools";
        readonly loadSchoolFailed: "Could not load this school";
        readonly decisionFailed: "Could not record the decision";
        readonly retry: "Retry";
        readonly loading: "Loading schools";
        readonly pagination: "Pages";
        readonly usernameLabel: "Username";
        readonly passwordLabel: "Password";
        readonly signedInAs: "Signed in as";
        readonly fields: {
            readonly subdomain: "Subdomain";
            readonly level: "School level";
            readonly board: "Board of education";
            readonly schoolCode: "School code";
            readonly principal: "Principal";
            readonly established: "Established";
            readonly language: "Language";
            readonly plan: "Plan";
            readonly students: "Student limit";
            readonly email: "E-mail";
            readonly phones: "Phone numbers";
            readonly username: "User name";
            readonly rejectionReason: "Reason given";
        };
    };
    /** A signed-in user opening screens meant for the other role. */
    readonly notAllowed: {
        readonly title: "Not allowed";
        readonly staffScreen: "This screen is for Vidyalaya staff only. Your account is a school administrator account.";
        readonly adminScreens: "These screens are for school administrators. Staff accounts review schools in the desktop app.";
        readonly staffSignInRefused: "Only Vidyalaya staff can sign in here. You have been signed out.";
    };
    /** The renderer's app flows (sign-in, dashboard, setup, portal): words the spec leaves open. */
    readonly appFlows: {
        readonly login: {
            readonly verifyEmail: "Verify email";
            readonly forgotPassword: "Forgot password?";
            readonly noAccount: "Don't have an account?";
            readonly createAccount: "Create one";
        };
        readonly register: {
            readonly haveAccount: "Already have an account?";
            readonly termsLead: "I agree to the";
            readonly termsJoin: "and the";
        };
        readonly verifyOtp: {
            readonly title: "Verify Your Email";
            readonly resetTitle: "Enter Your Reset Code";
            readonly intro: (username: string) => string;
            readonly noCode: "Didn't receive the code?";
        };
        readonly forgotPassword: {
            readonly title: "Reset Your Password";
            readonly stepUsername: "Enter the username of your account and we will email you a reset code.";
            readonly stepCode: (username: string) => string;
            readonly stepPassword: "Choose a new password for your account.";
            readonly sendCode: "Send Reset Code";
            readonly resendCode: "Resend code";
            readonly resetPassword: "Reset Password";
            readonly done: "Your password has been reset. You can now log in with your new password.";
            readonly rememberPassword: "Remembered your password?";
        };
        readonly resetPassword: {
            readonly title: "Set a New Password";
        };
        readonly dashboard: {
            readonly loading: "Loading your school...";
            readonly welcomeTitle: (username: string) => string;
            readonly welcomeText: "You have not created a school yet. Create your school profile to set up classes, sections and subjects.";
            readonly greeting: (username: string) => string;
            readonly schoolInformation: "School Information";
            readonly classesOverview: "Classes Overview";
            readonly noClassesYet: "No classes yet.";
            readonly setupProgress: "Setup Progress";
            readonly percentComplete: (percent: number) => string;
            readonly nextStep: (label: string) => string;
            readonly trialDaysLeft: (days: number) => string;
            readonly trialEnded: "Your free trial has ended.";
            readonly rejectedReason: (reason: string) => string;
            readonly editAndResubmit: "Edit and re-submit";
            readonly retry: "Try again";
        };
        readonly setupSchool: {
            readonly editTitle: "Edit and Re-submit Your School";
            readonly submitCreate: "Create School";
            readonly submitEdit: "Save and Re-submit";
            readonly subdomainChecking: "Checking availability...";
            readonly subdomainAvailable: (host: string) => string;
            readonly subdomainCurrent: "This is your school's current subdomain";
            readonly addPhone: "Add phone number";
            readonly removePhone: (n: number) => string;
            readonly alreadyCreated: "Your school profile has already been created.";
            readonly resubmitted: {
                readonly title: "School re-submitted!";
                readonly description: "Your changes are saved and your school is waiting for approval again.";
            };
        };
        readonly setup: {
            readonly academicYear: "Academic year";
            readonly noClassesForSubjects: "Please create classes first before setting up subjects.";
            readonly selectedSummary: (count: number) => string;
            readonly createSections: "Create Sections";
            readonly renameSection: (name: string) => string;
            readonly confirmSection: (name: string) => string;
            readonly removeSection: (name: string) => string;
            readonly removeSubject: (name: string) => string;
            readonly selectedCount: (count: number) => string;
            readonly alreadyAdded: "Already added";
        };
        readonly portal: {
            readonly signIn: "Sign in to Vidyalaya";
            readonly notAvailable: "This school portal is not available";
            readonly notAvailableText: "The address may be mistyped, or the school is not active yet.";
            readonly goToMainSite: "Go to the Vidyalaya website";
            readonly board: "Board";
            readonly level: "Level";
            readonly location: "Location";
        };
    };
};
