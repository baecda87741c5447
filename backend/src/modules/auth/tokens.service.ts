import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { REFRESH_TOKEN_TTL_DAYS, RESET_TOKEN_TTL_MINUTES } from '@vidyalaya/shared';
import { type AuthTokens } from '@vidyalaya/shared/auth';
import { signAccessToken, type AuthUser } from '../../common/auth/access-tokens';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AuthRepository } from './auth.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 256 random bits, URL-safe: what a client holds. Only its SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

type Rotated = { ok: true; user: AuthUser; refreshToken: string } | { ok: false; reused: boolean };

/**
 * Sessions and reset tokens (DECISIONS "Accounts and tokens"):
 * - a sign-in starts a refresh-token family with a 30-day absolute expiry;
 * - each refresh spends the presented token and issues the next one in the family (same expiry);
 * - presenting a spent token revokes the whole family (reuse detection);
 * - a reset token is single use and lives 10 minutes.
 */
@Injectable()
export class TokensService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  accessToken(user: AuthUser): string {
    return signAccessToken(user, this.config.jwtSecret, this.clock.now());
  }

  /** A new session: an access token and the first refresh token of a new family. */
  async startSession(user: AuthUser): Promise<AuthTokens> {
    const now = this.clock.now();
    // Housekeeping: this user's sessions that ended more than a day ago are of no further use.
    await this.repo.deleteRefreshTokensExpiredBefore(user.id, new Date(now.getTime() - DAY_MS));
    const refreshToken = await this.insertRefreshToken(this.repo, user.id, randomUUID(), new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS));
    return { accessToken: this.accessToken(user), refreshToken };
  }

  /**
   * Spends `token` and answers the next pair. The spend is one conditional UPDATE, so of two
   * concurrent refreshes with the same token exactly one finds it unspent; the other is a reuse.
   */
  async rotate(token: string): Promise<AuthTokens> {
    const hash = tokenHash(token);
    const result = await this.repo.transaction(async (tx): Promise<Rotated> => {
      const repo = this.repo.in(tx);
      const now = this.clock.now();
      const spent = await repo.spendRefreshToken(hash, now);
      if (spent) {
        const user: AuthUser = { id: spent.id, username: spent.username, role: spent.role };
        const refreshToken = await this.insertRefreshToken(repo, user.id, spent.family_id, new Date(spent.expires_at));
        return { ok: true, user, refreshToken };
      }
      const known = await repo.refreshTokenState(hash);
      if (known?.used) {
        // A spent token came back: it was copied, or two refreshes raced. Either way the family ends.
        const revoked = await repo.revokeFamily(known.family_id, this.clock.now());
        return { ok: false, reused: revoked > 0 };
      }
      return { ok: false, reused: false };
    });
    if (!result.ok) {
      if (result.reused) this.logger.warn({ event: 'refresh_token_reuse' }, 'a spent refresh token was presented: its session was revoked');
      throw new DomainException('REFRESH_TOKEN_INVALID');
    }
    return { accessToken: this.accessToken(result.user), refreshToken: result.refreshToken };
  }

  /** Logout: ends the session the token belongs to (spent or not). Unknown tokens change nothing. */
  async revokeSessionOf(token: string): Promise<void> {
    await this.repo.revokeFamilyOf(tokenHash(token), this.clock.now());
  }

  /** Ends every session of the user (password reset), inside the caller's transaction. */
  async revokeAllSessions(tx: EntityManager, userId: string): Promise<void> {
    await this.repo.in(tx).revokeAllRefreshTokens(userId, this.clock.now());
  }

  /** A new reset token for the user; any earlier unused one is voided. */
  async issueResetToken(tx: EntityManager, userId: string): Promise<string> {
    const now = this.clock.now();
    const token = newOpaqueToken();
    await this.repo.in(tx).replaceResetToken(userId, tokenHash(token), new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000), now);
    return token;
  }

  /** Whether the reset token is live now (a cheap look before the costly password hash). */
  async isResetTokenLive(token: string): Promise<boolean> {
    return (await this.resetTokenOwner(token)) !== null;
  }

  /** The account a live reset token belongs to (its name and address, for the password rules), or null. */
  resetTokenOwner(token: string): Promise<{ username: string; email: string } | null> {
    return this.repo.resetTokenOwner(tokenHash(token), this.clock.now());
  }

  /** Spends the reset token atomically; answers its user, or null if it is unknown, spent or expired. */
  consumeResetToken(tx: EntityManager, token: string): Promise<string | null> {
    return this.repo.in(tx).spendResetToken(tokenHash(token), this.clock.now());
  }

  private async insertRefreshToken(repo: AuthRepository, userId: string, familyId: string, expiresAt: Date): Promise<string> {
    const token = newOpaqueToken();
    await repo.insertRefreshToken(userId, familyId, tokenHash(token), expiresAt, this.clock.now());
    return token;
  }
}
