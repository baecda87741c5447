import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { passwordResemblesAccount } from '../../rules/password';
import { accountEmailSchema, newPasswordSchema, newUsernameSchema, passwordsMatch } from './fields';

const registerFields = z.object({
  username: newUsernameSchema,
  email: accountEmailSchema,
  password: newPasswordSchema,
});

/** Issue 20: the password may not be the username or the e-mail address (also with a year added). */
const notLikeAccount = {
  check: (values: { username: string; email: string; password: string }) => !passwordResemblesAccount(values.password, values),
  params: {
    message: MESSAGES.validation.passwordLikeAccount,
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
    confirmPassword: z.string({ error: MESSAGES.validation.passwordsDontMatch }),
    agreeToTerms: z.literal(true, { error: MESSAGES.validation.agreeToTerms }),
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
