import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import {
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUSES,
  MESSAGING_PROVIDERS,
  placeholderCount,
  type MessageChannel,
  type MessageEvent,
  type MessageLanguage,
  type MessagingProvider,
  type MessagingSettings,
} from '@vidyalaya/shared';
import { useState } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { useSchool } from '../../../lib/workspace/school-context';
import { messagingApi } from '../api/messaging-api';
import { useT, type MessageId } from '../i18n';
import '../components/messaging.css';

const errorText = (err: unknown, fallback: string) => {
  const e = asApiError(err);
  return e.details ? Object.values(e.details).join(' ') : (e.serverMessage ?? fallback);
};

function SettingsCard(props: { schoolId: string; settings: MessagingSettings }) {
  const t = useT();
  const s = props.settings;
  const [provider, setProvider] = useState<MessagingProvider>(s.provider);
  const [senderId, setSenderId] = useState(s.senderId ?? '');
  const [dltEntityId, setDltEntityId] = useState(s.dltEntityId ?? '');
  const [accountId, setAccountId] = useState(s.accountId ?? '');
  const [apiKey, setApiKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [cap, setCap] = useState(String(s.monthlyCapPaise / 100));
  const [from, setFrom] = useState(s.quietHours.from);
  const [to, setTo] = useState(s.quietHours.to);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [save, saving] = messagingApi.usePutMessagingSettingsMutation();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setNote(null);
    try {
      await save({
        schoolId: props.schoolId,
        body: {
          provider,
          ...(senderId ? { senderId } : {}),
          ...(dltEntityId ? { dltEntityId } : {}),
          ...(accountId ? { accountId } : {}),
          ...(apiKey ? { apiKey } : {}),
          ...(webhookSecret ? { webhookSecret } : {}),
          monthlyCapPaise: Math.round(Number(cap || '0') * 100),
          quietHours: { from, to },
        },
      }).unwrap();
      setApiKey('');
      setWebhookSecret('');
      setNote({ ok: true, text: t('messaging.saved') });
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('messaging.failed')) });
    }
  };

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)}>
        <h2>{t('messaging.settings')}</h2>
        <FormGroup label={t('messaging.provider')} labelFor="msg-provider">
          <HTMLSelect
            id="msg-provider"
            fill
            large
            value={provider}
            onChange={(e) => setProvider(e.target.value as MessagingProvider)}
            options={MESSAGING_PROVIDERS.map((p) => ({ value: p, label: t(`messaging.provider.${p}` as MessageId) }))}
          />
        </FormGroup>
        <div className="msg-grid">
          <FormGroup label={t('messaging.senderId')} labelFor="msg-sender">
            <InputGroup id="msg-sender" large value={senderId} onChange={(e) => setSenderId(e.target.value)} maxLength={20} />
          </FormGroup>
          <FormGroup label={t('messaging.dltEntityId')} labelFor="msg-entity">
            <InputGroup id="msg-entity" large inputMode="numeric" value={dltEntityId} onChange={(e) => setDltEntityId(e.target.value)} maxLength={30} />
          </FormGroup>
          <FormGroup label={t('messaging.accountId')} labelFor="msg-account">
            <InputGroup id="msg-account" large value={accountId} onChange={(e) => setAccountId(e.target.value)} maxLength={100} />
          </FormGroup>
          <FormGroup label={t('messaging.apiKey')} labelFor="msg-key" helperText={s.apiKeySet ? t('messaging.apiKeySet') : undefined}>
            <InputGroup id="msg-key" large type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} maxLength={500} />
          </FormGroup>
          <FormGroup label={t('messaging.webhookSecret')} labelFor="msg-secret" helperText={s.webhookSecretSet ? t('messaging.apiKeySet') : undefined}>
            <InputGroup id="msg-secret" large type="password" autoComplete="off" value={webhookSecret} onChange={(e) => setWebhookSecret(e.target.value)} maxLength={500} />
          </FormGroup>
          <FormGroup label={t('messaging.cap')} labelFor="msg-cap">
            <InputGroup id="msg-cap" large inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
          </FormGroup>
          <FormGroup label={t('messaging.quietFrom')} labelFor="msg-from">
            <InputGroup id="msg-from" large type="time" value={from} onChange={(e) => setFrom(e.target.value)} />
          </FormGroup>
          <FormGroup label={t('messaging.quietTo')} labelFor="msg-to">
            <InputGroup id="msg-to" large type="time" value={to} onChange={(e) => setTo(e.target.value)} />
          </FormGroup>
        </div>
        {s.callbackUrl ? <p className="msg-muted">{t('messaging.callback', { url: s.callbackUrl })}</p> : null}
        {note ? <Callout intent={note.ok ? 'success' : 'danger'}>{note.text}</Callout> : null}
        <div className="msg-actions">
          <Button type="submit" intent="primary" loading={saving.isLoading}>
            {t('messaging.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function TemplatesCard(props: { schoolId: string }) {
  const t = useT();
  const { data } = messagingApi.useMessageTemplatesQuery({ schoolId: props.schoolId });
  const [event, setEvent] = useState<MessageEvent>('absence');
  const [channel, setChannel] = useState<MessageChannel>('sms');
  const [language, setLanguage] = useState<MessageLanguage>('en');
  const [dltTemplateId, setDltTemplateId] = useState('');
  const [body, setBody] = useState('');
  const [variables, setVariables] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [preview, previewing] = messagingApi.usePreviewMessageMutation();
  const [create, creating] = messagingApi.useCreateMessageTemplateMutation();
  const [shown, setShown] = useState<{ text: string; characters: number; parts: number; encoding: string } | null>(null);
  const names = variables
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

  const run = async (what: 'preview' | 'save') => {
    setNote(null);
    try {
      if (what === 'preview') setShown((await preview({ schoolId: props.schoolId, body: { body, variables: names } }).unwrap()).preview);
      else {
        await create({ schoolId: props.schoolId, body: { event, channel, language, dltTemplateId, body, variables: names as never } }).unwrap();
        setNote({ ok: true, text: t('messaging.saved') });
      }
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('messaging.failed')) });
    }
  };

  return (
    <Card>
      <h2>{t('messaging.templates')}</h2>
      {data && data.items.length > 0 ? (
        <ul className="msg-list" data-testid="message-templates">
          {data.items.map((tpl) => (
            <li key={tpl.id} className="msg-item">
              <span>
                <Tag minimal>{t(`messaging.event.${tpl.event}` as MessageId)}</Tag> <Tag minimal>{t(`messaging.channel.${tpl.channel}` as MessageId)}</Tag>{' '}
                <Tag minimal>{t(`messaging.language.${tpl.language}` as MessageId)}</Tag>
              </span>
              <code>{tpl.body}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="msg-muted">{t('messaging.noTemplates')}</p>
      )}
      <div className="msg-grid">
        <FormGroup label={t('messaging.event')} labelFor="tpl-event">
          <HTMLSelect id="tpl-event" fill large value={event} onChange={(e) => setEvent(e.target.value as MessageEvent)} options={MESSAGE_EVENTS.map((v) => ({ value: v, label: t(`messaging.event.${v}` as MessageId) }))} />
        </FormGroup>
        <FormGroup label={t('messaging.channel')} labelFor="tpl-channel">
          <HTMLSelect id="tpl-channel" fill large value={channel} onChange={(e) => setChannel(e.target.value as MessageChannel)} options={MESSAGE_CHANNELS.map((v) => ({ value: v, label: t(`messaging.channel.${v}` as MessageId) }))} />
        </FormGroup>
        <FormGroup label={t('messaging.language')} labelFor="tpl-language">
          <HTMLSelect id="tpl-language" fill large value={language} onChange={(e) => setLanguage(e.target.value as MessageLanguage)} options={MESSAGE_LANGUAGES.map((v) => ({ value: v, label: t(`messaging.language.${v}` as MessageId) }))} />
        </FormGroup>
        <FormGroup label={t('messaging.dltTemplateId')} labelFor="tpl-id">
          <InputGroup id="tpl-id" large value={dltTemplateId} onChange={(e) => setDltTemplateId(e.target.value)} maxLength={60} />
        </FormGroup>
      </div>
      <FormGroup label={t('messaging.body')} labelFor="tpl-body" helperText={`{#var#} × ${placeholderCount(body)}`}>
        <TextArea id="tpl-body" fill rows={3} value={body} onChange={(e) => setBody(e.target.value)} maxLength={1000} />
      </FormGroup>
      <FormGroup label={t('messaging.variables')} labelFor="tpl-vars" helperText={t('messaging.variablesHelp')}>
        <InputGroup id="tpl-vars" large value={variables} onChange={(e) => setVariables(e.target.value)} />
      </FormGroup>
      {shown ? (
        <div data-testid="message-preview">
          <p className="msg-preview">{shown.text}</p>
          <p className="msg-muted">{t('messaging.previewParts', { characters: shown.characters, parts: shown.parts, encoding: shown.encoding === 'gsm7' ? 'GSM-7' : 'Unicode' })}</p>
        </div>
      ) : null}
      {note ? <Callout intent={note.ok ? 'success' : 'danger'}>{note.text}</Callout> : null}
      <div className="msg-actions">
        <Button onClick={() => void run('preview')} loading={previewing.isLoading}>
          {t('messaging.preview')}
        </Button>
        <Button intent="primary" onClick={() => void run('save')} loading={creating.isLoading}>
          {t('messaging.addTemplate')}
        </Button>
      </div>
    </Card>
  );
}

function TestCard(props: { schoolId: string }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [send, sending] = messagingApi.useTestMessageMutation();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await send({ schoolId: props.schoolId, body: { phone } }).unwrap();
      setNote({ ok: true, text: t('messaging.testQueued') });
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('messaging.failed')) });
    }
  };
  return (
    <Card>
      <form onSubmit={(e) => void submit(e)}>
        <h2>{t('messaging.test')}</h2>
        <FormGroup label={t('messaging.testPhone')} labelFor="msg-test-phone">
          <InputGroup id="msg-test-phone" large type="tel" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} maxLength={16} />
        </FormGroup>
        {note ? <Callout intent={note.ok ? 'success' : 'danger'}>{note.text}</Callout> : null}
        <div className="msg-actions">
          <Button type="submit" intent="primary" loading={sending.isLoading}>
            {t('messaging.test')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const STATUS_INTENT = { queued: 'none', sent: 'primary', delivered: 'success', failed: 'danger', skipped: 'warning' } as const;

function LogCard(props: { schoolId: string }) {
  const t = useT();
  const [status, setStatus] = useState('');
  const [event, setEvent] = useState('');
  const [page, setPage] = useState(1);
  const { data } = messagingApi.useMessagesQuery({ schoolId: props.schoolId, status, event, page }, { pollingInterval: 15_000 });
  return (
    <Card>
      <h2>{t('messaging.log')}</h2>
      {data ? <p className="msg-muted">{t('messaging.monthCost', { cost: formatMoney(data.monthCostPaise) })}</p> : null}
      <div className="msg-grid">
        <FormGroup label={t('messaging.filterStatus')} labelFor="log-status">
          <HTMLSelect
            id="log-status"
            fill
            large
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
            options={[{ value: '', label: t('messaging.all') }, ...MESSAGE_STATUSES.map((v) => ({ value: v, label: t(`messaging.status.${v}` as MessageId) }))]}
          />
        </FormGroup>
        <FormGroup label={t('messaging.filterEvent')} labelFor="log-event">
          <HTMLSelect
            id="log-event"
            fill
            large
            value={event}
            onChange={(e) => {
              setEvent(e.target.value);
              setPage(1);
            }}
            options={[{ value: '', label: t('messaging.all') }, ...MESSAGE_EVENTS.map((v) => ({ value: v, label: t(`messaging.event.${v}` as MessageId) }))]}
          />
        </FormGroup>
      </div>
      {data && data.items.length > 0 ? (
        <ul className="msg-list" data-testid="message-log">
          {data.items.map((m) => (
            <li key={m.id} className="msg-item" data-testid="message-row">
              <span>
                <Tag minimal>{t(`messaging.event.${m.event}` as MessageId)}</Tag> <Tag minimal>{t(`messaging.channel.${m.channel}` as MessageId)}</Tag> <span>{m.to}</span>
              </span>
              <span className="msg-muted">{formatDate(m.sentAt ?? m.createdAt)}</span>
              <span>
                <Tag intent={STATUS_INTENT[m.status]}>{t(`messaging.status.${m.status}` as MessageId)}</Tag> {m.costPaise > 0 ? formatMoney(m.costPaise) : null}
              </span>
              {m.reason ? <span className="msg-muted">{m.reason}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="msg-muted">{t('messaging.empty')}</p>
      )}
      {data && data.page * data.pageSize < data.total ? (
        <div className="msg-actions">
          <Button onClick={() => setPage(page + 1)}>{t('messaging.more')}</Button>
        </div>
      ) : null}
    </Card>
  );
}

/** /workspace/{schoolId}/messaging: the admin's provider, templates, a test send and the message log. */
export function Component() {
  const t = useT();
  const { schoolId } = useSchool();
  const { data } = messagingApi.useMessagingSettingsQuery({ schoolId });
  return (
    <div className="msg-page">
      <h1>{t('messaging.title')}</h1>
      <p className="msg-muted">{t('messaging.intro')}</p>
      {data?.messaging.capReached ? <Callout intent="warning">{t('messaging.capReached')}</Callout> : null}
      {data ? <SettingsCard key={JSON.stringify(data.messaging)} schoolId={schoolId} settings={data.messaging} /> : null}
      <TemplatesCard schoolId={schoolId} />
      <TestCard schoolId={schoolId} />
      <LogCard schoolId={schoolId} />
    </div>
  );
}
