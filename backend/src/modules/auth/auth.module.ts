import { Module } from '@nestjs/common';
import { AccountsService } from './accounts.service';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { ChangePasswordController } from './change-password.controller';
import { OtpService } from './otp.service';
import { PasswordService } from './password.service';
import { TokensService } from './tokens.service';

/** Accounts: registration, e-mailed codes, sign-in, sessions and password reset (spec §4, §7). */
@Module({
  controllers: [AuthController, ChangePasswordController],
  providers: [AuthRepository, AuthService, OtpService, PasswordService, TokensService, AccountsService],
  exports: [PasswordService, TokensService, AccountsService],
})
export class AuthModule {}
