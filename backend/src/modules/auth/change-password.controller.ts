import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { Logger } from 'pino';
import { MESSAGES, passwordResemblesAccount } from '@vidyalaya/shared';
import { CHANGE_PASSWORD_MESSAGES, changePasswordSchema, type AuthTokens } from '@vidyalaya/shared/auth';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser } from '../../common/auth/decorators';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { ApiData } from '../../common/openapi';
import { CallerScoped } from '../../common/route-decisions';
import { RateLimitService, type RateRule } from '../../common/rate-limit/rate-limit.service';
import { withMessage, type WithMessage } from '../../common/success-envelope';
import { MailService } from '../mail/mail.service';
import { passwordChangedMail } from './mails';
import { PasswordService } from './password.service';
import { AuthRepository } from './auth.repository';
import { TokensResponse } from './auth.responses';
import { TokensService } from './tokens.service';

export class ChangePasswordDto extends createZodDto(changePasswordSchema) {}

/** Ten tries in ten minutes per account: enough for typing mistakes, too few to guess a password. */
const changeLimit = (userId: string): RateRule => ({ key: `change-password:user:${userId}`, limit: 10, windowSeconds: 600 });

const M = CHANGE_PASSWORD_MESSAGES;

/**
 * POST /auth/change-password for a signed-in user (the account menu's "Change password"): checks
 * the current password, stores the new one, revokes every session of the account and answers a
 * fresh pair of tokens for this one, so the other devices are signed out and this one is not.
 * A wrong current password is a 400 on that field (a 401 would sign the renderer out).
 */
@ApiTags('Auth')
@ApiBearerAuth()
@CallerScoped()
@Controller('auth')
export class ChangePasswordController {
  constructor(
    private readonly repo: AuthRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: TokensService,
    private readonly rates: RateLimitService,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post('change-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the signed-in user’s password; other sessions are signed out, fresh tokens answered' })
  @ApiData(TokensResponse)
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto): Promise<WithMessage<AuthTokens>> {
    await this.rates.hit(changeLimit(user.id));
    const row = await this.repo.credentials(user.id);
    if (!row) throw new DomainException('UNAUTHENTICATED');
    if (!(await this.passwords.verify(row.password_hash, dto.currentPassword))) {
      throw new DomainException('VALIDATION_FAILED', { message: M.currentWrong, details: { currentPassword: M.currentWrong } });
    }
    if (passwordResemblesAccount(dto.newPassword, { username: row.username, email: row.email })) {
      const message = MESSAGES.validation.passwordLikeAccount;
      throw new DomainException('VALIDATION_FAILED', { message, details: { newPassword: message } });
    }
    if (this.passwords.isTooCommon(dto.newPassword)) {
      throw new DomainException('PASSWORD_TOO_COMMON', { details: { newPassword: MESSAGES.errors.passwordTooCommon } });
    }
    const hash = await this.passwords.hash(dto.newPassword);
    const now = this.clock.now();
    await this.repo.transaction(async (tx) => {
      await this.repo.in(tx).setPassword(user.id, hash, now);
      await this.tokens.revokeAllSessions(tx, user.id);
    });
    const tokens = await this.tokens.startSession(user);
    try {
      await this.mail.send(passwordChangedMail(row.email, row.username, now));
    } catch {
      this.logger.warn({ event: 'password_changed_notice_failed', userId: user.id }, 'password-change notice not sent');
    }
    return withMessage(tokens, M.changed);
  }
}
