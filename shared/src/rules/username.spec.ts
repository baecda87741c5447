import { registerSchema } from '../auth/schemas';
import { isSafeUsername, normalizeUsername } from './username';

describe('issue 20: usernames are NFKC-normalised to a safe character set in one script', () => {
  it.each([['ravi_kumar'], ['Ravi.Kumar-2'], ['demo_admin'], ['रवि_कुमार'], ['ரவி'], ['u0a1b2c3d4']])('%j is accepted', (name) => {
    expect(isSafeUsername(normalizeUsername(name))).toBe(true);
  });

  it.each([
    ['a zero-width space', 'ravi\u200bkumar'],
    ['a right-to-left override', 'ravi\u202ekumar'],
    ['a left-to-right mark', '\u200eravi'],
    ['a space inside', 'ravi kumar'],
    ['a symbol', 'ravi@kumar'],
    ['Cyrillic look-alikes mixed with Latin', 'р\u0430vi'],
    ['Cyrillic alone (the look-alike alphabet)', 'раша'],
    ['Greek alone', 'αβγ'],
    ['Latin mixed with Devanagari', 'raviरवि'],
  ])('refuses %s', (_case, name) => {
    expect(isSafeUsername(normalizeUsername(name))).toBe(false);
  });

  it('full-width and compatibility forms become their plain letters', () => {
    expect(normalizeUsername(' ｒａｖｉ＿ｋｕｍａｒ ')).toBe('ravi_kumar');
    expect(registerSchema.parse({ username: 'ｒａｖｉ', email: 'r@example.in', password: 'Kanpur-Chalk-4217' }).username).toBe('ravi');
  });

  it('the register schema gives the message the form shows', () => {
    const result = registerSchema.safeParse({ username: 'ravi\u200bkumar', email: 'r@example.in', password: 'Kanpur-Chalk-4217' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', 'Username can contain only letters, digits, dots, hyphens and underscores, in one script'],
    ]);
  });
});
