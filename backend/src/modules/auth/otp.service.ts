import { createHmac, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, type ErrorCode, type OtpPurpose } from '@vidyalaya/shared';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AuthRepository } from './auth.repository';

export interface IssuedOtp {
  code: string;
  codeHash: string;
  expiresAt: Date;
}

/** The outcome of presenting a code: consumed, or the reason it was refused. */
export type OtpCheck = { ok: true } | { ok: false; code: Extract<ErrorCode, 'OTP_INVALID' | 'OTP_EXPIRED' | 'OTP_ATTEMPTS_EXCEEDED'> };

/** A six-digit code from the operating system's CSPRNG, uniformly distributed, leading zeros kept. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * One-time codes (DECISIONS "Accounts and tokens"): stored as an HMAC keyed by a server secret and
 * bound to the user and the purpose, valid 10 minutes, single use, voided by a newer code and by
 * 5 wrong tries. Methods take the caller's transaction (`tx`) so they join it.
 */
@Injectable()
export class OtpService {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
    private readonly repo: AuthRepository,
  ) {
    // A key of its own, derived from the server secret: a leaked table alone cannot be brute-forced.
    this.key = createHmac('sha256', config.jwtSecret).update('vidyalaya:otp-code:v1').digest();
  }

  hash(userId: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}\u0000${purpose}\u0000${code}`).digest('hex');
  }

  /** Stores a fresh code for the user and purpose, replacing (and so voiding) any earlier one (in `tx` when given). */
  async issue(tx: EntityManager | null, userId: string, purpose: OtpPurpose): Promise<IssuedOtp> {
    const now = this.clock.now();
    const code = generateOtp();
    const codeHash = this.hash(userId, purpose, code);
    const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * 60_000);
    await (tx ? this.repo.in(tx) : this.repo).upsertOtp(userId, purpose, codeHash, expiresAt, now);
    return { code, codeHash, expiresAt };
  }

  /**
   * Presents a code. One atomic statement both compares and counts, so concurrent guesses can never
   * get more than OTP_MAX_ATTEMPTS wrong tries between them; a match consumes the code. Run it in a
   * transaction that commits even when the check fails, so a wrong try is always counted.
   */
  async consume(tx: EntityManager, userId: string, purpose: OtpPurpose, code: string): Promise<OtpCheck> {
    const now = this.clock.now();
    const repo = this.repo.in(tx);
    const row = await repo.presentOtp(userId, purpose, this.hash(userId, purpose, code), now, OTP_MAX_ATTEMPTS);
    if (row) {
      if (row.matched) return { ok: true };
      return { ok: false, code: row.attempts >= OTP_MAX_ATTEMPTS ? 'OTP_ATTEMPTS_EXCEEDED' : 'OTP_INVALID' };
    }
    // Nothing live to compare with: say why.
    const current = await repo.otpState(userId, purpose, now);
    if (!current || current.consumed) return { ok: false, code: 'OTP_INVALID' };
    if (current.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, code: 'OTP_ATTEMPTS_EXCEEDED' };
    return { ok: false, code: 'OTP_EXPIRED' };
  }

  /** Voids any live code of this purpose (e.g. the reset code once the password has changed). */
  async voidAll(tx: EntityManager, userId: string, purpose: OtpPurpose): Promise<void> {
    await this.repo.in(tx).deleteOtps(userId, purpose);
  }
}
