import { randomBytes } from 'node:crypto';
import { AadhaarCipher } from './aadhaar-cipher';

describe('AadhaarCipher', () => {
  const cipher = new AadhaarCipher({ aadhaarKey: randomBytes(32) });
  const school = '11111111-1111-4111-8111-111111111111';
  const other = '22222222-2222-4222-8222-222222222222';
  const number = '234567890124';

  it('seals and opens a number, keeping only the last four digits in clear', () => {
    const sealed = cipher.seal(school, number);
    expect(sealed.last4).toBe('0124');
    expect(sealed.cipher.toString('latin1')).not.toContain(number);
    expect(sealed.cipher.toString('hex')).not.toContain(Buffer.from(number).toString('hex'));
    expect(cipher.open(school, sealed.cipher)).toBe(number);
  });

  it('uses a fresh IV each time, and a stable per-school hash', () => {
    const a = cipher.seal(school, number);
    const b = cipher.seal(school, number);
    expect(a.cipher.equals(b.cipher)).toBe(false);
    expect(a.hmac.equals(b.hmac)).toBe(true);
    expect(cipher.seal(other, number).hmac.equals(a.hmac)).toBe(false);
  });

  it('refuses a ciphertext moved to another school, tampered with, or read with another key', () => {
    const sealed = cipher.seal(school, number);
    expect(() => cipher.open(other, sealed.cipher)).toThrow();
    const tampered = Buffer.from(sealed.cipher);
    tampered[tampered.length - 1] ^= 1;
    expect(() => cipher.open(school, tampered)).toThrow();
    expect(() => new AadhaarCipher({ aadhaarKey: randomBytes(32) }).open(school, sealed.cipher)).toThrow();
  });
});
