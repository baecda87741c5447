import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { PasswordService } from './password.service';
import { isUniqueViolation } from './query-rows';

export interface AccountRef {
  id: string;
  username: string;
  email: string;
}

/**
 * Accounts made on behalf of other modules: a person who accepts an invitation gets a verified
 * account (the e-mailed link proved the address). The users table stays this module's.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly passwords: PasswordService,
    private readonly clock: Clock,
  ) {}

  /** Hashes a chosen password, refusing a too-common one (400 PASSWORD_TOO_COMMON). Slow: call it before a transaction. */
  async hashNewPassword(password: string): Promise<string> {
    if (this.passwords.isTooCommon(password)) throw new DomainException('PASSWORD_TOO_COMMON', { details: { password: 'This password is too common' } });
    return this.passwords.hash(password);
  }

  /**
   * Inside the caller's transaction: a verified account. Unverified accounts that merely claimed
   * this username or e-mail are dropped (as registration does); a verified one gives 409
   * USERNAME_TAKEN / EMAIL_TAKEN.
   */
  async createVerified(m: EntityManager, input: { username: string; email: string; passwordHash: string }): Promise<AccountRef> {
    const clash: { id: string; username: string; email: string; is_email_verified: boolean }[] = await m.query(
      `SELECT id, username, email, is_email_verified FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2) FOR UPDATE`,
      [input.username, input.email],
    );
    for (const u of clash.filter((c) => c.is_email_verified)) {
      throw new DomainException(u.username.toLowerCase() === input.username.toLowerCase() ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN');
    }
    if (clash.length) await m.query(`DELETE FROM users WHERE id = ANY($1::uuid[]) AND NOT is_email_verified`, [clash.map((c) => c.id)]);
    const now = this.clock.now();
    try {
      const [row]: AccountRef[] = await m.query(
        `INSERT INTO users (username, email, password_hash, role, is_email_verified, created_at, updated_at)
         VALUES ($1, $2, $3, 'admin', true, $4, $4) RETURNING id, username, email`,
        [input.username, input.email, input.passwordHash, now],
      );
      return row;
    } catch (e) {
      if (isUniqueViolation(e, 'users_username_lower_uq')) throw new DomainException('USERNAME_TAKEN');
      if (isUniqueViolation(e, 'users_email_lower_uq')) throw new DomainException('EMAIL_TAKEN');
      throw e;
    }
  }

  /** The account's name and address, or null. */
  async find(m: EntityManager, userId: string): Promise<AccountRef | null> {
    const [row]: AccountRef[] = await m.query(`SELECT id, username, email FROM users WHERE id = $1`, [userId]);
    return row ?? null;
  }
}
