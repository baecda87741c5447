import { USER_ROLES, type AuthTokens, type LoginResult, type MeResult, type PublicUser, type RegisterResult, type ResetTokenResult } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the account calls, for the OpenAPI document (common/openapi.ts). */
const publicUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  isEmailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
}) satisfies z.ZodType<PublicUser>;
const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() }) satisfies z.ZodType<AuthTokens>;

export class RegisterResponse extends createZodDto(
  successEnvelope(z.object({ username: z.string(), email: z.string() }) satisfies z.ZodType<RegisterResult>),
) {}
export class NoDataResponse extends createZodDto(successEnvelope(z.null())) {}
export class LoginResponse extends createZodDto(successEnvelope(tokens.extend({ user: publicUserSchema }) satisfies z.ZodType<LoginResult>)) {}
export class TokensResponse extends createZodDto(successEnvelope(tokens)) {}
export class MeResponse extends createZodDto(successEnvelope(z.object({ user: publicUserSchema }) satisfies z.ZodType<MeResult>)) {}
export class ResetTokenResponse extends createZodDto(successEnvelope(z.object({ resetToken: z.string() }) satisfies z.ZodType<ResetTokenResult>)) {}
