import { z } from 'zod';
import { MESSAGES } from '../../messages';

/** POST /auth/refresh-token and POST /auth/logout. */
export const refreshTokenSchema = z.object({
  refreshToken: z
    .string({ error: MESSAGES.validation.refreshTokenRequired })
    .trim()
    .min(1, MESSAGES.validation.refreshTokenRequired),
});
export type RefreshTokenInput = z.infer<typeof refreshTokenSchema>;

/** POST /auth/logout carries the same body. */
export const logoutSchema = refreshTokenSchema;
export type LogoutInput = RefreshTokenInput;
