/**
 * The shared schemas the account forms validate with.
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
