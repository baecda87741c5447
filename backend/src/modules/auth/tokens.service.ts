import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { REFRESH_TOKEN_TTL_DAYS, RESET_TOKEN_TTL_MINUTES, type AuthTokens } from '@vidyalaya/shared';
import { signAccessToken, type AuthUser } from '../../common/auth/access-tokens';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { queryRows } from './query-rows';

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
    private readonly db: DataSource,
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
    await this.db.query(`DELETE FROM refresh_tokens WHERE user_id = $1 AND expires_at < $2`, [user.id, new Date(now.getTime() - DAY_MS)]);
    const refreshToken = await this.insertRefreshToken(this.db.manager, user.id, randomUUID(), new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS));
    return { accessToken: this.accessToken(user), refreshToken };
  }

  /**
   * Spends `token` and answers the next pair. The spend is one conditional UPDATE, so of two
   * concurrent refreshes with the same token exactly one finds it unspent; the other is a reuse.
   */
  async rotate(token: string): Promise<AuthTokens> {
    const hash = tokenHash(token);
    const result = await this.db.transaction(async (m): Promise<Rotated> => {
      const now = this.clock.now();
      const [spent] = await queryRows<{ family_id: string; expires_at: Date; id: string; username: string; role: AuthUser['role'] }>(
        m,
        `UPDATE refresh_tokens t SET used_at = $2
         FROM users u
         WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > $2
           AND u.id = t.user_id
         RETURNING t.family_id, t.expires_at, u.id, u.username, u.role`,
        [hash, now],
      );
      if (spent) {
        const user: AuthUser = { id: spent.id, username: spent.username, role: spent.role };
        const refreshToken = await this.insertRefreshToken(m, user.id, spent.family_id, new Date(spent.expires_at));
        return { ok: true, user, refreshToken };
      }
      const [known] = await queryRows<{ family_id: string; used: boolean }>(
        m,
        `SELECT family_id, used_at IS NOT NULL AS used FROM refresh_tokens WHERE token_hash = $1`,
        [hash],
      );
      if (known?.used) {
        // A spent token came back: it was copied, or two refreshes raced. Either way the family ends.
        const revoked = await this.revokeFamily(m, known.family_id);
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
    await this.db.query(
      `UPDATE refresh_tokens SET revoked_at = $2
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
      [tokenHash(token), this.clock.now()],
    );
  }

  /** Ends every session of the user (password reset). */
  async revokeAllSessions(m: EntityManager, userId: string): Promise<void> {
    await m.query(`UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, this.clock.now()]);
  }

  /** A new reset token for the user; any earlier unused one is voided. */
  async issueResetToken(m: EntityManager, userId: string): Promise<string> {
    const now = this.clock.now();
    const token = newOpaqueToken();
    await m.query(`DELETE FROM password_reset_tokens WHERE user_id = $1`, [userId]);
    await m.query(
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)`,
      [userId, tokenHash(token), new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000), now],
    );
    return token;
  }

  /** Whether the reset token is live now (a cheap look before the costly password hash). */
  async isResetTokenLive(token: string): Promise<boolean> {
    return (await this.resetTokenOwner(token)) !== null;
  }

  /** The account a live reset token belongs to (its name and address, for the password rules), or null. */
  async resetTokenOwner(token: string): Promise<{ username: string; email: string } | null> {
    const [row] = await queryRows<{ username: string; email: string }>(
      this.db,
      `SELECT u.username, u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2`,
      [tokenHash(token), this.clock.now()],
    );
    return row ?? null;
  }

  /** Spends the reset token atomically; answers its user, or null if it is unknown, spent or expired. */
  async consumeResetToken(m: EntityManager, token: string): Promise<string | null> {
    const [row] = await queryRows<{ user_id: string }>(
      m,
      `UPDATE password_reset_tokens SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id`,
      [tokenHash(token), this.clock.now()],
    );
    return row?.user_id ?? null;
  }

  private async insertRefreshToken(m: EntityManager, userId: string, familyId: string, expiresAt: Date): Promise<string> {
    const token = newOpaqueToken();
    await m.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [userId, familyId, tokenHash(token), expiresAt, this.clock.now()],
    );
    return token;
  }

  private async revokeFamily(m: EntityManager, familyId: string): Promise<number> {
    const rows = await queryRows(
      m,
      `UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL RETURNING id`,
      [familyId, this.clock.now()],
    );
    return rows.length;
  }
}
