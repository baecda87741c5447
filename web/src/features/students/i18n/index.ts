import { STUDENT_MESSAGES } from '@vidyalaya/shared/students';
import { featureI18n, type FeatureTranslate, type MessageValues } from '../../../lib/i18n/feature';
import en from './en.json';

/** A message id of the students catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = MessageValues;
export type Translate = FeatureTranslate<MessageId>;

// English comes with the feature's own chunk; Hindi is a chunk of its own, fetched only when chosen.
const i18n = featureI18n('students', en, () => import('./hi.json'));

/** The students feature's translate function; components re-render when the language changes. */
export const useT: () => Translate = i18n.useT;

const VALIDATION_KEYS = new Map<string, string>(Object.entries(STUDENT_MESSAGES).map(([k, v]) => [v as string, k] as const));

/**
 * A shared schema's or the server's (English) message in the current language: its key in
 * STUDENT_MESSAGES names the catalogue entry `students.validation.<key>`. A message the catalogue
 * lacks stays as it is (the server's words are English, and still say what is wrong).
 */
export function translateMessage(t: Translate, message: string): string {
  const key = VALIDATION_KEYS.get(message);
  if (!key) return message;
  const id = `students.validation.${key}` as MessageId;
  return id in en ? t(id) : message;
}

/** final-form errors ({field: message}, nested) translated. */
export function translateErrors(t: Translate, errors: unknown): unknown {
  if (typeof errors === 'string') return translateMessage(t, errors);
  if (Array.isArray(errors)) return errors.map((e) => translateErrors(t, e));
  if (errors && typeof errors === 'object') return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateErrors(t, v)]));
  return errors;
}
