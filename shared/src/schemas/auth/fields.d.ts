import { z } from 'zod';
/** Username: 3 to 30 characters after trimming (spec §5 Registration and Login). */
export declare const usernameSchema: z.ZodString;
export declare const accountEmailSchema: z.ZodString;
/** A new password: 6 to 128 characters, never trimmed (spaces are part of a password). */
export declare const newPasswordSchema: z.ZodString;
/** The confirmation check shared by every "password + confirm" form. */
export declare function passwordsMatch<K extends string>(passwordKey: K, message?: string): {
    check: (values: Record<K, string> & {
        confirmPassword: string;
    }) => boolean;
    params: {
        message: string;
        path: string[];
        when: (payload: {
            value: unknown;
        }) => boolean;
    };
};
