/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compileCatalogue, withoutIntlPlurals } from '../vite-lingui-catalogues';
import { pluralCategory, withPlurals } from '../src/lib/i18n/plural';

/** Every plural message of every feature catalogue, in both languages. */
const FEATURES = join(__dirname, '..', 'src', 'features');
const catalogues = readdirSync(FEATURES)
  .filter((f) => existsSync(join(FEATURES, f, 'i18n', 'en.json')))
  .flatMap((f) => (['en', 'hi'] as const).map((lang) => ({ feature: f, lang, messages: JSON.parse(readFileSync(join(FEATURES, f, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string> })));

describe('plurals without Intl (lib/i18n/plural.ts, vite-lingui-catalogues.ts)', () => {
  it('chooses the category Intl.PluralRules chooses, in English and Hindi', () => {
    const numbers = [0, 1, 2, 3, 5, 10, 11, 21, 100, 101, 1000, 0.5, 1.5, 2.25, -1, -2];
    for (const lang of ['en', 'hi'] as const) {
      const rules = new Intl.PluralRules(lang);
      for (const n of numbers) expect([lang, n, pluralCategory(lang, n)]).toEqual([lang, n, rules.select(n)]);
    }
  });

  it('every plural message reads as Lingui’s own plural did, and makes no Intl object', () => {
    const plurals = catalogues.flatMap(({ feature, lang, messages }) =>
      Object.entries(messages).filter(([, m]) => /\{\s*\w+\s*,\s*plural\s*,/.test(m)).map(([id, message]) => ({ id: `${feature}:${id}`, lang, message })),
    );
    expect(plurals.length).toBeGreaterThanOrEqual(18);
    const ours = setupI18n();
    const theirs = setupI18n();
    for (const lang of ['en', 'hi'] as const) {
      const mine = plurals.filter((p) => p.lang === lang);
      ours.load(lang, compileCatalogue(Object.fromEntries(mine.map((p) => [p.id, p.message]))) as Messages);
      theirs.load(lang, Object.fromEntries(mine.map((p) => [p.id, compileMessage(p.message)])) as Messages);
    }
    const made = { count: 0 };
    const real = { NumberFormat: Intl.NumberFormat, PluralRules: Intl.PluralRules };
    for (const lang of ['en', 'hi'] as const) {
      ours.activate(lang);
      theirs.activate(lang);
      for (const { id, message } of plurals.filter((p) => p.lang === lang)) {
        const name = /\{\s*(\w+)\s*,\s*plural/.exec(message)![1]!;
        // Below a lakh both group digits alike; Lingui's own plural uses Intl's `en` grouping (1,00,000 is 100,000 there).
        for (const n of [0, 1, 2, 5, 21, 1234, 99999]) {
          const expected = theirs._(id, { [name]: n });
          Object.assign(Intl, {
            NumberFormat: function (...args: never[]) { made.count++; return new real.NumberFormat(...args); },
            PluralRules: function (...args: never[]) { made.count++; return new real.PluralRules(...args); },
          });
          try {
            expect([id, n, ours._(id, withPlurals({ [name]: n }, lang))]).toEqual([id, n, expected]);
          } finally {
            Object.assign(Intl, real);
          }
        }
      }
    }
    expect(made.count).toBe(0);
  });

  it('leaves a plural with an exact case (=0) to Lingui, and other values alone', () => {
    const compiled = compileCatalogue({ a: '{n, plural, =0 {none} one {# item} other {# items}}', b: 'Hello {name}' });
    expect(JSON.stringify(compiled.a)).toContain('"plural"');
    expect(compiled.b).toEqual(['Hello ', ['name']]);
    expect(withPlurals({ name: 'Asha' }, 'en')).toEqual({ name: 'Asha' });
  });

  it('rewrites the plural as Lingui’s ES build compiles it too (an `offset: undefined` among the cases), and keeps a real offset', () => {
    // The build loads Lingui's ES module, which writes the offset key; these tests load its CommonJS build, which does not.
    const es = [['count', 'plural', { offset: undefined, one: ['#', ' day left'], other: ['#', ' days left'] }]] as unknown as Parameters<typeof withoutIntlPlurals>[0];
    expect(withoutIntlPlurals(es)).toEqual([['count\u0001plural', 'select', { one: [['count\u0001#'], ' day left'], other: [['count\u0001#'], ' days left'] }]]);
    const offset = [['count', 'plural', { offset: 1, one: ['#'], other: ['#'] }]] as unknown as Parameters<typeof withoutIntlPlurals>[0];
    expect(JSON.stringify(withoutIntlPlurals(offset))).toContain('"plural"');
  });
});
