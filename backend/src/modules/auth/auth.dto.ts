import { createZodDto } from 'nestjs-zod';
import {
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshTokenSchema,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from '@vidyalaya/shared/auth';

export class RegisterDto extends createZodDto(registerSchema) {}
export class LoginDto extends createZodDto(loginSchema) {}
export class VerifyOtpDto extends createZodDto(verifyOtpSchema) {}
export class ResendOtpDto extends createZodDto(resendOtpSchema) {}
export class ForgotPasswordDto extends createZodDto(forgotPasswordSchema) {}
export class ResetPasswordDto extends createZodDto(resetPasswordSchema) {}
export class RefreshTokenDto extends createZodDto(refreshTokenSchema) {}
export class LogoutDto extends createZodDto(logoutSchema) {}
