import { Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import { ConcurrencyLimit } from '../../common/concurrency';
import { isCommonPassword, passwordBases } from '@vidyalaya/shared';
import { isInServerCommonList } from './common-passwords';

/**
 * argon2id with at least 19 MiB of memory, two passes and one lane (DECISIONS "Accounts and
 * tokens"; the OWASP minimum). argon2's asynchronous hash and verify run on libuv's thread pool,
 * so the event loop keeps serving other requests while a password is checked. At most three run at
 * once (HASHING): the pool has four threads, and a burst of logins must not take the one that file
 * reads (the web app's assets) and DNS look-ups need.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024, // KiB
  timeCost: 2,
  parallelism: 1,
} as const;

/** Password hashes and verifications running at once: libuv's four pool threads, less one. */
export const HASHING = new ConcurrencyLimit(3);

export function hashPassword(password: string): Promise<string> {
  return HASHING.run(() => argon2.hash(password, ARGON2_OPTIONS));
}

/** True when `password` is refused as too common (shared list and the server's longer one). */
export function isTooCommon(password: string): boolean {
  // Also a listed password with a year through 2030 added (issue 20): 'Kanpur#2025' is 'kanpur'.
  return isCommonPassword(password) || passwordBases(password).some(isInServerCommonList);
}

/** A hash of nothing anyone knows, checked when the user does not exist, so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${process.pid}-${Date.now()}`);
  return dummyHash;
}

@Injectable()
export class PasswordService implements OnModuleInit {
  async onModuleInit(): Promise<void> {
    // Made at start, so the first unknown-user login is not slower than the others.
    await getDummyHash();
  }

  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  isTooCommon(password: string): boolean {
    return isTooCommon(password);
  }

  /**
   * Checks `password` against `hash`, or against a dummy hash when there is no user, so an unknown
   * username and a wrong password take the same time. A malformed stored hash counts as a mismatch.
   */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const target = hash && hash.startsWith('$argon2') ? hash : await getDummyHash();
    let ok = false;
    try {
      ok = await HASHING.run(() => argon2.verify(target, password));
    } catch {
      ok = false;
    }
    return ok && target !== (await getDummyHash());
  }

  /** True when a stored hash was made with weaker parameters than today's (re-hash after login). */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_OPTIONS);
    } catch {
      return false;
    }
  }
}
