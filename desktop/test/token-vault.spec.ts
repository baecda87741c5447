import { createTokenVault, memoryKeyring, type KeyringLike } from '../src/main/token-vault';

const A = 'https://a.vidyalaya.in';
const B = 'http://localhost:3000';
const tokens = { accessToken: 'eyJ.access.token', refreshToken: 'r'.repeat(64) };

/** A keyring with no backend (no Secret Service, a locked store…): every call fails. */
const brokenKeyring = (): KeyringLike => {
  const fail = async () => {
    throw new Error('Platform failure: DBus error: no Secret Service');
  };
  return { getPassword: fail, setPassword: fail, deletePassword: fail };
};

describe('DECISIONS Desktop: tokens live in the OS keychain', () => {
  it('keeps the tokens in the keychain, one entry per server, under the app service', async () => {
    const keyring = memoryKeyring();
    const vault = createTokenVault({ keyring });
    expect(await vault.probe()).toBe('os');
    await vault.set(A, tokens);
    expect(await vault.get(A)).toEqual(tokens);
    expect(await vault.get(B)).toBeNull();
    expect(JSON.parse(await keyring.getPassword('Vidyalaya', A) as string)).toEqual(tokens);
    await vault.clear(A);
    expect(await vault.get(A)).toBeNull();
    expect(await keyring.getPassword('Vidyalaya', A)).toBeNull();
  });

  it('refuses to store something that is not a pair of tokens', async () => {
    const vault = createTokenVault({ keyring: memoryKeyring() });
    await expect(vault.set(A, { accessToken: '', refreshToken: 'x' })).rejects.toThrow();
    await expect(vault.set(A, { accessToken: 'a', refreshToken: 'b', extra: 1 } as never)).rejects.toThrow();
    expect(await vault.get(A)).toBeNull();
  });

  it.each(['not json', '{"accessToken":"a"}', '[]', 'null'])('drops an unreadable entry (%s) instead of using it', async (raw) => {
    const keyring = memoryKeyring();
    await keyring.setPassword('Vidyalaya', A, raw);
    const vault = createTokenVault({ keyring });
    expect(await vault.get(A)).toBeNull();
    expect(await keyring.getPassword('Vidyalaya', A)).toBeNull();
  });

  it('with no keychain, says so and keeps tokens for the session only', async () => {
    const onUnavailable = jest.fn();
    const vault = createTokenVault({ keyring: brokenKeyring(), onUnavailable });
    expect(await vault.probe()).toBe('session');
    expect(vault.mode()).toBe('session');
    await vault.set(A, tokens);
    expect(await vault.get(A)).toEqual(tokens);
    await vault.clear(A);
    expect(await vault.get(A)).toBeNull();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    // A new vault (the next start of the app) has nothing: session-only really means that.
    expect(await createTokenVault({ keyring: brokenKeyring() }).get(A)).toBeNull();
  });

  it('falls back to the session when the keychain fails later, without losing the sign-in', async () => {
    const keyring = memoryKeyring();
    let broken = false;
    const flaky: KeyringLike = {
      getPassword: (s, a) => (broken ? Promise.reject(new Error('locked')) : keyring.getPassword(s, a)),
      setPassword: (s, a, p) => (broken ? Promise.reject(new Error('locked')) : keyring.setPassword(s, a, p)),
      deletePassword: (s, a) => (broken ? Promise.reject(new Error('locked')) : keyring.deletePassword(s, a)),
    };
    const onUnavailable = jest.fn();
    const vault = createTokenVault({ keyring: flaky, onUnavailable });
    expect(await vault.probe()).toBe('os');
    broken = true;
    await vault.set(A, tokens);
    expect(vault.mode()).toBe('session');
    expect(await vault.get(A)).toEqual(tokens);
    expect(onUnavailable).toHaveBeenCalledTimes(1);
  });

  it('uses its own service name when given one', async () => {
    const keyring = memoryKeyring();
    const vault = createTokenVault({ keyring, service: 'Vidyalaya (test)' });
    await vault.set(B, tokens);
    expect(await keyring.getPassword('Vidyalaya (test)', B)).not.toBeNull();
    expect(await keyring.getPassword('Vidyalaya', B)).toBeNull();
  });
});
