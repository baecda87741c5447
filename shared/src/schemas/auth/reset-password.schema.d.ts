import { z } from 'zod';
/** POST /auth/reset-password. */
export declare const resetPasswordSchema: z.ZodObject<{
    resetToken: z.ZodString;
    newPassword: z.ZodString;
}, z.core.$strip>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
/** The /reset-password page (spec §5 Reset-password page). */
export declare const resetPasswordFormSchema: z.ZodObject<{
    password: z.ZodString;
    confirmPassword: z.ZodString;
}, z.core.$strip>;
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
/**
 * Step 3 of /forgot-password (spec §5 Forgot-password new password). The page shows these as
 * toasts titled 'Password too short' / "Passwords don't match" (MESSAGES.destructive); the field
 * messages are the toasts' descriptions.
 */
export declare const forgotPasswordNewPasswordFormSchema: z.ZodObject<{
    newPassword: z.ZodString;
    confirmPassword: z.ZodString;
}, z.core.$strip>;
export type ForgotPasswordNewPasswordFormValues = z.input<typeof forgotPasswordNewPasswordFormSchema>;
