/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * Every workspace module ships in English and Hindi (issue 13 item 8): each feature with an
 * `i18n/en.json` has a Hindi catalogue with the same ids and placeholders, both compile, Hindi is
 * not English copied, and every literal `t('id')` in the feature's code is in the catalogue. A new
 * module is covered by adding its folder; nothing to register here.
 */
const FEATURES = join(__dirname, '..', 'src', 'features');
const withCatalogues = readdirSync(FEATURES).filter((f) => existsSync(join(FEATURES, f, 'i18n', 'en.json')));
const load = (feature: string, lang: string) => JSON.parse(readFileSync(join(FEATURES, feature, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;

function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z_][\w]*)\s*[,}]/g)].map((m) => m[1]!).sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('module catalogues', () => {
  it('finds the workspace catalogue at least', () => {
    expect(withCatalogues).toContain('workspace');
  });

  describe.each(withCatalogues)('%s', (feature) => {
    const en = load(feature, 'en');
    const hi = existsSync(join(FEATURES, feature, 'i18n', 'hi.json')) ? load(feature, 'hi') : {};

    it('has the same ids in English and Hindi', () => {
      expect(Object.keys(en).filter((k) => !(k in hi))).toEqual([]);
      expect(Object.keys(hi).filter((k) => !(k in en))).toEqual([]);
    });

    it('has no empty message, and Hindi is not English copied', () => {
      for (const [k, v] of [...Object.entries(en), ...Object.entries(hi)]) expect([k, v.trim().length > 0]).toEqual([k, true]);
      // A message made only of placeholders and signs ("{from} → {to}") has no words to translate.
      const words = (m: string) => m.replace(/\{[^}]*\}/g, '');
      expect(Object.keys(en).filter((k) => en[k] === hi[k] && /[a-z]{3}/i.test(words(en[k]!)))).toEqual([]);
    });

    it('has the same placeholders in both languages, and both compile', () => {
      for (const key of Object.keys(en)) {
        expect([key, placeholders(hi[key] ?? '')]).toEqual([key, placeholders(en[key]!)]);
        expect(() => compileMessage(en[key]!)).not.toThrow();
        expect(() => compileMessage(hi[key] ?? '')).not.toThrow();
      }
    });

    it('has every literal id the feature code uses', () => {
      const used = new Set<string>();
      for (const file of sourceFiles(join(FEATURES, feature))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(m[1]!);
      }
      expect([...used].filter((id) => !(id in en))).toEqual([]);
    });
  });
});
