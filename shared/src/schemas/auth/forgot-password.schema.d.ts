import { z } from 'zod';
/** POST /auth/forgot-password (step 1 of /forgot-password). */
export declare const forgotPasswordSchema: z.ZodObject<{
    username: z.ZodString;
}, z.core.$strip>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
