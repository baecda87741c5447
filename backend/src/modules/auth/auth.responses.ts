import { authTokensSchema, loginResultSchema, meResultSchema, registerResultSchema, resetTokenResultSchema } from '@vidyalaya/shared/auth';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the account calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class RegisterResponse extends createZodDto(successEnvelope(registerResultSchema)) {}
export class NoDataResponse extends createZodDto(successEnvelope(z.null())) {}
export class LoginResponse extends createZodDto(successEnvelope(loginResultSchema)) {}
export class TokensResponse extends createZodDto(successEnvelope(authTokensSchema)) {}
export class MeResponse extends createZodDto(successEnvelope(meResultSchema)) {}
export class ResetTokenResponse extends createZodDto(successEnvelope(resetTokenResultSchema)) {}
