import { Body, Controller, Get, HttpCode, Ip, Post } from '@nestjs/common';
import type { AuthTokens, LoginResult, MeResult, RegisterResult, ResetTokenResult } from '@vidyalaya/shared/auth';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser, Public } from '../../common/auth/decorators';
import { CallerScoped } from '../../common/route-decisions';
import type { WithMessage } from '../../common/success-envelope';
import {
  ForgotPasswordDto,
  LoginDto,
  LogoutDto,
  RefreshTokenDto,
  RegisterDto,
  ResendOtpDto,
  ResetPasswordDto,
  VerifyOtpDto,
} from './auth.dto';
import { AuthService } from './auth.service';
import { ApiData } from '../../common/openapi';
import { LoginResponse, MeResponse, NoDataResponse, RegisterResponse, ResetTokenResponse, TokensResponse } from './auth.responses';

/** Spec §7 account calls under /api/v1/auth. */
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('register')
  @ApiData(RegisterResponse, 201)
  register(@Body() dto: RegisterDto, @Ip() ip: string): Promise<WithMessage<RegisterResult>> {
    return this.auth.register(dto, ip);
  }

  @Public()
  @Post('resend-otp')
  @ApiData(NoDataResponse)
  @HttpCode(200)
  resendOtp(@Body() dto: ResendOtpDto, @Ip() ip: string): Promise<WithMessage<null>> {
    return this.auth.resendOtp(dto, ip);
  }

  @Public()
  @Post('verify-otp/registration')
  @ApiData(NoDataResponse)
  @HttpCode(200)
  verifyRegistration(@Body() dto: VerifyOtpDto, @Ip() ip: string): Promise<WithMessage<null>> {
    return this.auth.verifyRegistration(dto, ip);
  }

  @Public()
  @Post('login')
  @ApiData(LoginResponse)
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<WithMessage<LoginResult>> {
    return this.auth.login(dto, ip);
  }

  @Public()
  @Post('forgot-password')
  @ApiData(NoDataResponse)
  @HttpCode(200)
  forgotPassword(@Body() dto: ForgotPasswordDto, @Ip() ip: string): Promise<WithMessage<null>> {
    return this.auth.forgotPassword(dto, ip);
  }

  @Public()
  @Post('verify-otp/password-reset')
  @ApiData(ResetTokenResponse)
  @HttpCode(200)
  verifyPasswordReset(@Body() dto: VerifyOtpDto, @Ip() ip: string): Promise<WithMessage<ResetTokenResult>> {
    return this.auth.verifyPasswordReset(dto, ip);
  }

  @Public()
  @Post('reset-password')
  @ApiData(NoDataResponse)
  @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordDto, @Ip() ip: string): Promise<WithMessage<null>> {
    return this.auth.resetPassword(dto, ip);
  }

  /** Public: a client whose access token has expired must still be able to sign out. */
  @Public()
  @Post('logout')
  @ApiData(NoDataResponse)
  @HttpCode(200)
  logout(@Body() dto: LogoutDto): Promise<WithMessage<null>> {
    return this.auth.logout(dto);
  }

  @Public()
  @Post('refresh-token')
  @ApiData(TokensResponse)
  @HttpCode(200)
  refresh(@Body() dto: RefreshTokenDto): Promise<AuthTokens> {
    return this.auth.refresh(dto);
  }

  @Get('me')
  @ApiData(MeResponse)
  @CallerScoped()
  me(@CurrentUser() user: AuthUser): Promise<MeResult> {
    return this.auth.me(user);
  }
}
