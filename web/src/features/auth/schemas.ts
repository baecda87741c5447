/**
 * The shared schemas the account forms validate with, loaded with the user's first input
 * (lib/forms/lazy-validate.ts), so the sign-in pages load no zod before then.
 */
import { verifyOtpSchema } from '@vidyalaya/shared';

export {
  forgotPasswordNewPasswordFormSchema,
  forgotPasswordSchema,
  loginSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from '@vidyalaya/shared';

export const otpSchema = verifyOtpSchema.pick({ otp: true });
