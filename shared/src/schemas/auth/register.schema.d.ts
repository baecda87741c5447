import { z } from 'zod';
/** POST /auth/register (spec §5 Registration, §7). */
export declare const registerSchema: z.ZodObject<{
    username: z.ZodString;
    email: z.ZodString;
    password: z.ZodString;
}, z.core.$strip>;
export type RegisterInput = z.infer<typeof registerSchema>;
/** The /register form: the payload plus confirmPassword and the terms checkbox. */
export declare const registerFormSchema: z.ZodObject<{
    username: z.ZodString;
    email: z.ZodString;
    password: z.ZodString;
    confirmPassword: z.ZodString;
    agreeToTerms: z.ZodLiteral<true>;
}, z.core.$strip>;
/** The form's values as react-final-form holds them (empty inputs are undefined). */
export type RegisterFormValues = {
    username?: string;
    email?: string;
    password?: string;
    confirmPassword?: string;
    agreeToTerms?: boolean;
};
