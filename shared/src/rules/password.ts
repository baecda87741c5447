/**
 * Passwords refused as too common (DECISIONS.md: 'This password is too common'). Only entries of
 * at least PASSWORD_MIN characters are listed: shorter ones fail the length rule anyway. The check
 * ignores case and surrounding spaces. The server may consult a longer list; this one lets the
 * form warn early.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '000000', '111111', '112233', '121212', '123123', '123321', '123456', '1234567', '12345678',
  '123456789', '1234567890', '12341234', '123abc', '123qwe', '147258', '147258369', '159753',
  '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '222222', '333333', '444444', '555555',
  '654321', '666666', '696969', '7777777', '777777', '888888', '987654321', '999999',
  'a123456', 'aa123456', 'abc123', 'abc12345', 'abcd1234', 'abcdef', 'access', 'admin123',
  'administrator', 'arsenal', 'asdf1234', 'asdfgh', 'asdfghjkl', 'ashley', 'babygirl', 'bailey',
  'baseball', 'batman', 'buster', 'changeme', 'charlie', 'cheese', 'chelsea', 'computer',
  'cricket', 'daniel', 'default', 'dragon', 'football', 'freedom', 'ganesh', 'ginger', 'hello123',
  'hockey', 'hottie', 'iloveindia', 'iloveyou', 'india123', 'india@123', 'internet', 'jaishreeram',
  'jennifer', 'jordan23', 'killer', 'krishna', 'letmein', 'liverpool', 'login123', 'loveme',
  'master', 'matrix', 'michael', 'monkey', 'mustang', 'omsairam', 'p@ssw0rd', 'p@ssword',
  'passw0rd', 'password', 'password1', 'password12', 'password123', 'password@123', 'pepper',
  'pokemon', 'princess', 'q1w2e3r4', 'qazwsx', 'qwe123', 'qwer1234', 'qwerty', 'qwerty123',
  'qwertyuiop', 'sachin', 'sairam', 'school', 'school123', 'secret', 'shadow', 'soccer',
  'starwars', 'student', 'sunshine', 'superman', 'teacher', 'test123', 'testing', 'trustno1',
  'vidyalaya', 'welcome', 'welcome1', 'welcome123', 'whatever', 'zaq12wsx', 'zxcvbn', 'zxcvbnm',
];

const COMMON = new Set(COMMON_PASSWORDS);

/** The last year a password may merely append (issue 20: "common year patterns through 2030"). */
export const PASSWORD_YEAR_MAX = 2030;
const YEAR = '(?:19[5-9]\\d|20[0-2]\\d|2030)';
// One expression per form of year, each giving its own base: in a single alternation the shortest base
// wins, so 'ravi20' + '2026' read only as 'ravi' + '2020-26' and never as 'ravi20' + '2026'.
const SUFFIXES = [YEAR, `${YEAR}[-/]?\\d{2}`, "'\\d{2}"].map((year) => new RegExp(`^(.*?)[\\s@#_.\\-/]*${year}[!@#$%*.]*$`));
const PREFIX = new RegExp(`^${YEAR}[\\s@#_.\\-/]*(.*)$`);

/**
 * What a password is "really": itself, lowercased and trimmed, and the word left when a year (1950
 * to 2030, also an academic year such as 2025-26) is stripped from its end or start with the usual
 * separators and a trailing '!': 'Welcome@2025!' → 'welcome'. A password whose base is common (or
 * empty, or the account's own name) is as guessable as the base.
 */
export function passwordBases(password: string): string[] {
  const whole = password.trim().toLowerCase();
  const bases = new Set([whole]);
  for (const suffix of SUFFIXES) {
    const match = suffix.exec(whole);
    if (match) bases.add(match[1]);
  }
  const prefix = PREFIX.exec(whole);
  if (prefix) bases.add(prefix[1]);
  return [...bases];
}

/** Common: on the list, or a listed password (or nothing at all) with a year added ('password2027', '2025!!'). */
export function isCommonPassword(password: string): boolean {
  const [whole, ...stripped] = passwordBases(password);
  return COMMON.has(whole) || stripped.some((base) => base.length === 0 || COMMON.has(base));
}

/**
 * True when the password is the account's username or e-mail address (or its part before the @),
 * ignoring case, also with a year added ('ravi_kumar2025').
 */
export function passwordResemblesAccount(password: string, account: { username?: string; email?: string }): boolean {
  const own = new Set<string>();
  if (account.username) own.add(account.username.normalize('NFKC').trim().toLowerCase());
  if (account.email) {
    const email = account.email.trim().toLowerCase();
    own.add(email);
    own.add(email.split('@')[0]);
  }
  own.delete('');
  return passwordBases(password).some((base) => own.has(base));
}
