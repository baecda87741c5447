import { Button, ButtonGroup } from '@blueprintjs/core';
import { useLingui } from '@lingui/react';
import type { Language } from '@vidyalaya/shared';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { useT } from '../i18n';

/** Each language named in its own script, as a language switch should. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * English | हिन्दी on the public application: switches at once and is remembered on this device
 * (the same choice the workspace reads). Nobody is signed in here, so no account keeps it.
 */
export function ApplyLanguageSwitch() {
  const t = useT();
  const { i18n } = useLingui();
  const current = (i18n.locale || 'en') as Language;
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <ButtonGroup aria-label={t('students.apply.language')} role="group">
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
              if (language !== current) void activateLanguage(language);
            }}
          />
        ))}
      </ButtonGroup>
    </div>
  );
}
