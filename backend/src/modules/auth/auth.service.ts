import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { MESSAGES, passwordResemblesAccount, type OtpPurpose } from '@vidyalaya/shared';
import {
  type AuthTokens,
  type ForgotPasswordInput,
  type LoginInput,
  type LoginResult,
  type MeResult,
  type RefreshTokenInput,
  type RegisterInput,
  type RegisterResult,
  type ResendOtpInput,
  type ResetPasswordInput,
  type ResetTokenResult,
  type VerifyOtpInput,
} from '@vidyalaya/shared/auth';
import type { AuthUser } from '../../common/auth/access-tokens';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { withMessage, withTopLevel, type WithMessage } from '../../common/success-envelope';
import { isUniqueViolation } from '../../database/unique-violation';
import { MailService } from '../mail/mail.service';
import { AuthRepository } from './auth.repository';
import { AUTH_LIMITS } from './auth-rate-limits';
import { otpMail, passwordChangedMail } from './mails';
import { OtpService } from './otp.service';
import { PasswordService } from './password.service';
import { TokensService } from './tokens.service';
import { toPublicUser, type UserEntity } from './user.entity';

/** The account flows of spec §4 and §7 under the rules of DECISIONS "Accounts and tokens". */
@Injectable()
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    private readonly passwords: PasswordService,
    private readonly otps: OtpService,
    private readonly tokens: TokensService,
    private readonly rates: RateLimitService,
    private readonly mail: MailService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // ---------------------------------------------------------------- registration

  /**
   * POST /auth/register. A new username, or one whose account was never verified (its details
   * are replaced), gets an account and a fresh code by e-mail. If the e-mail cannot be sent, the
   * account is removed again, so a retry starts clean.
   */
  async register(input: RegisterInput, ip: string): Promise<WithMessage<RegisterResult>> {
    const name = input.username.toLowerCase();
    this.refuseCommonPassword(input.password, 'password');
    await this.rates.hit(AUTH_LIMITS.register.ip(ip), AUTH_LIMITS.register.account(name));
    // A first look outside any transaction, so a conflict answers before the send limit counts.
    await this.assertRegistrable(this.repo, input.username, input.email);
    const sendLimit = AUTH_LIMITS.otpSend('registration', name);
    await this.rates.hit(sendLimit, AUTH_LIMITS.otpRecipient(input.email));
    const passwordHash = await this.passwords.hash(input.password);

    let written: { user: UserEntity; code: string; codeHash: string };
    try {
      written = await this.repo.transaction(async (tx) => {
        const user = await this.writeUnverifiedUser(tx, input, passwordHash);
        const { code, codeHash } = await this.otps.issue(tx, user.id, 'registration');
        return { user, code, codeHash };
      });
    } catch (e) {
      await this.rates.reset(sendLimit.key);
      // Two registrations raced for the same name or address: the loser reads as taken.
      if (isUniqueViolation(e, 'users_username_lower_uq')) throw new DomainException('USERNAME_TAKEN');
      if (isUniqueViolation(e, 'users_email_lower_uq')) throw new DomainException('EMAIL_TAKEN');
      throw e;
    }

    const { user, code, codeHash } = written;
    try {
      await this.mail.send(otpMail('registration', user.email, user.username, code));
    } catch (e) {
      // No half-made account: remove it (unless someone has since re-registered it) and give the send back.
      await this.repo.deleteFailedRegistration(user.id, codeHash);
      await this.rates.reset(sendLimit.key);
      throw e;
    }
    return withMessage({ username: user.username, email: user.email }, MESSAGES.toast.registrationSuccess);
  }

  /** POST /auth/verify-otp/registration: the code marks the account verified. */
  async verifyRegistration(input: VerifyOtpInput, ip: string): Promise<WithMessage<null>> {
    await this.verifyCode('registration', input, ip, async (tx, user) => {
      await this.repo.in(tx).markVerified(user.id, this.clock.now());
    });
    return withMessage(null, MESSAGES.toast.emailVerified);
  }

  /**
   * POST /auth/resend-otp. Same answer whether or not the account exists or needs a code; a code
   * goes out only to an unverified account (registration) or a verified one (password_reset).
   */
  async resendOtp(input: ResendOtpInput, ip: string): Promise<WithMessage<null>> {
    const name = input.username.toLowerCase();
    const sendLimit = AUTH_LIMITS.otpSend(input.purpose, name);
    await this.rates.hit(AUTH_LIMITS.resend.ip(ip), sendLimit, AUTH_LIMITS.resend.account(input.purpose, name));
    const user = await this.repo.findUserByName(input.username);
    const eligible = user && (input.purpose === 'registration' ? !user.isEmailVerified : user.isEmailVerified);
    if (eligible) await this.sendCode(user, input.purpose, sendLimit.key);
    return withMessage(null, MESSAGES.toast.otpSent);
  }

  // ---------------------------------------------------------------- sign-in and sessions

  /**
   * POST /auth/login. Unknown user and wrong password answer the same 401 after the same work
   * (an argon2 verify either way); an unverified account is told so only once the password matches.
   */
  async login(input: LoginInput, ip: string): Promise<WithMessage<LoginResult>> {
    const name = input.username.toLowerCase();
    await this.rates.hit(AUTH_LIMITS.login.ip(ip), AUTH_LIMITS.login.account(name));
    const user = await this.repo.findUserByName(input.username);
    const matches = await this.passwords.verify(user?.passwordHash, input.password);
    if (!user || !matches) throw new DomainException('INVALID_CREDENTIALS');
    if (!user.isEmailVerified) throw new DomainException('EMAIL_NOT_VERIFIED');
    if (this.passwords.needsRehash(user.passwordHash)) {
      const hash = await this.passwords.hash(input.password);
      await this.repo.rehash(user.id, hash, user.passwordHash);
    }
    const tokens = await this.tokens.startSession({ id: user.id, username: user.username, role: user.role });
    return withMessage({ ...tokens, user: toPublicUser(user) }, MESSAGES.toast.loginSuccess);
  }

  /** POST /auth/refresh-token: rotates the refresh token. */
  refresh(input: RefreshTokenInput): Promise<AuthTokens> {
    return this.tokens.rotate(input.refreshToken);
  }

  /** POST /auth/logout: ends the session of this refresh token; answers the same if it already ended. */
  async logout(input: RefreshTokenInput): Promise<WithMessage<null>> {
    await this.tokens.revokeSessionOf(input.refreshToken);
    return withMessage(null, MESSAGES.toast.loggedOut);
  }

  /**
   * GET /auth/me: `{success, user, data:{user}}`. The user also at the top level, as the original
   * front end reads it on every reload (DECISIONS "Compatibility fixes").
   */
  async me(current: AuthUser): Promise<MeResult> {
    const user = await this.repo.findUserById(current.id);
    if (!user) throw new DomainException('UNAUTHENTICATED');
    const publicUser = toPublicUser(user);
    return withTopLevel({ user: publicUser }, { user: publicUser });
  }

  // ---------------------------------------------------------------- password reset

  /** POST /auth/forgot-password: same answer for unknown users, to whom nothing is sent. */
  async forgotPassword(input: ForgotPasswordInput, ip: string): Promise<WithMessage<null>> {
    const name = input.username.toLowerCase();
    const sendLimit = AUTH_LIMITS.otpSend('password_reset', name);
    await this.rates.hit(AUTH_LIMITS.forgotPassword.ip(ip), sendLimit, AUTH_LIMITS.forgotPassword.account(name));
    const user = await this.repo.findUserByName(input.username);
    if (user?.isEmailVerified) await this.sendCode(user, 'password_reset', sendLimit.key);
    return withMessage(null, MESSAGES.toast.resetCodeSent);
  }

  /** POST /auth/verify-otp/password-reset: the code buys a single-use, 10-minute reset token. */
  async verifyPasswordReset(input: VerifyOtpInput, ip: string): Promise<WithMessage<ResetTokenResult>> {
    const resetToken = await this.verifyCode('password_reset', input, ip, (tx, user) => this.tokens.issueResetToken(tx, user.id));
    return withMessage({ resetToken }, MESSAGES.toast.otpVerified);
  }

  /**
   * POST /auth/reset-password: spends the reset token, sets the password, ends every session and
   * sends a notice. A refused password leaves the token usable.
   */
  async resetPassword(input: ResetPasswordInput, ip: string): Promise<WithMessage<null>> {
    this.refuseCommonPassword(input.newPassword, 'newPassword');
    await this.rates.hit(AUTH_LIMITS.resetPassword.ip(ip));
    const owner = await this.tokens.resetTokenOwner(input.resetToken);
    if (!owner) throw new DomainException('RESET_TOKEN_INVALID');
    if (passwordResemblesAccount(input.newPassword, owner)) {
      const message = MESSAGES.validation.passwordLikeAccount;
      throw new DomainException('VALIDATION_FAILED', { message, details: { newPassword: message } });
    }
    const passwordHash = await this.passwords.hash(input.newPassword);
    const now = this.clock.now();
    const user = await this.repo.transaction(async (tx) => {
      const userId = await this.tokens.consumeResetToken(tx, input.resetToken);
      if (!userId) return null;
      const row = await this.repo.in(tx).setPassword(userId, passwordHash, now);
      await this.tokens.revokeAllSessions(tx, userId);
      await this.otps.voidAll(tx, userId, 'password_reset');
      return row;
    });
    if (!user) throw new DomainException('RESET_TOKEN_INVALID');
    try {
      await this.mail.send(passwordChangedMail(user.email, user.username, now));
    } catch {
      // The password has changed either way; the failure is already logged by MailService.
      this.logger.warn({ event: 'password_changed_notice_failed', userId: user.id }, 'password-change notice not sent');
    }
    return withMessage(null, MESSAGES.toast.passwordResetSuccess);
  }

  // ---------------------------------------------------------------- helpers

  private refuseCommonPassword(password: string, field: string): void {
    if (this.passwords.isTooCommon(password)) {
      throw new DomainException('PASSWORD_TOO_COMMON', { details: { [field]: MESSAGES.errors.passwordTooCommon } });
    }
  }

  /** 409 when the username belongs to a verified account, or the e-mail to another verified one. */
  private async assertRegistrable(repo: AuthRepository, username: string, email: string, lock = false): Promise<(UserEntity & { nameClash: boolean })[]> {
    const rows = await repo.usersByNameOrEmail(username, email, lock);
    // This name, or a look-alike of it (issue 33 row 7), held by a verified account.
    if (rows.some((r) => r.nameClash && r.isEmailVerified)) throw new DomainException('USERNAME_TAKEN');
    const byName = rows.find((r) => r.username.toLowerCase() === username.toLowerCase());
    const emailHolders = rows.filter((r) => r.id !== byName?.id && r.email.toLowerCase() === email.toLowerCase());
    if (emailHolders.some((r) => r.isEmailVerified)) throw new DomainException('EMAIL_TAKEN');
    return rows;
  }

  /**
   * Inside the registration transaction: re-checks under row locks, drops unverified accounts
   * that merely claimed this e-mail (whoever reads the code owns the address) or a look-alike of
   * this name, then replaces the unverified account of this username (keeping its password when
   * the e-mail is the same) or creates one.
   */
  private async writeUnverifiedUser(tx: EntityManager, input: RegisterInput, passwordHash: string): Promise<UserEntity> {
    const repo = this.repo.in(tx);
    const rows = await this.assertRegistrable(repo, input.username, input.email, true);
    const now = this.clock.now();
    const existing = rows.find((r) => r.username.toLowerCase() === input.username.toLowerCase());
    const squatters = rows.filter((r) => r.id !== existing?.id && !r.isEmailVerified).map((r) => r.id);
    if (squatters.length) await repo.deleteUnverified(squatters);
    if (existing) {
      // Same mailbox: whoever re-registers cannot choose the password the owner will verify
      // (issue 20, takeover before verification). The first password stays; a new code goes out.
      const sameMailbox = existing.email.toLowerCase() === input.email.toLowerCase();
      return repo.replaceUnverified(existing.id, { username: input.username, email: input.email, passwordHash: sameMailbox ? existing.passwordHash : passwordHash }, now);
    }
    return repo.insertUnverified({ username: input.username, email: input.email, passwordHash }, now);
  }

  /** Issues a code and e-mails it; if the e-mail fails, the send is given back (503 to the caller). */
  private async sendCode(user: UserEntity, purpose: OtpPurpose, sendLimitKey: string): Promise<void> {
    // The address has had its share of codes this hour: nothing is sent, and the caller answers as
    // always (a 429 here would tell an unknown caller that the account exists).
    if (!(await this.rates.allows(AUTH_LIMITS.otpRecipient(user.email)))) {
      this.logger.warn({ event: 'otp_recipient_limited', userId: user.id, purpose }, 'code e-mail not sent: recipient limit reached');
      return;
    }
    const { code } = await this.otps.issue(null, user.id, purpose);
    try {
      await this.mail.send(otpMail(purpose, user.email, user.username, code));
    } catch (e) {
      await this.rates.reset(sendLimitKey);
      throw e;
    }
  }

  /**
   * Checks a code for `purpose` and, when it matches, runs `onMatch` in the same transaction. The
   * transaction commits a wrong try too (the count must stick); the refusal is thrown after it.
   */
  private async verifyCode<T>(
    purpose: OtpPurpose,
    input: VerifyOtpInput,
    ip: string,
    onMatch: (tx: EntityManager, user: UserEntity) => Promise<T>,
  ): Promise<T> {
    await this.rates.hit(AUTH_LIMITS.verify.ip(ip), AUTH_LIMITS.verify.account(purpose, input.username.toLowerCase()));
    const outcome = await this.repo.transaction(async (tx) => {
      const user = await this.repo.in(tx).findUserByName(input.username, true);
      if (!user) return { ok: false as const, code: 'OTP_INVALID' as const };
      const check = await this.otps.consume(tx, user.id, purpose, input.otp);
      if (!check.ok) return check;
      return { ok: true as const, value: await onMatch(tx, user) };
    });
    if (!outcome.ok) throw new DomainException(outcome.code);
    return outcome.value;
  }
}
