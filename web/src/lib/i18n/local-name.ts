import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { localName } from '@vidyalaya/shared';

/**
 * The school's names as the reader's language shows them (issue 36): in Hindi a catalogue class or
 * subject ('Class 7 A · Mathematics' → 'कक्षा 7 A · गणित'); a name the school typed stays as typed.
 */
export function useLocalName(): (name: string) => string {
  const { i18n } = useLingui();
  const language = i18n.locale;
  // The same function until the language changes (a memo may depend on it).
  return useCallback((name: string) => localName(name, language), [language]);
}
