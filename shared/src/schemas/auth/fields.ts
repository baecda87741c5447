import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../../constants';
import { MESSAGES } from '../../messages';
import { isSafeUsername } from '../../rules/username';
import { emailField } from '../common';

const V = MESSAGES.validation;

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
