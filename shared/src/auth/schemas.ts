import { z } from 'zod';
import { OTP_LENGTH, OTP_PURPOSES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants';
import { DESTRUCTIVE_MESSAGES } from '../messages';
import { VALIDATION_MESSAGES } from '../messages-validation';
import { passwordResemblesAccount } from '../rules/password';
import { isSafeUsername } from '../rules/username';
import { emailField } from '../schemas/common';

const V = VALIDATION_MESSAGES;

/** Username: 3 to 30 characters after NFKC normalisation and trimming (spec §5 Registration and Login). */
export const usernameSchema = z
  .string({ error: V.usernameMin })
  .normalize('NFKC')
  .trim()
  .min(USERNAME_MIN, V.usernameMin)
  .max(USERNAME_MAX, V.usernameMax);

/** A username being chosen: also only the safe character set, in one script (rules/username.ts). */
export const newUsernameSchema = usernameSchema.refine(isSafeUsername, V.usernameCharacters);

export const accountEmailSchema = emailField(V.emailInvalid, V.emailTooLong);

/** A new password: 6 to 128 characters, never trimmed (spaces are part of a password). */
export const newPasswordSchema = z
  .string({ error: V.passwordMin })
  .min(PASSWORD_MIN, V.passwordMin)
  .max(PASSWORD_MAX, V.passwordMax);

/** The confirmation check shared by every "password + confirm" form. */
export function passwordsMatch<K extends string>(
  passwordKey: K,
  message: string = V.passwordsDontMatch,
) {
  return {
    check: (values: Record<K, string> & { confirmPassword: string }) =>
      values[passwordKey] === values.confirmPassword,
    params: {
      message,
      path: ['confirmPassword'],
      // Also report the mismatch while other fields are still invalid.
      when: (payload: { value: unknown }) => {
        const values = payload.value as Record<string, unknown> | undefined;
        return (
          typeof values?.[passwordKey] === 'string' && typeof values?.confirmPassword === 'string'
        );
      },
    },
  };
}

const registerFields = z.object({
  username: newUsernameSchema,
  email: accountEmailSchema,
  password: newPasswordSchema,
});

/** Issue 20: the password may not be the username or the e-mail address (also with a year added). */
const notLikeAccount = {
  check: (values: { username: string; email: string; password: string }) => !passwordResemblesAccount(values.password, values),
  params: {
    message: VALIDATION_MESSAGES.passwordLikeAccount,
    path: ['password'],
    when: (payload: { value: unknown }) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.password === 'string' && (typeof v?.username === 'string' || typeof v?.email === 'string');
    },
  },
};

/** POST /auth/register (spec §5 Registration, §7). */
export const registerSchema = registerFields.refine(notLikeAccount.check, notLikeAccount.params);
export type RegisterInput = z.infer<typeof registerSchema>;

const match = passwordsMatch('password');

/** The /register form: the payload plus confirmPassword and the terms checkbox. */
export const registerFormSchema = registerFields
  .extend({
    confirmPassword: z.string({ error: VALIDATION_MESSAGES.passwordsDontMatch }),
    agreeToTerms: z.literal(true, { error: VALIDATION_MESSAGES.agreeToTerms }),
  })
  .refine(match.check, match.params)
  .refine(notLikeAccount.check, notLikeAccount.params);
/** The form's values as react-final-form holds them (empty inputs are undefined). */
export type RegisterFormValues = {
  username?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  agreeToTerms?: boolean;
};

/** POST /auth/login (spec §5 Login). The password is only checked for presence. */
export const loginSchema = z.object({
  username: usernameSchema,
  password: z
    .string({ error: VALIDATION_MESSAGES.passwordRequired })
    .min(1, VALIDATION_MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /auth/forgot-password (step 1 of /forgot-password). */
export const forgotPasswordSchema = z.object({
  username: usernameSchema,
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /auth/refresh-token and POST /auth/logout. */
export const refreshTokenSchema = z.object({
  refreshToken: z
    .string({ error: VALIDATION_MESSAGES.refreshTokenRequired })
    .trim()
    .min(1, VALIDATION_MESSAGES.refreshTokenRequired),
});
export type RefreshTokenInput = z.infer<typeof refreshTokenSchema>;

/** POST /auth/logout carries the same body. */
export const logoutSchema = refreshTokenSchema;
export type LogoutInput = RefreshTokenInput;

export const otpPurposeSchema = z.enum(OTP_PURPOSES, {
  error: VALIDATION_MESSAGES.otpPurposeInvalid,
});

/** POST /auth/resend-otp. */
export const resendOtpSchema = z.object({
  username: usernameSchema,
  purpose: otpPurposeSchema,
});
export type ResendOtpInput = z.infer<typeof resendOtpSchema>;

/** POST /auth/reset-password. */
export const resetPasswordSchema = z.object({
  resetToken: z
    .string({ error: VALIDATION_MESSAGES.resetTokenRequired })
    .trim()
    .min(1, VALIDATION_MESSAGES.resetTokenRequired),
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The /reset-password page (spec §5 Reset-password page). */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: VALIDATION_MESSAGES.passwordsDontMatch }),
  })
  .refine(match.check, match.params);
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

const tooShort = DESTRUCTIVE_MESSAGES.passwordTooShort.description;
const mismatch = passwordsMatch('newPassword', DESTRUCTIVE_MESSAGES.passwordsMismatch.description);

/**
 * Step 3 of /forgot-password (spec §5 Forgot-password new password). The page shows these as
 * toasts titled 'Password too short' / "Passwords don't match" (DESTRUCTIVE_MESSAGES); the field
 * messages are the toasts' descriptions.
 */
export const forgotPasswordNewPasswordFormSchema = z
  .object({
    newPassword: z
      .string({ error: tooShort })
      .min(PASSWORD_MIN, tooShort)
      .max(PASSWORD_MAX, VALIDATION_MESSAGES.passwordMax),
    confirmPassword: z.string({ error: mismatch.params.message }),
  })
  .refine(mismatch.check, mismatch.params);
export type ForgotPasswordNewPasswordFormValues = z.input<
  typeof forgotPasswordNewPasswordFormSchema
>;

/** Exactly six digits (spec §5 OTP). */
export const otpSchema = z
  .string({ error: VALIDATION_MESSAGES.otpDigits })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), VALIDATION_MESSAGES.otpDigits);

/** POST /auth/verify-otp/registration and /auth/verify-otp/password-reset. */
export const verifyOtpSchema = z.object({
  username: usernameSchema,
  otp: otpSchema,
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/** The texts of the signed-in "Change password" dialog and its call. */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is not correct',
  sameAsCurrent: 'The new password must be different from the current one',
  changed: 'Password changed. Your other devices have been signed out.',
} as const;

const M = CHANGE_PASSWORD_MESSAGES;

/** POST /auth/change-password (signed in). Answers fresh tokens: every other session is revoked. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: M.currentRequired }).min(1, M.currentRequired).max(PASSWORD_MAX, M.currentWrong),
    newPassword: newPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: M.sameAsCurrent, path: ['newPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const matchNew = passwordsMatch('newPassword');

/** The dialog's form: the call's fields and a confirmation. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: M.currentRequired }).min(1, M.currentRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: matchNew.params.message }),
  })
  .refine(matchNew.check, matchNew.params)
  .refine((v) => v.currentPassword !== v.newPassword, { message: M.sameAsCurrent, path: ['newPassword'] });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
