import { randomUUID } from 'node:crypto';
import { AsyncEntry } from '@napi-rs/keyring';
import { createTokenVault, osKeyring } from '../../src/main/token-vault';

/**
 * The token vault against a real OS keychain: gnome-keyring's Secret Service in a private D-Bus
 * session (scripts/with-keychain.mjs; `npm run test:keychain`). Outside that session this test
 * fails on purpose rather than pass without a keychain.
 */
const SERVICE = `Vidyalaya test ${randomUUID()}`;
const SERVER = 'https://vidyalaya.example.in';
const tokens = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', refreshToken: 'a1'.repeat(32) };
const secretService = { linux: { store: 'secret-service' as const } };

describe('DECISIONS Desktop: tokens in the OS keychain (real Secret Service)', () => {
  beforeAll(() => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS || process.env.VIDYALAYA_KEYCHAIN_SESSION !== '1') {
      throw new Error('Run this test through `npm run test:keychain` (a D-Bus session with gnome-keyring).');
    }
  });

  afterAll(async () => {
    await new AsyncEntry(SERVICE, SERVER, secretService).deleteCredential().catch(() => false);
  });

  it('finds the keychain', async () => {
    expect(await createTokenVault({ keyring: osKeyring(), service: SERVICE }).probe()).toBe('os');
  });

  it('stores the tokens in the keychain, where another reader finds them, and removes them', async () => {
    const vault = createTokenVault({ keyring: osKeyring(), service: SERVICE });
    await vault.set(SERVER, tokens);
    // Read straight from the Secret Service, not through the vault: the secret really is there.
    const raw = await new AsyncEntry(SERVICE, SERVER, secretService).getPassword();
    expect(JSON.parse(raw!)).toEqual(tokens);
    // A new vault, as on the app's next start, gets them back.
    expect(await createTokenVault({ keyring: osKeyring(), service: SERVICE }).get(SERVER)).toEqual(tokens);
    expect(await vault.get('http://localhost:3000')).toBeNull();
    await vault.clear(SERVER);
    expect(await new AsyncEntry(SERVICE, SERVER, secretService).getPassword()).toBeNull();
    expect(await vault.get(SERVER)).toBeNull();
    expect(vault.mode()).toBe('os');
  });

  it('replaces the tokens on a refresh', async () => {
    const vault = createTokenVault({ keyring: osKeyring(), service: SERVICE });
    await vault.set(SERVER, tokens);
    const rotated = { accessToken: 'eyJ.rotated.sig', refreshToken: 'b2'.repeat(32) };
    await vault.set(SERVER, rotated);
    expect(await vault.get(SERVER)).toEqual(rotated);
    await vault.clear(SERVER);
  });
});
