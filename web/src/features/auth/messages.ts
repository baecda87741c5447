/** The sign-in, registration, code and password-reset screens: words the spec leaves open. Shown only by this feature (moved from shared/src/messages.ts). */
export const AUTH_TEXT = {
  login: {
    verifyEmail: 'Verify email',
    forgotPassword: 'Forgot password?',
    noAccount: "Don't have an account?",
    createAccount: 'Create one',
  },
  register: {
    haveAccount: 'Already have an account?',
    termsLead: 'I agree to the',
    termsJoin: 'and the',
  },
  verifyOtp: {
    title: 'Verify Your Email',
    resetTitle: 'Enter Your Reset Code',
    intro: (username: string) => `We sent a 6-digit code to the email address of ${username}.`,
    noCode: "Didn't receive the code?",
  },
  forgotPassword: {
    title: 'Reset Your Password',
    stepUsername: 'Enter the username of your account and we will email you a reset code.',
    stepCode: (username: string) => `Enter the 6-digit code we emailed for ${username}.`,
    stepPassword: 'Choose a new password for your account.',
    sendCode: 'Send Reset Code',
    resendCode: 'Resend code',
    resetPassword: 'Reset Password',
    done: 'Your password has been reset. You can now log in with your new password.',
    rememberPassword: 'Remembered your password?',
  },
  resetPassword: { title: 'Set a New Password' },
} as const;
