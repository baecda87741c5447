import type { AuthTokens } from '@vidyalaya/shared/auth';
import { getPlatform } from '../platform/platform';

/**
 * The tokens in memory, backed by the platform's storage (local storage on the web, the OS
 * keychain on desktop). The base query reads from memory first, then from the platform.
 */
let cached: AuthTokens | null | undefined;

export const tokenStore = {
  async get(): Promise<AuthTokens | null> {
    if (cached === undefined) cached = await getPlatform().tokens.get();
    return cached;
  },
  async set(tokens: AuthTokens): Promise<void> {
    cached = tokens;
    await getPlatform().tokens.set(tokens);
  },
  /** Forgets the tokens once the platform has: if its storage fails, they stay for another try. */
  async clear(): Promise<void> {
    await getPlatform().tokens.clear();
    cached = null;
  },
};
