import type { Language } from '@vidyalaya/shared';
import { formatNumber } from './format';
import { PLURAL_KEY, PLURAL_NUMBER } from './plural-keys';

/**
 * Plural messages without Intl. Lingui formats `{count, plural, one {# day} other {# days}}` through
 * `Intl.PluralRules` and `Intl.NumberFormat`, and the first of those a page makes costs a slow phone
 * 60 to 70 ms while ICU loads its data, inside a render (docs/performance.md). The catalogue compiler
 * (vite-lingui-catalogues.ts) turns each such plural into a `select` on `count␁plural`, with `#` as
 * `{count␁#}`; the translate function (feature.ts) supplies both for every number it is given.
 * English and Hindi have two categories; web/test/plural.spec.ts checks them against Intl.
 */

/** CLDR's cardinal category: English 'one' for exactly 1; Hindi 'one' for 0 to 1 (i = 0 or n = 1). */
export function pluralCategory(language: Language, n: number): 'one' | 'other' {
  const abs = Math.abs(n);
  if (language === 'hi') return abs <= 1 ? 'one' : 'other';
  return abs === 1 ? 'one' : 'other';
}

/** `values` with each number's plural category and its shown form (Indian grouping) added. */
export function withPlurals<V extends Record<string, string | number>>(values: V, language: Language): V {
  let out: Record<string, string | number> | undefined;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'number') continue;
    out ??= { ...values };
    out[key + PLURAL_KEY] = pluralCategory(language, value);
    out[key + PLURAL_NUMBER] = formatNumber(value, language);
  }
  return (out ?? values) as V;
}
