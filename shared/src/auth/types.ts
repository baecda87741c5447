import type { UserRole } from '../constants';

/** A user as the API shows it: never a hash, token or code. */
export type PublicUser = {
  id: string;
  username: string;
  email: string;
  role: UserRole;
  isEmailVerified: boolean;
  /** ISO 8601 */
  createdAt: string;
};

/** POST /auth/refresh-token answer (DECISIONS.md). */
export type AuthTokens = { accessToken: string; refreshToken: string };

/** POST /auth/login answer data (spec §3). */
export type LoginResult = AuthTokens & { user: PublicUser };

/** GET /auth/me answer data. */
export type MeResult = { user: PublicUser };

/** POST /auth/verify-otp/password-reset answer data. */
export type ResetTokenResult = { resetToken: string };

/** POST /auth/register answer data (the envelope's `message` carries the success toast). */
export type RegisterResult = { username: string; email: string };
