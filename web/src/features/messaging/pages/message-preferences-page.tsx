import { Callout, Card, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import { MESSAGE_LANGUAGES, type MessageLanguage, type MessagePreferences } from '@vidyalaya/shared/messaging';
import { useState } from 'react';
import { messagingApi } from '../api/messaging-api';
import { useT, type MessageId } from '../i18n';
import '../components/messaging.css';

/** /workspace/{schoolId}/message-preferences: a guardian turns WhatsApp, SMS or e-mail off (one account, every school). */
export function Component() {
  const t = useT();
  const { data } = messagingApi.useMyMessagePreferencesQuery();
  const [set] = messagingApi.useSetMyMessagePreferencesMutation();
  const [saved, setSaved] = useState(false);
  const prefs: MessagePreferences | undefined = data?.preferences;
  const change = async (patch: Partial<MessagePreferences>) => {
    setSaved(false);
    await set(patch).unwrap();
    setSaved(true);
  };
  return (
    <div className="msg-page">
      <h1>{t('prefs.title')}</h1>
      <p className="msg-muted">{t('prefs.intro')}</p>
      {prefs ? (
        <Card>
          {(['whatsapp', 'sms', 'email'] as const).map((ch) => (
            <Switch
              key={ch}
              className="msg-switch"
              large
              data-testid={`pref-${ch}`}
              checked={prefs[ch]}
              label={t(`prefs.${ch}` as MessageId)}
              onChange={(e) => void change({ [ch]: (e.target as HTMLInputElement).checked })}
            />
          ))}
          <FormGroup label={t('prefs.language')} labelFor="pref-language">
            <HTMLSelect
              id="pref-language"
              large
              value={prefs.language}
              onChange={(e) => void change({ language: e.target.value as MessageLanguage })}
              options={MESSAGE_LANGUAGES.map((v) => ({ value: v, label: t(`messaging.language.${v}` as MessageId) }))}
            />
          </FormGroup>
          {saved ? <Callout intent="success">{t('prefs.saved')}</Callout> : null}
        </Card>
      ) : null}
    </div>
  );
}
