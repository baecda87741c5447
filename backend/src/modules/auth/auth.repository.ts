import { Injectable } from '@nestjs/common';
import type { OtpPurpose } from '@vidyalaya/shared';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/access-tokens';
import { Repository } from '../../database/repository';
import { UserEntity } from './user.entity';

type UserRow = {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  role: AuthUser['role'];
  is_email_verified: boolean;
  created_at: Date;
  updated_at: Date;
};

const USER_COLUMNS = 'id, username, email, password_hash, role, is_email_verified, created_at, updated_at';

function toUser(r: UserRow): UserEntity {
  return Object.assign(new UserEntity(), {
    id: r.id,
    username: r.username,
    email: r.email,
    passwordHash: r.password_hash,
    role: r.role,
    isEmailVerified: r.is_email_verified,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  });
}

/** An account's name and address. */
export interface AccountRef {
  id: string;
  username: string;
  email: string;
}

/** A registration's clash: an account holding the username (or a look-alike of it) or the e-mail address. */
export interface AccountClash extends AccountRef {
  is_email_verified: boolean;
  /** The account's name is the one asked for, ignoring case, or looks like it. */
  name_clash: boolean;
}

/** `$1` names this account, ignoring case, or a look-alike of it (the same confusable skeleton). */
const NAME_CLASH = '(lower(username) = lower($1) OR username_skeleton(username) = username_skeleton($1))';

/** A refresh token spent by a rotation, with its family and its user. */
export interface SpentRefreshToken {
  family_id: string;
  expires_at: Date;
  id: string;
  username: string;
  role: AuthUser['role'];
}

/**
 * Every query on the auth module's tables: `users`, `otp_codes`, `refresh_tokens` and
 * `password_reset_tokens`. Other modules reach accounts through `AccountsService`.
 */
@Injectable()
export class AuthRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ---------------------------------------------------------------- users

  private async users(sql: string, params: unknown[]): Promise<UserEntity[]> {
    return (await this.rows<UserRow>(sql, params)).map(toUser);
  }

  async findUserByName(username: string, lock = false): Promise<UserEntity | null> {
    const [row] = await this.users(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)${lock ? ' FOR UPDATE' : ''}`, [username]);
    return row ?? null;
  }

  findUserById(id: string): Promise<UserEntity | null> {
    return this.m.getRepository(UserEntity).findOneBy({ id });
  }

  /**
   * The accounts holding this username, a look-alike of it (the same confusable skeleton, issue 33
   * row 7; migration 1765900000000) or this e-mail address (ignoring case), locked when asked.
   * `nameClash` marks the accounts whose name is this one or looks like it.
   */
  async usersByNameOrEmail(username: string, email: string, lock = false): Promise<(UserEntity & { nameClash: boolean })[]> {
    const rows = await this.rows<UserRow & { name_clash: boolean }>(
      `SELECT ${USER_COLUMNS}, ${NAME_CLASH} AS name_clash FROM users
        WHERE ${NAME_CLASH} OR lower(email) = lower($2)${lock ? ' FOR UPDATE' : ''}`,
      [username, email],
    );
    return rows.map((r) => Object.assign(toUser(r), { nameClash: r.name_clash }));
  }

  /** As `usersByNameOrEmail`, locked, in the short form the invitation's account creation reads. */
  lockClashes(username: string, email: string): Promise<AccountClash[]> {
    return this.rows<AccountClash>(
      `SELECT id, username, email, is_email_verified, ${NAME_CLASH} AS name_clash FROM users
        WHERE ${NAME_CLASH} OR lower(email) = lower($2) FOR UPDATE`,
      [username, email],
    );
  }

  async deleteUnverified(ids: string[]): Promise<void> {
    await this.m.query(`DELETE FROM users WHERE id = ANY($1::uuid[]) AND NOT is_email_verified`, [ids]);
  }

  async replaceUnverified(id: string, input: { username: string; email: string; passwordHash: string }, now: Date): Promise<UserEntity> {
    const [row] = await this.users(
      `UPDATE users SET username = $2, email = $3, password_hash = $4, updated_at = $5 WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [id, input.username, input.email, input.passwordHash, now],
    );
    return row;
  }

  async insertUnverified(input: { username: string; email: string; passwordHash: string }, now: Date): Promise<UserEntity> {
    const [row] = await this.users(
      `INSERT INTO users (username, email, password_hash, role, is_email_verified, created_at, updated_at)
       VALUES ($1, $2, $3, 'admin', false, $4, $4) RETURNING ${USER_COLUMNS}`,
      [input.username, input.email, input.passwordHash, now],
    );
    return row;
  }

  async insertVerified(input: { username: string; email: string; passwordHash: string }, now: Date): Promise<AccountRef> {
    const [row] = await this.rows<AccountRef>(
      `INSERT INTO users (username, email, password_hash, role, is_email_verified, created_at, updated_at)
       VALUES ($1, $2, $3, 'admin', true, $4, $4) RETURNING id, username, email`,
      [input.username, input.email, input.passwordHash, now],
    );
    return row;
  }

  /** Removes a registration whose code e-mail failed, unless someone has since re-registered it. */
  async deleteFailedRegistration(userId: string, codeHash: string): Promise<void> {
    await this.m.query(
      `DELETE FROM users u WHERE u.id = $1 AND NOT u.is_email_verified
         AND EXISTS (SELECT 1 FROM otp_codes o WHERE o.user_id = u.id AND o.purpose = 'registration' AND o.code_hash = $2)`,
      [userId, codeHash],
    );
  }

  async markVerified(userId: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE users SET is_email_verified = true, updated_at = $2 WHERE id = $1`, [userId, now]);
  }

  /** Stores a stronger hash of the same password, unless the password changed meanwhile. */
  async rehash(userId: string, hash: string, oldHash: string): Promise<void> {
    await this.m.query(`UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3`, [userId, hash, oldHash]);
  }

  async setPassword(userId: string, hash: string, now: Date): Promise<UserEntity | null> {
    const [row] = await this.users(`UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, hash, now]);
    return row ?? null;
  }

  credentials(userId: string): Promise<{ password_hash: string; email: string; username: string } | null> {
    return this.one(`SELECT password_hash, email, username FROM users WHERE id = $1`, [userId]);
  }

  account(userId: string): Promise<AccountRef | null> {
    return this.one<AccountRef>(`SELECT id, username, email FROM users WHERE id = $1`, [userId]);
  }

  // ---------------------------------------------------------------- one-time codes

  async upsertOtp(userId: string, purpose: OtpPurpose, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO otp_codes (user_id, purpose, code_hash, attempts, expires_at, consumed_at, created_at)
       VALUES ($1, $2, $3, 0, $4, NULL, $5)
       ON CONFLICT (user_id, purpose) DO UPDATE SET
         code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at,
         consumed_at = NULL, created_at = EXCLUDED.created_at`,
      [userId, purpose, codeHash, expiresAt, now],
    );
  }

  /** One atomic compare-and-count of a presented code; no row when nothing live was there to compare with. */
  presentOtp(userId: string, purpose: OtpPurpose, codeHash: string, now: Date, maxAttempts: number): Promise<{ matched: boolean; attempts: number } | null> {
    return this.one(
      `UPDATE otp_codes SET
         attempts = attempts + CASE WHEN code_hash = $3 THEN 0 ELSE 1 END,
         consumed_at = CASE WHEN code_hash = $3 THEN $4::timestamptz ELSE NULL END
       WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
         AND attempts < $5 AND expires_at > $4::timestamptz
       RETURNING consumed_at IS NOT NULL AS matched, attempts`,
      [userId, purpose, codeHash, now, maxAttempts],
    );
  }

  otpState(userId: string, purpose: OtpPurpose, now: Date): Promise<{ attempts: number; expired: boolean; consumed: boolean } | null> {
    return this.one(
      `SELECT attempts, expires_at <= $3::timestamptz AS expired, consumed_at IS NOT NULL AS consumed
       FROM otp_codes WHERE user_id = $1 AND purpose = $2`,
      [userId, purpose, now],
    );
  }

  async deleteOtps(userId: string, purpose: OtpPurpose): Promise<void> {
    await this.m.query(`DELETE FROM otp_codes WHERE user_id = $1 AND purpose = $2`, [userId, purpose]);
  }

  // ---------------------------------------------------------------- refresh tokens

  async deleteRefreshTokensExpiredBefore(userId: string, before: Date): Promise<void> {
    await this.m.query(`DELETE FROM refresh_tokens WHERE user_id = $1 AND expires_at < $2`, [userId, before]);
  }

  async insertRefreshToken(userId: string, familyId: string, hash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [userId, familyId, hash, expiresAt, now],
    );
  }

  /** Spends a live refresh token in one conditional UPDATE; null when it is not live. */
  spendRefreshToken(hash: string, now: Date): Promise<SpentRefreshToken | null> {
    return this.one<SpentRefreshToken>(
      `UPDATE refresh_tokens t SET used_at = $2
       FROM users u
       WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > $2
         AND u.id = t.user_id
       RETURNING t.family_id, t.expires_at, u.id, u.username, u.role`,
      [hash, now],
    );
  }

  refreshTokenState(hash: string): Promise<{ family_id: string; used: boolean } | null> {
    return this.one(`SELECT family_id, used_at IS NOT NULL AS used FROM refresh_tokens WHERE token_hash = $1`, [hash]);
  }

  /** Revokes a family's live tokens; answers how many were live. */
  async revokeFamily(familyId: string, now: Date): Promise<number> {
    const rows = await this.rows(`UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL RETURNING id`, [familyId, now]);
    return rows.length;
  }

  async revokeFamilyOf(hash: string, now: Date): Promise<void> {
    await this.m.query(
      `UPDATE refresh_tokens SET revoked_at = $2
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
      [hash, now],
    );
  }

  async revokeAllRefreshTokens(userId: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, now]);
  }

  // ---------------------------------------------------------------- password reset tokens

  /** The user's one reset token: any earlier one is deleted. */
  async replaceResetToken(userId: string, hash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.m.query(`DELETE FROM password_reset_tokens WHERE user_id = $1`, [userId]);
    await this.m.query(
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)`,
      [userId, hash, expiresAt, now],
    );
  }

  resetTokenOwner(hash: string, now: Date): Promise<{ username: string; email: string } | null> {
    return this.one(
      `SELECT u.username, u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2`,
      [hash, now],
    );
  }

  async spendResetToken(hash: string, now: Date): Promise<string | null> {
    const row = await this.one<{ user_id: string }>(
      `UPDATE password_reset_tokens SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id`,
      [hash, now],
    );
    return row?.user_id ?? null;
  }
}
