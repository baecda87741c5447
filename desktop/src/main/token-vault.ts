/**
 * Sign-in tokens in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service
 * on Linux), reached only from the main process (docs/adr/0003-desktop-keychain.md). One entry per
 * server, so tokens of one server are never sent to another. When no keychain is available the
 * vault says so (`mode()` is 'session') and keeps tokens in memory until the app quits.
 */
import { AsyncEntry } from '@napi-rs/keyring';
import type { KeychainMode } from '@vidyalaya/shared';
import type { AuthTokens } from '@vidyalaya/shared/auth';
import { tokensSchema } from '../ipc-channels';

/** The keychain operations the vault needs (keytar's shape, over any backend). */
export interface KeyringLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * The OS keychain through @napi-rs/keyring. On Linux the Secret Service is required: the kernel
 * keyring it would otherwise fall back to does not survive a reboot, so it would promise more
 * than it keeps.
 */
export function osKeyring(): KeyringLike {
  const entry = (service: string, account: string) => new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
  return {
    // The constructor itself throws when no Secret Service answers; async keeps that a rejection.
    getPassword: async (service, account) => entry(service, account).getPassword(),
    setPassword: async (service, account, password) => entry(service, account).setPassword(password),
    deletePassword: async (service, account) => entry(service, account).deleteCredential(),
  };
}

/** A keychain in memory: the fallback, and the tests' stand-in. */
export function memoryKeyring(): KeyringLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const key = (s: string, a: string) => `${s}\u0000${a}`;
  return {
    entries,
    getPassword: async (s, a) => entries.get(key(s, a)) ?? null,
    setPassword: async (s, a, p) => void entries.set(key(s, a), p),
    deletePassword: async (s, a) => entries.delete(key(s, a)),
  };
}

export interface TokenVault {
  /** Checks the keychain once (at start-up) and settles the mode. */
  probe(): Promise<KeychainMode>;
  mode(): KeychainMode;
  get(server: string): Promise<AuthTokens | null>;
  set(server: string, tokens: AuthTokens): Promise<void>;
  clear(server: string): Promise<void>;
}

export const DEFAULT_SERVICE = 'Vidyalaya';
const PROBE_ACCOUNT = 'vidyalaya-keychain-probe';

export function createTokenVault(opts: {
  keyring: KeyringLike;
  service?: string;
  /** Told once when the keychain turns out to be unavailable (logged by index.ts). */
  onUnavailable?: (error: unknown) => void;
}): TokenVault {
  const service = opts.service ?? DEFAULT_SERVICE;
  const session = memoryKeyring();
  let current: KeychainMode | null = null;

  const fallBack = (error: unknown) => {
    if (current !== 'session') opts.onUnavailable?.(error);
    current = 'session';
  };

  const probe = async (): Promise<KeychainMode> => {
    if (current) return current;
    try {
      await opts.keyring.getPassword(service, PROBE_ACCOUNT);
      current = 'os';
    } catch (e) {
      fallBack(e);
    }
    return current!;
  };

  /** Runs on the OS keychain; if it fails, the vault falls back to the session for good. */
  const use = async <T>(op: (k: KeyringLike) => Promise<T>): Promise<T> => {
    if ((await probe()) === 'os') {
      try {
        return await op(opts.keyring);
      } catch (e) {
        fallBack(e);
      }
    }
    return op(session);
  };

  return {
    probe,
    mode: () => current ?? 'session',
    async get(server) {
      const raw = await use((k) => k.getPassword(service, server));
      if (raw === null) return null;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        value = null;
      }
      const parsed = tokensSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      await use((k) => k.deletePassword(service, server));
      return null;
    },
    async set(server, tokens) {
      const parsed = tokensSchema.parse(tokens);
      await use((k) => k.setPassword(service, server, JSON.stringify(parsed)));
    },
    async clear(server) {
      await use((k) => k.deletePassword(service, server));
      await session.deletePassword(service, server);
    },
  };
}
