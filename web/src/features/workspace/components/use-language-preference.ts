import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { activateLanguage, isLanguage } from '../../../lib/i18n/i18n';
import { usePreferencesQuery, useUpdatePreferencesMutation } from '../api/workspace-api';
import { takeChoiceMadeWhileSignedOut } from './language-switch';

/**
 * Once signed in, the account's language wins — unless the person chose one on the sign-in or
 * join page a moment ago, which the account then keeps.
 */
export function useLanguagePreference(): void {
  const { i18n } = useLingui();
  const prefs = usePreferencesQuery();
  const [save] = useUpdatePreferencesMutation();
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || prefs.isLoading || prefs.isUninitialized) return;
    settled.current = true;
    const chosen = takeChoiceMadeWhileSignedOut();
    if (chosen) {
      if (prefs.data?.preferences.language !== chosen) void save({ language: chosen }).unwrap().catch(() => undefined);
      return;
    }
    const saved = prefs.data?.preferences.language;
    if (isLanguage(saved) && saved !== i18n.locale) void activateLanguage(saved);
  }, [prefs.isLoading, prefs.isUninitialized, prefs.data, i18n.locale, save]);
}
