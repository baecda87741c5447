import { ERROR_MESSAGES, VALIDATION_MESSAGES, WORKSPACE_MESSAGES } from '@vidyalaya/shared';
import { featureI18n, type FeatureTranslate, type MessageValues } from '../../../lib/i18n/feature';
import en from './en.json';

/** A message id of the workspace's catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = MessageValues;
export type Translate = FeatureTranslate<MessageId>;

// English comes with the workspace's own chunk; Hindi is a chunk of its own, fetched only when chosen.
const i18n = featureI18n('workspace', en, () => import('./hi.json'));

/** The workspace's translate function; components re-render when the language changes. */
export const useT: () => Translate = i18n.useT;

const VALIDATION_KEYS = new Map<string, string>([
  ...Object.entries(VALIDATION_MESSAGES).map(([k, v]) => [v as string, k] as const),
  ...Object.entries(WORKSPACE_MESSAGES).map(([k, v]) => [v as string, k] as const),
  [ERROR_MESSAGES.passwordTooCommon, 'passwordTooCommon'],
]);

/**
 * A shared schema's (English) validation message in the current language: the message's key in
 * VALIDATION_MESSAGES or WORKSPACE_MESSAGES names its catalogue entry `validation.<key>`. A
 * message the catalogue lacks stays as it is.
 */
export function translateValidation(t: Translate, message: string): string {
  const key = VALIDATION_KEYS.get(message);
  if (!key) return message;
  const id = `validation.${key}` as MessageId;
  return id in en ? t(id) : message;
}

/** final-form errors ({field: message}) translated. */
export function translateErrors(t: Translate, errors: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!errors) return errors;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, typeof v === 'string' ? translateValidation(t, v) : v]));
}
