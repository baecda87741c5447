import { I18nProvider } from '@lingui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { activateLanguage, i18n, storedLanguage } from './i18n';

/**
 * For a page that lives outside the public site's English (the workspace, the school's portal, the
 * application form): loads the language this device last used (Hindi's catalogue only when Hindi is
 * chosen; English if that fails), shows `loading` until then, and provides it to `children`. While
 * the page is shown `<html lang>` is its language; leaving it puts back English, the rest of the site's.
 */
export function StoredLanguage(props: { loading: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(() => !!i18n.locale);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void activateLanguage(storedLanguage())
      .catch(() => activateLanguage('en'))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  useEffect(() => {
    if (ready && i18n.locale) document.documentElement.lang = i18n.locale;
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [ready]);
  if (!ready) return <>{props.loading}</>;
  return <I18nProvider i18n={i18n}>{props.children}</I18nProvider>;
}
