import { createHash, randomBytes } from 'node:crypto';

/**
 * An invitation token: the school's id (32 hex digits, so the token is found within its school's
 * rows, which keeps lookups on one shard under Citus) then 256 random bits in base64url. Only its
 * SHA-256 is stored; the token itself exists in the e-mail alone.
 */
export function newInvitationToken(schoolId: string): { token: string; hash: Buffer } {
  const token = `${schoolId.replace(/-/g, '').toLowerCase()}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The school id a (well-formed) token names. */
export function schoolIdOfToken(token: string): string {
  const h = token.slice(0, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
