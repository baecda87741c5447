import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { accountEmailSchema, newPasswordSchema, passwordsMatch, usernameSchema } from './fields';

/** POST /auth/register (spec §5 Registration, §7). */
export const registerSchema = z.object({
  username: usernameSchema,
  email: accountEmailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

const match = passwordsMatch('password');

/** The /register form: the payload plus confirmPassword and the terms checkbox. */
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: z.string({ error: MESSAGES.validation.passwordsDontMatch }),
    agreeToTerms: z.literal(true, { error: MESSAGES.validation.agreeToTerms }),
  })
  .refine(match.check, match.params);
/** The form's values as react-final-form holds them (empty inputs are undefined). */
export type RegisterFormValues = {
  username?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  agreeToTerms?: boolean;
};
