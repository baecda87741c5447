import { PASSWORD_MIN } from '../constants';
import { COMMON_PASSWORDS, isCommonPassword } from './password';

describe('DECISIONS common passwords are refused', () => {
  it.each([['password'], ['123456'], ['Password'], [' qwerty '], ['iloveyou']])('%j is common', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });

  it.each([['correct horse battery'], ['Kanpur#2025!'], ['']])('%j is not', (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
  });

  it('lists only passwords the length rule would otherwise allow, in lowercase', () => {
    for (const pw of COMMON_PASSWORDS) {
      expect(pw.length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect(pw).toBe(pw.toLowerCase());
    }
  });
});
