import { useLingui } from '@lingui/react';
import { registerCatalogue } from '../../../lib/i18n/i18n';
import en from './en.json';

/** A message id of the portal's catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

// English comes with the portal's own chunk; Hindi is a chunk of its own, fetched only when chosen.
registerCatalogue('portal', {
  en: async () => en,
  hi: () => import('./hi.json'),
});

/** The portal's translate function; components re-render when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui();
  return (id, values) => _(id, values);
}
