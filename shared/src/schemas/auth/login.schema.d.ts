import { z } from 'zod';
/** POST /auth/login (spec §5 Login). The password is only checked for presence. */
export declare const loginSchema: z.ZodObject<{
    username: z.ZodString;
    password: z.ZodString;
}, z.core.$strip>;
export type LoginInput = z.infer<typeof loginSchema>;
