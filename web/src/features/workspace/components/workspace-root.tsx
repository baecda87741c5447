import { I18nProvider } from '@lingui/react';
import { Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { activateLanguage, i18n, storedLanguage } from '../../../lib/i18n/i18n';
import '../i18n';
import './workspace.css';

/**
 * Every workspace page (the shell, sign-in on a school's host, /join) sits under this: it loads the
 * language this device last used — Hindi's catalogue only when Hindi is chosen — and provides it.
 */
export function WorkspaceRoot() {
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
  // The page's language is the workspace's while it is shown; the rest of the site is English.
  useEffect(() => {
    if (ready && i18n.locale) document.documentElement.lang = i18n.locale;
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [ready]);
  if (!ready) {
    return (
      <div className="ws-loading" role="status" aria-label="Loading">
        <Spinner size={32} aria-hidden />
      </div>
    );
  }
  return (
    <I18nProvider i18n={i18n}>
      <Outlet />
    </I18nProvider>
  );
}

export { WorkspaceRoot as Component };
