import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { isUniqueViolation } from '../../database/unique-violation';
import { AuthRepository, type AccountRef } from './auth.repository';
import { PasswordService } from './password.service';

export type { AccountRef } from './auth.repository';

/**
 * Accounts made on behalf of other modules: a person who accepts an invitation gets a verified
 * account (the e-mailed link proved the address). The users table stays this module's.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly passwords: PasswordService,
    private readonly clock: Clock,
    private readonly repo: AuthRepository,
  ) {}

  /** Hashes a chosen password, refusing a too-common one (400 PASSWORD_TOO_COMMON). Slow: call it before a transaction. */
  async hashNewPassword(password: string): Promise<string> {
    if (this.passwords.isTooCommon(password)) throw new DomainException('PASSWORD_TOO_COMMON', { details: { password: 'This password is too common' } });
    return this.passwords.hash(password);
  }

  /**
   * Inside the caller's transaction: a verified account. Unverified accounts that merely claimed
   * this username (or a look-alike of it) or e-mail are dropped (as registration does); a verified
   * one gives 409 USERNAME_TAKEN / EMAIL_TAKEN.
   */
  async createVerified(tx: EntityManager, input: { username: string; email: string; passwordHash: string }): Promise<AccountRef> {
    const repo = this.repo.in(tx);
    const clash = await repo.lockClashes(input.username, input.email);
    for (const u of clash.filter((c) => c.is_email_verified)) {
      throw new DomainException(u.name_clash ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN');
    }
    if (clash.length) await repo.deleteUnverified(clash.map((c) => c.id));
    const now = this.clock.now();
    try {
      return await repo.insertVerified(input, now);
    } catch (e) {
      if (isUniqueViolation(e, 'users_username_lower_uq')) throw new DomainException('USERNAME_TAKEN');
      if (isUniqueViolation(e, 'users_email_lower_uq')) throw new DomainException('EMAIL_TAKEN');
      throw e;
    }
  }

  /** The account's name and address, or null; inside the caller's transaction when one is given. */
  find(tx: EntityManager | null, userId: string): Promise<AccountRef | null> {
    return (tx ? this.repo.in(tx) : this.repo).account(userId);
  }
}
