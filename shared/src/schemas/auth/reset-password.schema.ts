import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../constants';
import { MESSAGES } from '../../messages';
import { newPasswordSchema, passwordsMatch } from './fields';

/** POST /auth/reset-password. */
export const resetPasswordSchema = z.object({
  resetToken: z
    .string({ error: MESSAGES.validation.resetTokenRequired })
    .trim()
    .min(1, MESSAGES.validation.resetTokenRequired),
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

const match = passwordsMatch('password');

/** The /reset-password page (spec §5 Reset-password page). */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.validation.passwordsDontMatch }),
  })
  .refine(match.check, match.params);
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

const tooShort = MESSAGES.destructive.passwordTooShort.description;
const mismatch = passwordsMatch('newPassword', MESSAGES.destructive.passwordsMismatch.description);

/**
 * Step 3 of /forgot-password (spec §5 Forgot-password new password). The page shows these as
 * toasts titled 'Password too short' / "Passwords don't match" (MESSAGES.destructive); the field
 * messages are the toasts' descriptions.
 */
export const forgotPasswordNewPasswordFormSchema = z
  .object({
    newPassword: z
      .string({ error: tooShort })
      .min(PASSWORD_MIN, tooShort)
      .max(PASSWORD_MAX, MESSAGES.validation.passwordMax),
    confirmPassword: z.string({ error: mismatch.params.message }),
  })
  .refine(mismatch.check, mismatch.params);
export type ForgotPasswordNewPasswordFormValues = z.input<
  typeof forgotPasswordNewPasswordFormSchema
>;
