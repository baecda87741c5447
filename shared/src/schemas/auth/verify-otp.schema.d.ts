import { z } from 'zod';
/** Exactly six digits (spec §5 OTP). */
export declare const otpSchema: z.ZodString;
/** POST /auth/verify-otp/registration and /auth/verify-otp/password-reset. */
export declare const verifyOtpSchema: z.ZodObject<{
    username: z.ZodString;
    otp: z.ZodString;
}, z.core.$strip>;
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;
