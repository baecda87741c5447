import { z } from 'zod';
/** POST /auth/refresh-token and POST /auth/logout. */
export declare const refreshTokenSchema: z.ZodObject<{
    refreshToken: z.ZodString;
}, z.core.$strip>;
export type RefreshTokenInput = z.infer<typeof refreshTokenSchema>;
/** POST /auth/logout carries the same body. */
export declare const logoutSchema: z.ZodObject<{
    refreshToken: z.ZodString;
}, z.core.$strip>;
export type LogoutInput = RefreshTokenInput;
