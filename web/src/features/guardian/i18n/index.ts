import { useLingui } from '@lingui/react';
import { isLanguage, registerCatalogue, type Language } from '../../../lib/i18n/i18n';
import en from './en.json';

/** A message id of the guardian catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = Record<string, string | number>;
export type Translate = (id: MessageId, values?: Values) => string;

// English comes with the feature's chunk; Hindi is a chunk of its own, fetched only when chosen.
registerCatalogue('guardian', {
  en: async () => en,
  hi: () => import('./hi.json'),
});

/** The guardian feature's translate function; components re-render when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui();
  return (id, values) => _(id, values);
}

/** The language the guardian reads in (for money, and the report card's language). */
export function useLanguage(): Language {
  const { i18n } = useLingui();
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}
