import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { PLURAL_KEY, PLURAL_NUMBER } from './src/lib/i18n/plural-keys';

/**
 * The workspace's message catalogues (`…/i18n/{en,hi}.json`, ICU messages keyed by id) are compiled
 * at build time into Lingui's runtime form, so the renderer ships only @lingui/core's small runtime and
 * never the message parser (docs/adr/0007-i18n-lingui.md). The output is still JSON, which the
 * bundler then turns into a module as usual. Used by web/vite.config.ts and the desktop renderer's build.
 */
export function linguiCatalogues(): Plugin {
  return {
    name: 'vidyalaya:lingui-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]i18n[\\/][a-z]{2}\.json$/.test(id.split('?')[0]!)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
    },
  };
}

type Token = string | [string, string?, Record<string, Tokens>?];
type Tokens = Token[] | string;
type Cases = Record<string, Tokens>;

/** Every message compiled, with its plurals made Intl-free (lib/i18n/plural.ts). */
export function compileCatalogue(messages: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) compiled[key] = withoutIntlPlurals(compileMessage(message) as Tokens);
  return compiled;
}

/**
 * `[name, 'plural', {one, other}]` → `[name␁plural, 'select', {one, other}]`, with each case's own `#`
 * as the placeholder `[name␁#]`. A plural with an exact case (`=0 {…}`) or an offset is left to Lingui.
 * (Lingui's compiler writes `offset: undefined` into every plural's cases; an offset of 0 or none is
 * dropped here.)
 */
export function withoutIntlPlurals(tokens: Tokens): Tokens {
  if (!Array.isArray(tokens)) return tokens;
  return tokens.map((token): Token => {
    if (typeof token === 'string' || !token[2]) return token;
    const [name, type, all] = token;
    const cases = Object.fromEntries(Object.entries(all).filter(([c, v]) => !(c === 'offset' && (v === undefined || Number(v) === 0)))) as Cases;
    const plain = type === 'plural' && Object.keys(cases).every((c) => c === 'one' || c === 'other');
    const mapped: Cases = {};
    for (const [c, inner] of Object.entries(plain ? cases : all)) {
      const rewritten = withoutIntlPlurals(inner);
      mapped[c] = plain && Array.isArray(rewritten) ? rewritten.map((t): Token => (t === '#' ? [name + PLURAL_NUMBER] : t)) : rewritten;
    }
    return plain ? [name + PLURAL_KEY, 'select', mapped] : [name, type, mapped];
  });
}
