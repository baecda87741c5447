import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

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
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) compiled[key] = compileMessage(message);
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
