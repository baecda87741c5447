import { featureI18n, type FeatureTranslate, type MessageValues } from '../../../lib/i18n/feature';
import en from './en.json';

/** A message id of the calendar feature's catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = MessageValues;
export type Translate = FeatureTranslate<MessageId>;

// English comes with the feature's own chunk; Hindi is a chunk of its own, fetched only when chosen.
const PREFIX = 'cal.';
const i18n = featureI18n('calendar', en, () => import('./hi.json'));

/** The calendar feature's translate function; components re-render when the language changes. */
export const useT: () => Translate = i18n.useT;

/**
 * A failed call in the current language: the error code's own message when the catalogue has one
 * (`error.<CODE>`), with the server's words after it when they name something (a clash, a teacher).
 */
export function errorText(t: Translate, error: unknown): string {
  return i18n.errorText(t, error, PREFIX);
}
