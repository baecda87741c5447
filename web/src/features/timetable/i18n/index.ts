import { useLingui } from '@lingui/react';
import { asApiError } from '../../../lib/api/errors';
import { registerCatalogue } from '../../../lib/i18n/i18n';
import en from './en.json';

/** A message id of the timetable feature's catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = Record<string, string | number>;
export type Translate = (id: MessageId, values?: Values) => string;

// English comes with the feature's own chunk; Hindi is a chunk of its own, fetched only when chosen.
const PREFIX = 'tt.';
registerCatalogue('timetable', {
  en: async () => en,
  hi: () => import('./hi.json'),
});

/** The timetable feature's translate function; components re-render when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui();
  return (id, values) => _(id, values);
}

/**
 * A failed call in the current language: the error code's own message when the catalogue has one
 * (`error.<CODE>`), with the server's words after it when they name something (a clash, a teacher).
 */
export function errorText(t: Translate, error: unknown): string {
  const e = asApiError(error);
  if (e.status === 0) return t(PREFIX + 'error.NETWORK' as MessageId);
  const id = `${PREFIX}error.${e.code ?? ''}`;
  const own = e.code && id in en ? t(id as MessageId) : t(PREFIX + 'error.generic' as MessageId);
  const details = e.details ? Object.values(e.details).filter((v, i, all) => all.indexOf(v) === i) : [];
  const named = details.length > 0 ? details.join(' · ') : e.serverMessage;
  return named && named !== own ? `${own} ${named}` : own;
}
