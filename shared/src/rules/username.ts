/**
 * Usernames (issue 20): what a registration may choose. A username is compared and stored in
 * Unicode NFKC form (full-width 'ｒａｖｉ' is 'ravi'), may hold letters, combining marks, the
 * digits 0-9 and `. _ -`, and its letters must all come from one script: Latin or one of India's
 * scripts. So no invisible format or direction characters (U+200B, U+202E …), no spaces or symbols,
 * and no look-alikes that mix scripts ('раvi' with Cyrillic letters is refused; Cyrillic and Greek
 * are not offered at all, being the usual source of Latin look-alikes).
 */
export const USERNAME_SCRIPTS = [
  'Latin',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
] as const;

const ALLOWED = /^[\p{L}\p{M}0-9._-]+$/u;
const SCRIPT_TESTS = USERNAME_SCRIPTS.map((script) => ({ script, re: new RegExp(`\\p{Script=${script}}`, 'u') }));

/** The form a username is stored and compared in. */
export function normalizeUsername(value: string): string {
  return value.normalize('NFKC').trim();
}

/** The scripts of a username's letters (marks count with the script they belong to), or null if one is not allowed. */
function scriptsOf(value: string): Set<string> | null {
  const scripts = new Set<string>();
  for (const ch of value) {
    if (!/[\p{L}\p{M}]/u.test(ch)) continue;
    const found = SCRIPT_TESTS.find((s) => s.re.test(ch));
    if (found) scripts.add(found.script);
    else if (!/\p{M}/u.test(ch) || !/\p{Script=Inherited}/u.test(ch)) return null;
  }
  return scripts;
}

/** True when a (normalised) username uses only the safe character set, in one script. */
export function isSafeUsername(value: string): boolean {
  if (!ALLOWED.test(value)) return false;
  const scripts = scriptsOf(value);
  return scripts !== null && scripts.size <= 1;
}
