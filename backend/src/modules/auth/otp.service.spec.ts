import { SystemClock } from '../../common/clock';
import type { AppConfig } from '../../config/app-config';
import type { AuthRepository } from './auth.repository';
import { generateOtp, OtpService } from './otp.service';

describe('DECISIONS OTP: 6 digits from a CSPRNG, stored hashed and bound to user and purpose', () => {
  const service = (secret = 's'.repeat(40)) => new OtpService({ jwtSecret: secret } as AppConfig, new SystemClock(), {} as AuthRepository);

  it('codes are six digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Each first digit 0-9 appears (a uniform draw gives ~200 of each).
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('the stored hash depends on the user, the purpose, the code and the server secret', () => {
    const s = service();
    const base = s.hash('user-1', 'registration', '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(s.hash('user-1', 'registration', '123456')).toBe(base);
    expect(s.hash('user-2', 'registration', '123456')).not.toBe(base);
    expect(s.hash('user-1', 'password_reset', '123456')).not.toBe(base);
    expect(s.hash('user-1', 'registration', '123457')).not.toBe(base);
    expect(service('t'.repeat(40)).hash('user-1', 'registration', '123456')).not.toBe(base);
    expect(base).not.toContain('123456');
  });
});
