import { newOpaqueToken, tokenHash } from './tokens.service';

describe('DECISIONS tokens: opaque 256-bit refresh and reset tokens, stored as SHA-256', () => {
  it('a token is 32 random bytes in base64url (43 characters), never repeated', () => {
    const tokens = Array.from({ length: 500 }, newOpaqueToken);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('the stored form is the SHA-256 hex of the token', () => {
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
