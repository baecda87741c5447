import { asApiError } from '../../../lib/api/errors';
import type { MessageId, Translate } from '../i18n';
import en from '../i18n/en.json';

/** A failed call in the current language: the error code's message when the catalogue has one. */
export function apiErrorText(t: Translate, error: unknown, fallback: MessageId): string {
  const e = asApiError(error);
  const id = `error.${e.code ?? ''}`;
  if (e.code && id in en) return t(id as MessageId);
  if (e.status === 0) return t('error.NETWORK');
  return t(fallback);
}
