import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { OtpService } from './otp.service';
import { PasswordService } from './password.service';
import { TokensService } from './tokens.service';

/** Accounts: registration, e-mailed codes, sign-in, sessions and password reset (spec §4, §7). */
@Module({
  controllers: [AuthController],
  providers: [AuthService, OtpService, PasswordService, TokensService],
  exports: [PasswordService, TokensService],
})
export class AuthModule {}
