import { z } from 'zod';
import { OTP_LENGTH } from '../../constants';
import { MESSAGES } from '../../messages';
import { usernameSchema } from './fields';

/** Exactly six digits (spec §5 OTP). */
export const otpSchema = z
  .string({ error: MESSAGES.validation.otpDigits })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.validation.otpDigits);

/** POST /auth/verify-otp/registration and /auth/verify-otp/password-reset. */
export const verifyOtpSchema = z.object({
  username: usernameSchema,
  otp: otpSchema,
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;
