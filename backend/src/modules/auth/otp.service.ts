import { createHmac, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, type ErrorCode, type OtpPurpose } from '@vidyalaya/shared';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { queryRows } from './query-rows';

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
 * 5 wrong tries. Methods take the caller's EntityManager so they join its transaction.
 */
@Injectable()
export class OtpService {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    // A key of its own, derived from the server secret: a leaked table alone cannot be brute-forced.
    this.key = createHmac('sha256', config.jwtSecret).update('vidyalaya:otp-code:v1').digest();
  }

  hash(userId: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}\u0000${purpose}\u0000${code}`).digest('hex');
  }

  /** Stores a fresh code for the user and purpose, replacing (and so voiding) any earlier one. */
  async issue(m: EntityManager, userId: string, purpose: OtpPurpose): Promise<IssuedOtp> {
    const now = this.clock.now();
    const code = generateOtp();
    const codeHash = this.hash(userId, purpose, code);
    const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * 60_000);
    await m.query(
      `INSERT INTO otp_codes (user_id, purpose, code_hash, attempts, expires_at, consumed_at, created_at)
       VALUES ($1, $2, $3, 0, $4, NULL, $5)
       ON CONFLICT (user_id, purpose) DO UPDATE SET
         code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at,
         consumed_at = NULL, created_at = EXCLUDED.created_at`,
      [userId, purpose, codeHash, expiresAt, now],
    );
    return { code, codeHash, expiresAt };
  }

  /**
   * Presents a code. One atomic statement both compares and counts, so concurrent guesses can never
   * get more than OTP_MAX_ATTEMPTS wrong tries between them; a match consumes the code. Run it in a
   * transaction that commits even when the check fails, so a wrong try is always counted.
   */
  async consume(m: EntityManager, userId: string, purpose: OtpPurpose, code: string): Promise<OtpCheck> {
    const now = this.clock.now();
    const codeHash = this.hash(userId, purpose, code);
    const [row] = await queryRows<{ matched: boolean; attempts: number }>(
      m,
      `UPDATE otp_codes SET
         attempts = attempts + CASE WHEN code_hash = $3 THEN 0 ELSE 1 END,
         consumed_at = CASE WHEN code_hash = $3 THEN $4::timestamptz ELSE NULL END
       WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
         AND attempts < $5 AND expires_at > $4::timestamptz
       RETURNING consumed_at IS NOT NULL AS matched, attempts`,
      [userId, purpose, codeHash, now, OTP_MAX_ATTEMPTS],
    );
    if (row) {
      if (row.matched) return { ok: true };
      return { ok: false, code: row.attempts >= OTP_MAX_ATTEMPTS ? 'OTP_ATTEMPTS_EXCEEDED' : 'OTP_INVALID' };
    }
    // Nothing live to compare with: say why.
    const [current] = await queryRows<{ attempts: number; expired: boolean; consumed: boolean }>(
      m,
      `SELECT attempts, expires_at <= $3::timestamptz AS expired, consumed_at IS NOT NULL AS consumed
       FROM otp_codes WHERE user_id = $1 AND purpose = $2`,
      [userId, purpose, now],
    );
    if (!current || current.consumed) return { ok: false, code: 'OTP_INVALID' };
    if (current.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, code: 'OTP_ATTEMPTS_EXCEEDED' };
    return { ok: false, code: 'OTP_EXPIRED' };
  }

  /** Voids any live code of this purpose (e.g. the reset code once the password has changed). */
  async voidAll(m: EntityManager, userId: string, purpose: OtpPurpose): Promise<void> {
    await m.query(`DELETE FROM otp_codes WHERE user_id = $1 AND purpose = $2`, [userId, purpose]);
  }
}
