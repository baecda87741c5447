import { maskEmail } from './mask-email';

describe('maskEmail (issue 20: /verify-otp names the masked address)', () => {
  it.each([
    ['meera@example.in', 'm***@example.in'],
    ['m@example.in', 'm***@example.in'],
    ['a.b+c@sub.school.in', 'a***@sub.school.in'],
    ['no-at-sign', '***'],
    ['@example.in', '***'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
