import { z } from 'zod';
import { USER_ROLES } from '../constants';

/**
 * The answers of the account calls, as schemas with their types inferred from them: the back end
 * wraps each in the success envelope (auth.responses.ts). They are in a file of their own, apart
 * from the request schemas the sign-in pages import, so no answer schema enters a bundle.
 */

/** A user as the API shows it: never a hash, token or code. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  isEmailVerified: z.boolean(),
  /** ISO 8601 */
  createdAt: z.iso.datetime(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

/** POST /auth/refresh-token and /auth/change-password answer data (DECISIONS.md). */
export const authTokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type AuthTokens = z.output<typeof authTokensSchema>;

/** POST /auth/login answer data (spec §3). */
export const loginResultSchema = authTokensSchema.extend({ user: publicUserSchema });
export type LoginResult = z.output<typeof loginResultSchema>;

/** GET /auth/me answer data. */
export const meResultSchema = z.object({ user: publicUserSchema });
export type MeResult = z.output<typeof meResultSchema>;

/** POST /auth/verify-otp/password-reset answer data. */
export const resetTokenResultSchema = z.object({ resetToken: z.string() });
export type ResetTokenResult = z.output<typeof resetTokenResultSchema>;

/** POST /auth/register answer data (the envelope's `message` carries the success toast). */
export const registerResultSchema = z.object({ username: z.string(), email: z.string() });
export type RegisterResult = z.output<typeof registerResultSchema>;
