import type { RateRule } from '../../common/rate-limit/rate-limit.service';

const HOUR = 3600;
const MINUTE = 60;

/** The invitation calls' rate limits (docs/security.md): generous for an office, tight for a script. */
export const INVITATION_LIMITS = {
  /** Invitations a school sends in an hour. */
  school: (schoolId: string): RateRule => ({ key: `invite:school:${schoolId}`, limit: 100, windowSeconds: HOUR }),
  /** Invitations to one address in an hour (any school). */
  email: (email: string): RateRule => ({ key: `invite:email:${email.toLowerCase()}`, limit: 5, windowSeconds: HOUR }),
  /** Token look-ups and accepts from one address. */
  redeem: (ip: string): RateRule => ({ key: `invite-redeem:ip:${ip}`, limit: 30, windowSeconds: 10 * MINUTE, perAddress: true }),
} as const;
