import { z } from 'zod';
export declare const otpPurposeSchema: z.ZodEnum<{
    registration: "registration";
    password_reset: "password_reset";
}>;
/** POST /auth/resend-otp. */
export declare const resendOtpSchema: z.ZodObject<{
    username: z.ZodString;
    purpose: z.ZodEnum<{
        registration: "registration";
        password_reset: "password_reset";
    }>;
}, z.core.$strip>;
export type ResendOtpInput = z.infer<typeof resendOtpSchema>;
