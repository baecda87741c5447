/**
 * The shared schemas the account forms validate with.
 */
import { verifyOtpSchema } from '@vidyalaya/shared/auth';

export { forgotPasswordNewPasswordFormSchema, forgotPasswordSchema, loginSchema, registerFormSchema, resetPasswordFormSchema } from '@vidyalaya/shared/auth';

export const otpSchema = verifyOtpSchema.pick({ otp: true });
