import { PASSWORD_MIN } from '../constants';
import { registerSchema } from '../auth/schemas';
import { COMMON_PASSWORDS, isCommonPassword, passwordResemblesAccount } from './password';

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

describe('issue 20: common year patterns through 2030 and the account\'s own name', () => {
  it.each([['password2027'], ['Welcome@2025!'], ['2030school'], ['qwerty_2024-25'], ['iloveyou1999'], ['2025!!'], ['sunshine#2030']])('%j is common', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });

  it.each([['Kanpur#2025!'], ['Himalaya#2031'], ['password-2031x'], ['Ganga#Office2025']])('%j is not', (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
  });

  it.each([
    ['the username', 'Ravi_Kumar', { username: 'ravi_kumar' }],
    ['the username with a year', 'ravi_kumar@2026', { username: 'ravi_kumar' }],
    ['the e-mail', 'RAVI@example.in', { email: 'ravi@example.in' }],
    ['the e-mail\'s local part', 'ravi.k2025', { email: 'ravi.k@example.in' }],
    // '…202026' also reads as '…' + 2020-26; the username ending in 20 must still be found
    ['a username ending in 20 with a year', 'ravi20' + '2026', { username: 'ravi20' }],
  ])('refuses %s', (_case, pw, account) => {
    expect(passwordResemblesAccount(pw, account)).toBe(true);
  });

  it('accepts a password merely containing the username', () => {
    expect(passwordResemblesAccount('ravi_kumar and the monsoon', { username: 'ravi_kumar', email: 'ravi@example.in' })).toBe(false);
  });

  it('the register schema reports it on the password field', () => {
    const result = registerSchema.safeParse({ username: 'ravi_kumar', email: 'ravi@example.in', password: 'Ravi_Kumar2025' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'Password must not be your username or email address'],
    ]);
  });
});
