import { Button, ButtonGroup } from '@blueprintjs/core';
import { useLingui } from '@lingui/react';
import type { Language } from '@vidyalaya/shared';
import { activateLanguage, rememberSignedOutChoice } from '../lib/i18n/i18n';

/** Each language named in its own script, as a language switch should. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * English | हिन्दी on a public page (the portal, the application for admission): switches at once
 * and is remembered on this device (the same choice the workspace reads). Nobody is signed in
 * there; the account adopts the choice at the next sign-in. `label` names the group in the page's language.
 */
export function PublicLanguageSwitch(props: { label: string; className?: string }) {
  const { i18n } = useLingui();
  const current = (i18n.locale || 'en') as Language;
  return (
    <ButtonGroup aria-label={props.label} role="group" className={props.className}>
      {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
        <Button
          key={language}
          lang={language}
          text={LANGUAGE_NAMES[language]}
          active={language === current}
          aria-pressed={language === current}
          variant="outlined"
          style={{ minHeight: 44, minWidth: 44 }}
          onClick={() => {
            if (language === current) return;
            void activateLanguage(language);
            // Signed out here: the workspace adopts this choice at the next sign-in (issue 36).
            rememberSignedOutChoice(language);
          }}
        />
      ))}
    </ButtonGroup>
  );
}
