import { OTP_RESEND_COOLDOWN_SECONDS, OTP_RESEND_MAX_PER_HOUR, type OtpPurpose } from '@vidyalaya/shared';
import type { RateRule } from '../../common/rate-limit/rate-limit.service';

const MINUTE = 60;
const HOUR = 3600;

/**
 * Every rate limit of the account calls, in one table (documented in docs/security.md). Account
 * keys use the lowercased username whether or not such a user exists, so limits never reveal
 * which accounts exist. The numbers are far above what a school office does by hand.
 */
export const AUTH_LIMITS = {
  login: {
    ip: (ip: string): RateRule => ({ key: `login:ip:${ip}`, limit: 30, windowSeconds: MINUTE, perAddress: true }),
    account: (name: string): RateRule => ({ key: `login:user:${name}`, limit: 10, windowSeconds: MINUTE }),
  },
  register: {
    ip: (ip: string): RateRule => ({ key: `register:ip:${ip}`, limit: 20, windowSeconds: 10 * MINUTE, perAddress: true }),
    account: (name: string): RateRule => ({ key: `register:user:${name}`, limit: 10, windowSeconds: HOUR }),
  },
  resend: {
    ip: (ip: string): RateRule => ({ key: `resend:ip:${ip}`, limit: 20, windowSeconds: 10 * MINUTE, perAddress: true }),
    /** DECISIONS: at most 5 resends an hour per user and purpose. */
    account: (purpose: OtpPurpose, name: string): RateRule => ({
      key: `resend:${purpose}:user:${name}`,
      limit: OTP_RESEND_MAX_PER_HOUR,
      windowSeconds: HOUR,
    }),
  },
  verify: {
    ip: (ip: string): RateRule => ({ key: `verify:ip:${ip}`, limit: 30, windowSeconds: 10 * MINUTE, perAddress: true }),
    account: (purpose: OtpPurpose, name: string): RateRule => ({
      key: `verify:${purpose}:user:${name}`,
      limit: 10,
      windowSeconds: 10 * MINUTE,
    }),
  },
  forgotPassword: {
    ip: (ip: string): RateRule => ({ key: `forgot:ip:${ip}`, limit: 20, windowSeconds: 10 * MINUTE, perAddress: true }),
    account: (name: string): RateRule => ({ key: `forgot:user:${name}`, limit: 5, windowSeconds: HOUR }),
  },
  resetPassword: {
    ip: (ip: string): RateRule => ({ key: `reset:ip:${ip}`, limit: 20, windowSeconds: 10 * MINUTE, perAddress: true }),
  },
  /**
   * Issue 20: code e-mails to one address, whichever usernames claim it, so nobody can use
   * registrations under many names to flood someone's mailbox.
   */
  otpRecipient: (email: string): RateRule => ({ key: `otp-send:to:${email.trim().toLowerCase()}`, limit: 10, windowSeconds: HOUR }),
  /**
   * DECISIONS: one code a minute per user and purpose. Every send counts (registration,
   * re-registration, resend, forgot-password); a send the mail server refused is given back.
   */
  otpSend: (purpose: OtpPurpose, name: string): RateRule => ({
    key: `otp-send:${purpose}:user:${name}`,
    limit: 1,
    windowSeconds: OTP_RESEND_COOLDOWN_SECONDS,
  }),
} as const;
