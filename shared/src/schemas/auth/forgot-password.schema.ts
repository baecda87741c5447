import { z } from 'zod';
import { usernameSchema } from './fields';

/** POST /auth/forgot-password (step 1 of /forgot-password). */
export const forgotPasswordSchema = z.object({
  username: usernameSchema,
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
