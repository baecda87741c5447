import { FEES_MESSAGES } from '@vidyalaya/shared/fees';
import { featureI18n, type FeatureTranslate, type MessageValues } from '../../../lib/i18n/feature';
import en from './en.json';

/** A message id of the fees catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = MessageValues;
export type Translate = FeatureTranslate<MessageId>;

// English comes with the fees chunk; Hindi is a chunk of its own, fetched only when chosen.
const i18n = featureI18n('fees', en, () => import('./hi.json'));

/** The fees feature's translate function; components re-render when the language changes. */
export const useT: () => Translate = i18n.useT;

/** The active language ('en' or 'hi'), for money and number formats. */
export const useLanguage = i18n.useLanguage;

const VALIDATION_KEYS = new Map<string, string>(Object.entries(FEES_MESSAGES).map(([k, v]) => [v as string, k] as const));

/**
 * A shared schema's or the server's (English) message in the current language: its key in
 * FEES_MESSAGES names the catalogue entry `fees.validation.<key>`. A message the catalogue lacks
 * stays as it is (the server's words are English, and still say what is wrong).
 */
export function translateMessage(t: Translate, message: string): string {
  const key = VALIDATION_KEYS.get(message);
  if (!key) return message;
  const id = `fees.validation.${key}` as MessageId;
  return id in en ? t(id) : message;
}
