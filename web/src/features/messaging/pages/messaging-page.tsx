import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import {
  createMessageTemplateSchema,
  DLT_PLACEHOLDER,
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUSES,
  MESSAGING_MESSAGES,
  MESSAGING_PROVIDERS,
  messagingTestSchema,
  placeholderCount,
  putMessagingSettingsSchema,
  type CreateMessageTemplateInput,
  type MessageChannel,
  type MessageEvent,
  type MessageLanguage,
  type MessagingProvider,
  type MessagingSettings,
  type PutMessagingSettingsInput,
} from '@vidyalaya/shared/messaging';
import type { FormApi } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { visibleError } from '../../../components/form';
import { asApiError, toSubmitErrors } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { useSchool } from '../../../lib/workspace/school-context';
import { messagingApi } from '../api/messaging-api';
import { useT, type MessageId, type Translate } from '../i18n';
import '../components/messaging.css';

const errorText = (err: unknown, fallback: string) => {
  const e = asApiError(err);
  return e.details ? Object.values(e.details).join(' ') : (e.serverMessage ?? fallback);
};

/** The shared schemas' messages (MESSAGING_MESSAGES) in the reader's language; any other as it is. */
const INVALID_IDS = new Map<string, MessageId>(Object.entries(MESSAGING_MESSAGES).map(([key, text]) => [text, `messaging.invalid.${key}` as MessageId]));
function translateErrors(t: Translate, errors: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!errors) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(errors)) {
    if (typeof v === 'string') {
      const id = INVALID_IDS.get(v);
      out[k] = id ? t(id, { placeholder: DLT_PLACEHOLDER }) : v;
    } else if (v && typeof v === 'object') out[k] = translateErrors(t, v as Record<string, unknown>);
  }
  return Object.keys(out).length ? out : undefined;
}

/** A Blueprint text input with the screen's own id, bound to a react-final-form field; its error under it. */
function InputField(props: {
  name: string;
  id: string;
  label: string;
  helperText?: string;
  type?: 'text' | 'password' | 'time' | 'tel';
  inputMode?: 'numeric' | 'decimal' | 'tel';
  autoComplete?: string;
  maxLength?: number;
}) {
  return (
    <Field<string> name={props.name} subscription={{ value: true, error: true, touched: true, modified: true, submitError: true, submitFailed: true, dirtySinceLastSubmit: true }}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup label={props.label} labelFor={props.id} intent={error ? 'danger' : 'none'} helperText={error ?? props.helperText}>
            <InputGroup
              {...input}
              id={props.id}
              large
              value={input.value ?? ''}
              type={props.type ?? 'text'}
              inputMode={props.inputMode}
              autoComplete={props.autoComplete}
              maxLength={props.maxLength}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/** A native select with the screen's own id, bound to a react-final-form field. */
function ChoiceField(props: { name: string; id: string; label: string; options: { value: string; label: string }[] }) {
  return (
    <Field<string> name={props.name} subscription={{ value: true }}>
      {({ input }) => (
        <FormGroup label={props.label} labelFor={props.id}>
          <HTMLSelect id={props.id} fill large name={input.name} value={input.value} onChange={input.onChange} onBlur={input.onBlur} onFocus={input.onFocus} options={props.options} />
        </FormGroup>
      )}
    </Field>
  );
}

type SettingsValues = {
  provider: MessagingProvider;
  senderId?: string;
  dltEntityId?: string;
  accountId?: string;
  apiKey?: string;
  webhookSecret?: string;
  cap?: string;
  from?: string;
  to?: string;
};

/** The settings form's values as PUT …/messaging takes them (the cap typed in rupees; a blank key kept). */
function toSettingsInput(v: SettingsValues): PutMessagingSettingsInput {
  const cap = (v.cap ?? '').trim();
  return {
    provider: v.provider,
    ...(v.senderId?.trim() ? { senderId: v.senderId.trim() } : {}),
    ...(v.dltEntityId?.trim() ? { dltEntityId: v.dltEntityId.trim() } : {}),
    ...(v.accountId?.trim() ? { accountId: v.accountId.trim() } : {}),
    ...(v.apiKey ? { apiKey: v.apiKey } : {}),
    ...(v.webhookSecret ? { webhookSecret: v.webhookSecret } : {}),
    monthlyCapPaise: cap === '' ? 0 : /^\d+(\.\d{1,2})?$/.test(cap) ? Math.round(Number(cap) * 100) : Number.NaN,
    quietHours: { from: v.from ?? '', to: v.to ?? '' },
  };
}

/** Schema errors on the input's names, moved onto the form's own field names. */
function settingsErrors(errors: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!errors) return undefined;
  const { monthlyCapPaise, quietHours, ...rest } = errors;
  const quiet = (quietHours ?? {}) as { from?: unknown; to?: unknown };
  const out: Record<string, unknown> = { ...rest, ...(monthlyCapPaise ? { cap: monthlyCapPaise } : {}), ...(quiet.from ? { from: quiet.from } : {}), ...(quiet.to ? { to: quiet.to } : {}) };
  return Object.keys(out).length ? out : undefined;
}

const settingsValidate = zodValidate(putMessagingSettingsSchema);

function SettingsCard(props: { schoolId: string; settings: MessagingSettings }) {
  const t = useT();
  const s = props.settings;
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [save] = messagingApi.usePutMessagingSettingsMutation();

  const onSubmit = async (v: SettingsValues, form: FormApi<SettingsValues>) => {
    setNote(null);
    try {
      await save({ schoolId: props.schoolId, body: putMessagingSettingsSchema.parse(toSettingsInput(v)) }).unwrap();
      form.change('apiKey', undefined);
      form.change('webhookSecret', undefined);
      setNote({ ok: true, text: t('messaging.saved') });
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('messaging.failed')) });
      return settingsErrors(toSubmitErrors(err));
    }
    return undefined;
  };

  return (
    <Card>
      <Form<SettingsValues>
        onSubmit={onSubmit}
        validate={(v) => translateErrors(t, settingsErrors(settingsValidate(toSettingsInput(v))))}
        initialValues={{
          provider: s.provider,
          senderId: s.senderId ?? '',
          dltEntityId: s.dltEntityId ?? '',
          accountId: s.accountId ?? '',
          cap: String(s.monthlyCapPaise / 100),
          from: s.quietHours.from,
          to: s.quietHours.to,
        }}
        render={({ handleSubmit, submitting }) => (
          <form noValidate onSubmit={(e) => void handleSubmit(e)}>
            <h2>{t('messaging.settings')}</h2>
            <ChoiceField name="provider" id="msg-provider" label={t('messaging.provider')} options={MESSAGING_PROVIDERS.map((p) => ({ value: p, label: t(`messaging.provider.${p}` as MessageId) }))} />
            <div className="msg-grid">
              <InputField name="senderId" id="msg-sender" label={t('messaging.senderId')} maxLength={20} />
              <InputField name="dltEntityId" id="msg-entity" label={t('messaging.dltEntityId')} inputMode="numeric" maxLength={30} />
              <InputField name="accountId" id="msg-account" label={t('messaging.accountId')} maxLength={100} />
              <InputField name="apiKey" id="msg-key" label={t('messaging.apiKey')} helperText={s.apiKeySet ? t('messaging.apiKeySet') : undefined} type="password" autoComplete="off" maxLength={500} />
              <InputField
                name="webhookSecret"
                id="msg-secret"
                label={t('messaging.webhookSecret')}
                helperText={s.webhookSecretSet ? t('messaging.apiKeySet') : undefined}
                type="password"
                autoComplete="off"
                maxLength={500}
              />
              <InputField name="cap" id="msg-cap" label={t('messaging.cap')} inputMode="decimal" />
              <InputField name="from" id="msg-from" label={t('messaging.quietFrom')} type="time" />
              <InputField name="to" id="msg-to" label={t('messaging.quietTo')} type="time" />
            </div>
            {s.callbackUrl ? <p className="msg-muted">{t('messaging.callback', { url: s.callbackUrl })}</p> : null}
            {note ? <Callout intent={note.ok ? 'success' : 'danger'}>{note.text}</Callout> : null}
            <div className="msg-actions">
              <Button type="submit" intent="primary" loading={submitting}>
                {t('messaging.save')}
              </Button>
            </div>
          </form>
        )}
      />
    </Card>
  );
}

type TemplateValues = { event: MessageEvent; channel: MessageChannel; language: MessageLanguage; dltTemplateId?: string; body?: string; variables?: string };

/** The typed value names, in order ("studentName, date" → ['studentName', 'date']). */
const variableNames = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The template form's values as POST …/message-templates takes them. */
function toTemplateInput(v: TemplateValues): CreateMessageTemplateInput {
  return { event: v.event, channel: v.channel, language: v.language, dltTemplateId: v.dltTemplateId ?? '', body: v.body ?? '', variables: variableNames(v.variables) as CreateMessageTemplateInput['variables'] };
}

/** A variable's own error (`variables.1`) shown on the one field the names are typed in. */
function templateErrors(errors: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!errors) return undefined;
  const { variables, ...rest } = errors;
  const first = Array.isArray(variables) ? variables.find((x) => typeof x === 'string') : variables;
  const out = { ...rest, ...(first ? { variables: first } : {}) };
  return Object.keys(out).length ? out : undefined;
}

const templateValidate = zodValidate(createMessageTemplateSchema);

function TemplatesCard(props: { schoolId: string }) {
  const t = useT();
  const { data } = messagingApi.useMessageTemplatesQuery({ schoolId: props.schoolId });
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [preview, previewing] = messagingApi.usePreviewMessageMutation();
  const [create] = messagingApi.useCreateMessageTemplateMutation();
  const [shown, setShown] = useState<{ text: string; characters: number; parts: number; encoding: string } | null>(null);

  const showPreview = async (v: TemplateValues) => {
    setNote(null);
    try {
      setShown((await preview({ schoolId: props.schoolId, body: { body: v.body ?? '', variables: variableNames(v.variables) } }).unwrap()).preview);
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('messaging.failed')) });
    }
  };

  const onSubmit = async (v: TemplateValues) => {
    setNote(null);
    try {
      await create({ schoolId: props.schoolId, body: toTemplateInput(v) }).unwrap();
      setNote({ ok: true, text: t('messaging.saved') });
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('messaging.failed')) });
      return templateErrors(toSubmitErrors(err));
    }
    return undefined;
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
      <Form<TemplateValues>
        onSubmit={onSubmit}
        validate={(v) => translateErrors(t, templateErrors(templateValidate(toTemplateInput(v))))}
        initialValues={{ event: 'absence', channel: 'sms', language: 'en' }}
        render={({ handleSubmit, submitting, values }) => (
          <form noValidate onSubmit={(e) => void handleSubmit(e)}>
            <div className="msg-grid">
              <ChoiceField name="event" id="tpl-event" label={t('messaging.event')} options={MESSAGE_EVENTS.map((v) => ({ value: v, label: t(`messaging.event.${v}` as MessageId) }))} />
              <ChoiceField name="channel" id="tpl-channel" label={t('messaging.channel')} options={MESSAGE_CHANNELS.map((v) => ({ value: v, label: t(`messaging.channel.${v}` as MessageId) }))} />
              <ChoiceField name="language" id="tpl-language" label={t('messaging.language')} options={MESSAGE_LANGUAGES.map((v) => ({ value: v, label: t(`messaging.language.${v}` as MessageId) }))} />
              <InputField name="dltTemplateId" id="tpl-id" label={t('messaging.dltTemplateId')} maxLength={60} />
            </div>
            <Field<string> name="body" subscription={{ value: true, error: true, touched: true, modified: true, submitError: true, submitFailed: true, dirtySinceLastSubmit: true }}>
              {({ input, meta }) => {
                const error = visibleError(meta);
                return (
                  <FormGroup label={t('messaging.body')} labelFor="tpl-body" intent={error ? 'danger' : 'none'} helperText={error ?? `${DLT_PLACEHOLDER} × ${placeholderCount(input.value ?? '')}`}>
                    <TextArea {...input} id="tpl-body" fill rows={3} value={input.value ?? ''} maxLength={1000} intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} />
                  </FormGroup>
                );
              }}
            </Field>
            <InputField name="variables" id="tpl-vars" label={t('messaging.variables')} helperText={t('messaging.variablesHelp')} />
            {shown ? (
              <div data-testid="message-preview">
                <p className="msg-preview">{shown.text}</p>
                <p className="msg-muted">{t('messaging.previewParts', { characters: shown.characters, parts: shown.parts, encoding: shown.encoding === 'gsm7' ? 'GSM-7' : 'Unicode' })}</p>
              </div>
            ) : null}
            {note ? <Callout intent={note.ok ? 'success' : 'danger'}>{note.text}</Callout> : null}
            <div className="msg-actions">
              <Button onClick={() => void showPreview(values)} loading={previewing.isLoading}>
                {t('messaging.preview')}
              </Button>
              <Button type="submit" intent="primary" loading={submitting}>
                {t('messaging.addTemplate')}
              </Button>
            </div>
          </form>
        )}
      />
    </Card>
  );
}

type TestValues = { phone?: string };
const testValidate = zodValidate(messagingTestSchema);

function TestCard(props: { schoolId: string }) {
  const t = useT();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [send] = messagingApi.useTestMessageMutation();
  const onSubmit = async (v: TestValues) => {
    try {
      await send({ schoolId: props.schoolId, body: { phone: v.phone ?? '' } }).unwrap();
      setNote({ ok: true, text: t('messaging.testQueued') });
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('messaging.failed')) });
      return toSubmitErrors(err);
    }
    return undefined;
  };
  return (
    <Card>
      <Form<TestValues>
        onSubmit={onSubmit}
        validate={(v) => translateErrors(t, testValidate({ phone: v.phone ?? '' }))}
        render={({ handleSubmit, submitting }) => (
          <form noValidate onSubmit={(e) => void handleSubmit(e)}>
            <h2>{t('messaging.test')}</h2>
            <InputField name="phone" id="msg-test-phone" label={t('messaging.testPhone')} type="tel" inputMode="tel" maxLength={16} />
            {note ? <Callout intent={note.ok ? 'success' : 'danger'}>{note.text}</Callout> : null}
            <div className="msg-actions">
              <Button type="submit" intent="primary" loading={submitting}>
                {t('messaging.test')}
              </Button>
            </div>
          </form>
        )}
      />
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
