import { z } from 'zod';
import { OTP_PURPOSES } from '../../constants';
import { MESSAGES } from '../../messages';
import { usernameSchema } from './fields';

export const otpPurposeSchema = z.enum(OTP_PURPOSES, {
  error: MESSAGES.validation.otpPurposeInvalid,
});

/** POST /auth/resend-otp. */
export const resendOtpSchema = z.object({
  username: usernameSchema,
  purpose: otpPurposeSchema,
});
export type ResendOtpInput = z.infer<typeof resendOtpSchema>;
