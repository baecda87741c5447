import { Button, ButtonGroup } from '@blueprintjs/core';
import type { Language } from '@vidyalaya/shared';
import { useLingui } from '@lingui/react';
import { useAppSelector } from '../../../lib/store/hooks';
import { activateLanguage, rememberSignedOutChoice, takeSignedOutChoice } from '../../../lib/i18n/i18n';
import { useUpdatePreferencesMutation } from '../api/workspace-api';
import { useT } from '../i18n';

/** Each language named in its own script, as a language switch should. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * A choice made before signing in (here, on the portal or the application form), given to the
 * account once signed in (see useLanguagePreference). Kept on the device, so a reload of the
 * sign-in page does not lose it.
 */
export function takeChoiceMadeWhileSignedOut(): Language | null {
  return takeSignedOutChoice();
}

/**
 * English | हिन्दी: switches at once, remembered on this device and, when signed in, by the account.
 * In the workspace's top bar at phone width only the other language shows, as one button (workspace.css).
 */
export function LanguageSwitch(props: { className?: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const [save] = useUpdatePreferencesMutation();
  const current = (i18n.locale || 'en') as Language;

  async function choose(language: Language) {
    if (language === current) return;
    await activateLanguage(language);
    if (signedIn) void save({ language }).unwrap().catch(() => undefined);
    else rememberSignedOutChoice(language);
  }

  return (
    <ButtonGroup className={`ws-language ${props.className ?? ''}`} aria-label={t('language.label')} role="group">
      {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
        <Button
          key={language}
          lang={language}
          text={LANGUAGE_NAMES[language]}
          active={language === current}
          aria-pressed={language === current}
          variant="outlined"
          className="ws-touch"
          onClick={() => void choose(language)}
        />
      ))}
    </ButtonGroup>
  );
}
