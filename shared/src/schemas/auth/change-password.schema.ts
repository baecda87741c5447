import { z } from 'zod';
import { PASSWORD_MAX } from '../../constants';
import { newPasswordSchema, passwordsMatch } from './fields';

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

const match = passwordsMatch('newPassword');

/** The dialog's form: the call's fields and a confirmation. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: M.currentRequired }).min(1, M.currentRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: match.params.message }),
  })
  .refine(match.check, match.params)
  .refine((v) => v.currentPassword !== v.newPassword, { message: M.sameAsCurrent, path: ['newPassword'] });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
