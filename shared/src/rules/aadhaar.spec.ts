import { aadhaarProblem, AADHAAR_MESSAGES, maskAadhaar, normalizeAadhaar, verhoeffCheckDigit, verhoeffValid } from './aadhaar';

describe('Verhoeff', () => {
  it('computes the published example check digit (236 → 3)', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffValid('2363')).toBe(true);
  });

  it('computes 12345 → 1 and validates it', () => {
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffValid('123451')).toBe(true);
    expect(verhoeffValid('123452')).toBe(false);
  });

  it('catches every single-digit error and every adjacent transposition of an 11-digit base', () => {
    const base = '23456789012';
    const full = base + verhoeffCheckDigit(base);
    expect(verhoeffValid(full)).toBe(true);
    for (let i = 0; i < full.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === full[i]) continue;
        expect(verhoeffValid(full.slice(0, i) + d + full.slice(i + 1))).toBe(false);
      }
      if (i + 1 < full.length && full[i] !== full[i + 1]) {
        expect(verhoeffValid(full.slice(0, i) + full[i + 1] + full[i] + full.slice(i + 2))).toBe(false);
      }
    }
  });

  it('refuses non-digits', () => {
    expect(verhoeffValid('12a4')).toBe(false);
    expect(verhoeffValid('')).toBe(false);
  });
});

describe('Aadhaar', () => {
  const valid = '23456789012' + verhoeffCheckDigit('23456789012');

  it('accepts a valid number, with or without spaces', () => {
    expect(aadhaarProblem(valid)).toBeNull();
    expect(aadhaarProblem(`${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`)).toBeNull();
    expect(normalizeAadhaar(`${valid.slice(0, 4)}-${valid.slice(4, 8)}-${valid.slice(8)}`)).toBe(valid);
  });

  it('refuses a wrong length, a leading 0 or 1 and a wrong check digit', () => {
    expect(aadhaarProblem('12345')).toBe(AADHAAR_MESSAGES.format);
    expect(aadhaarProblem('1234567890123')).toBe(AADHAAR_MESSAGES.format);
    const one = '13456789012' + verhoeffCheckDigit('13456789012');
    expect(aadhaarProblem(one)).toBe(AADHAAR_MESSAGES.firstDigit);
    const wrong = valid.slice(0, 11) + ((Number(valid[11]) + 1) % 10);
    expect(aadhaarProblem(wrong)).toBe(AADHAAR_MESSAGES.checkDigit);
  });

  it('masks to the last four digits', () => {
    expect(maskAadhaar('1234')).toBe('XXXX XXXX 1234');
  });
});
