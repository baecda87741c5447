import { LinguiContext, type I18nContext } from '@lingui/react';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { activateLanguage, i18n, storedLanguage } from './i18n';

const context = (): I18nContext => ({ i18n, _: i18n.t.bind(i18n) });
/** How many times the translations changed (a catalogue loaded, a language activated). */
let changes = 0;
i18n.on('change', () => {
  changes += 1;
});

/**
 * Lingui's context for `children`, as Lingui's own I18nProvider gives it, but redrawn as a transition:
 * every feature's catalogue that arrives (each module page, each home card registers its own) and every
 * change of language redraws all translated text, and as a transition React draws it in slices that
 * leave the page responsive, rather than in one long task per catalogue on a slow phone
 * (docs/performance.md, round six). The text on screen stays as it was until the redraw is done.
 */
function TranslationsProvider(props: { children: ReactNode }) {
  const [value, setValue] = useState(context);
  const [drawnAt] = useState(() => changes);
  useEffect(() => {
    const update = () => startTransition(() => setValue(context()));
    const off = i18n.on('change', update);
    // A catalogue that arrived between the first render and this subscription.
    if (changes !== drawnAt) update();
    return off;
  }, [drawnAt]);
  return <LinguiContext.Provider value={value}>{props.children}</LinguiContext.Provider>;
}

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
  return <TranslationsProvider>{props.children}</TranslationsProvider>;
}
