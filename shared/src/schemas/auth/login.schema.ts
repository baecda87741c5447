import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { usernameSchema } from './fields';

/** POST /auth/login (spec §5 Login). The password is only checked for presence. */
export const loginSchema = z.object({
  username: usernameSchema,
  password: z
    .string({ error: MESSAGES.validation.passwordRequired })
    .min(1, MESSAGES.validation.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;
