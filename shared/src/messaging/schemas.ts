import { z } from 'zod';
import { optionalField } from '../schemas/common';
import { pageQueryShape, pageSchema } from '../workspace/common';

/**
 * Messages to families (issue 31; DECISIONS "Messages to families"): SMS and WhatsApp through the
 * school's provider, sent only through the school's registered (DLT) templates. The template
 * rules, the SMS part count and the phone mask are pure functions here, so the settings screen's
 * preview and the server's refusal agree character for character.
 */
export const MESSAGING_PROVIDERS = ['msg91', 'gupshup', 'twilio', 'whatsapp_cloud', 'none'] as const;
export type MessagingProvider = (typeof MESSAGING_PROVIDERS)[number];
export const MESSAGE_EVENTS = ['absence', 'fee_due', 'receipt', 'results', 'notice', 'test'] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];
export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** Where a message went: a channel, or e-mail when neither channel could carry it (the fallback). */
export type MessageRoute = MessageChannel | 'email';
export const MESSAGE_LANGUAGES = ['en', 'hi'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The named values an event offers its template's placeholders. */
export const MESSAGE_VARIABLES = [
  'studentName',
  'className',
  'date',
  'amount',
  'dueOn',
  'schoolName',
  'link',
  'receiptNumber',
  'examName',
  'noticeTitle',
] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** Which channels a provider carries. `none` writes both to the outbox. */
export const PROVIDER_CHANNELS: Readonly<Record<MessagingProvider, readonly MessageChannel[]>> = {
  msg91: ['sms'],
  gupshup: ['sms', 'whatsapp'],
  twilio: ['sms'],
  whatsapp_cloud: ['whatsapp'],
  none: ['sms', 'whatsapp'],
};

/** What a message costs, for the month's cap: an SMS part and a WhatsApp utility conversation (paise). */
export const SMS_PART_COST_PAISE = 25;
export const WHATSAPP_MESSAGE_COST_PAISE = 15;

/** The DLT placeholder. */
export const DLT_PLACEHOLDER = '{#var#}';

export const MESSAGING_MESSAGES = {
  providerInvalid: 'Provider must be msg91, gupshup, twilio, whatsapp_cloud or none',
  senderInvalid: 'Sender ID must be 3 to 20 letters, digits or +',
  entityInvalid: 'DLT entity ID must be 1 to 30 digits',
  keyTooLong: 'The key must not exceed 500 characters',
  accountInvalid: 'Account ID must not exceed 100 characters',
  capInvalid: 'Enter a monthly cap from ₹0.00 to ₹1,00,00,000.00',
  timeInvalid: 'Enter a time as HH:MM (24-hour)',
  eventInvalid: 'Event must be absence, fee_due, receipt, results, notice or test',
  channelInvalid: 'Channel must be sms or whatsapp',
  languageInvalid: 'Language must be en or hi',
  templateIdRequired: 'The registered template ID is required',
  templateIdTooLong: 'The template ID must not exceed 60 characters',
  bodyRequired: 'Write the template as registered',
  bodyTooLong: 'A template must not exceed 1000 characters',
  variableUnknown: 'Unknown value: use studentName, className, date, amount, dueOn, schoolName, link, receiptNumber, examName or noticeTitle',
  variablesCount: 'List one value for each {#var#} in the template, in order',
  phoneInvalid: 'Enter a 10-digit Indian mobile number',
  statusInvalid: 'Status must be queued, sent, delivered, failed or skipped',
  valueMissing: 'This message has no value for',
  valueTooLong: 'A value must not exceed 30 characters in an SMS template',
  switchInvalid: 'Choose on (true) or off (false)',
} as const;
const M = MESSAGING_MESSAGES;

const hhmm = z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid);

export const putMessagingSettingsSchema = z.object({
  provider: z.enum(MESSAGING_PROVIDERS, { error: M.providerInvalid }),
  senderId: optionalField(z.string().trim().regex(/^[A-Za-z0-9+]{3,20}$/, M.senderInvalid)),
  dltEntityId: optionalField(z.string().trim().regex(/^\d{1,30}$/, M.entityInvalid)),
  /** Write-only: the provider's key or token (kept when absent). Never answered. */
  apiKey: optionalField(z.string().max(500, M.keyTooLong)),
  /** Twilio's Account SID, Gupshup's SMS user id, or the WhatsApp Cloud phone number id. */
  accountId: optionalField(z.string().trim().max(100, M.accountInvalid)),
  /** Write-only: the secret delivery callbacks are signed with (WhatsApp Cloud's app secret). */
  webhookSecret: optionalField(z.string().max(500, M.keyTooLong)),
  monthlyCapPaise: z.coerce.number({ error: M.capInvalid }).int(M.capInvalid).min(0, M.capInvalid).max(1_000_000_000, M.capInvalid).default(0),
  quietHours: z.object({ from: hhmm, to: hhmm }).default({ from: '21:00', to: '08:00' }),
});
export type PutMessagingSettingsInput = z.input<typeof putMessagingSettingsSchema>;
export type PutMessagingSettings = z.output<typeof putMessagingSettingsSchema>;

// The answers are schemas, their types inferred from them (the back end wraps them in the envelope).
export const messagingSettingsSchema = z.object({
  provider: z.enum(MESSAGING_PROVIDERS),
  senderId: z.string().nullable(),
  dltEntityId: z.string().nullable(),
  accountId: z.string().nullable(),
  apiKeySet: z.boolean(),
  webhookSecretSet: z.boolean(),
  monthlyCapPaise: z.int(),
  quietHours: z.object({ from: z.string(), to: z.string() }),
  /** This month (IST) so far, and whether the cap stopped sending. */
  monthCostPaise: z.int(),
  capReached: z.boolean(),
  /** Where the provider posts delivery reports (give it to the provider). */
  callbackUrl: z.string().nullable(),
});
export type MessagingSettings = z.output<typeof messagingSettingsSchema>;
export const messagingSettingsResultSchema = z.object({ messaging: messagingSettingsSchema });
export type MessagingSettingsResult = z.output<typeof messagingSettingsResultSchema>;

/** The placeholders in a body, counted. */
export function placeholderCount(body: string): number {
  return body.split(DLT_PLACEHOLDER).length - 1;
}

export const createMessageTemplateSchema = z
  .object({
    event: z.enum(MESSAGE_EVENTS, { error: M.eventInvalid }),
    channel: z.enum(MESSAGE_CHANNELS, { error: M.channelInvalid }),
    language: z.enum(MESSAGE_LANGUAGES, { error: M.languageInvalid }).default('en'),
    dltTemplateId: z.string({ error: M.templateIdRequired }).trim().min(1, M.templateIdRequired).max(60, M.templateIdTooLong),
    body: z.string({ error: M.bodyRequired }).trim().min(1, M.bodyRequired).max(1000, M.bodyTooLong),
    variables: z.array(z.enum(MESSAGE_VARIABLES, { error: M.variableUnknown })).max(20, M.variablesCount).default([]),
  })
  .refine((v) => placeholderCount(v.body) === v.variables.length, { message: M.variablesCount, path: ['variables'] });
export type CreateMessageTemplateInput = z.input<typeof createMessageTemplateSchema>;

export const messageTemplateSchema = z.object({
  id: z.uuid(),
  event: z.enum(MESSAGE_EVENTS),
  channel: z.enum(MESSAGE_CHANNELS),
  language: z.enum(MESSAGE_LANGUAGES),
  dltTemplateId: z.string(),
  body: z.string(),
  variables: z.array(z.enum(MESSAGE_VARIABLES)),
  createdAt: z.string(),
});
export type MessageTemplate = z.output<typeof messageTemplateSchema>;
export const messageTemplateResultSchema = z.object({ template: messageTemplateSchema });
export type MessageTemplateResult = z.output<typeof messageTemplateResultSchema>;
export const messageTemplateListSchema = z.object({ items: z.array(messageTemplateSchema) });
export type MessageTemplateList = z.output<typeof messageTemplateListSchema>;

export const listMessagesQuerySchema = z.object({
  status: optionalField(z.enum(MESSAGE_STATUSES, { error: M.statusInvalid })),
  event: optionalField(z.enum(MESSAGE_EVENTS, { error: M.eventInvalid })),
  /** `YYYY-MM`: the month whose cost the answer sums (default this month, IST). */
  month: optionalField(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM')),
  ...pageQueryShape,
});
export type ListMessagesQuery = z.output<typeof listMessagesQuerySchema>;

export const messageItemSchema = z.object({
  id: z.uuid(),
  event: z.enum(MESSAGE_EVENTS),
  channel: z.enum([...MESSAGE_CHANNELS, 'email']),
  /** Masked: 98xxxxxx10. */
  to: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  reason: z.string().optional(),
  costPaise: z.int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  language: z.enum(MESSAGE_LANGUAGES),
});
export type MessageItem = z.output<typeof messageItemSchema>;
export const messageListSchema = pageSchema(messageItemSchema).extend({ monthCostPaise: z.int() });
export type MessageList = z.output<typeof messageListSchema>;

const phoneSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').replace(/^(\+91|91)(?=\d{10}$)/, '') : v),
  z.string({ error: M.phoneInvalid }).regex(/^[6-9]\d{9}$/, M.phoneInvalid),
);
export const messagingTestSchema = z.object({
  phone: phoneSchema,
  channel: optionalField(z.enum(MESSAGE_CHANNELS, { error: M.channelInvalid })),
  language: optionalField(z.enum(MESSAGE_LANGUAGES, { error: M.languageInvalid })),
});
export type MessagingTestInput = z.input<typeof messagingTestSchema>;
export const messagingTestResultSchema = z.object({ message: messageItemSchema });
export type MessagingTestResult = z.output<typeof messagingTestResultSchema>;

export const messagePreferencesSchema = z.object({
  sms: z.boolean({ error: M.switchInvalid }).optional(),
  whatsapp: z.boolean({ error: M.switchInvalid }).optional(),
  email: z.boolean({ error: M.switchInvalid }).optional(),
  language: optionalField(z.enum(MESSAGE_LANGUAGES, { error: M.languageInvalid })),
});
export type MessagePreferencesInput = z.input<typeof messagePreferencesSchema>;
export const messagePreferencesResultSchema = z.object({
  preferences: z.object({ sms: z.boolean(), whatsapp: z.boolean(), email: z.boolean(), language: z.enum(MESSAGE_LANGUAGES) }),
});
export type MessagePreferencesResult = z.output<typeof messagePreferencesResultSchema>;
export type MessagePreferences = MessagePreferencesResult['preferences'];

export const messagePreviewSchema = z.object({
  body: z.string().max(1000, M.bodyTooLong),
  variables: z.array(z.enum(MESSAGE_VARIABLES, { error: M.variableUnknown })).max(20).default([]),
  studentId: optionalField(z.uuid()),
});
export const messagePreviewResultSchema = z.object({ preview: z.object({ text: z.string(), characters: z.int(), parts: z.int(), encoding: z.enum(['gsm7', 'unicode']) }) });
export type MessagePreviewResult = z.output<typeof messagePreviewResultSchema>;
export type MessagePreview = MessagePreviewResult['preview'];

// ── pure rules ─────────────────────────────────────────────────────────────
export type SmsEncoding = 'gsm7' | 'unicode';
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/**
 * Characters and SMS parts of a text: GSM-7 (160 in one part, 153 per part when split; the
 * extension characters ^{}\[~]|€ take two) or, with any other character (Devanagari, ₹), UCS-2
 * (70 in one part, 67 per part). Characters are counted in UTF-16 code units, as handsets do.
 */
export function smsParts(text: string): { encoding: SmsEncoding; characters: number; parts: number } {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) septets += 1;
    else if (GSM7_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', characters: septets, parts: septets === 0 ? 1 : septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length;
  return { encoding: 'unicode', characters: units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** What a message's values make of its template: the text, or why it may not be sent. */
export type RenderOutcome = { ok: true; text: string; values: string[] } | { ok: false; reason: string };

/**
 * Fills a registered template's `{#var#}` placeholders, in order, with the event's named values.
 * Refuses (never improvises) when the variable list does not match the placeholders, a value is
 * missing or blank, or (DLT's own limit) an SMS value is longer than 30 characters.
 */
export function renderTemplate(
  template: { body: string; variables: readonly string[]; channel: MessageChannel },
  values: Partial<Record<string, string>>,
): RenderOutcome {
  const pieces = template.body.split(DLT_PLACEHOLDER);
  if (pieces.length - 1 !== template.variables.length) return { ok: false, reason: M.variablesCount };
  const filled: string[] = [];
  for (const name of template.variables) {
    const value = values[name]?.replace(/\s+/g, ' ').trim();
    if (!value) return { ok: false, reason: `${M.valueMissing} ${name}` };
    if (template.channel === 'sms' && value.length > 30) return { ok: false, reason: `${M.valueTooLong}: ${name}` };
    filled.push(value);
  }
  let text = pieces[0];
  for (let i = 0; i < filled.length; i++) text += filled[i] + pieces[i + 1];
  return { ok: true, text, values: filled };
}

/** A phone number as the log shows it: the first two and last two digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').slice(-10);
  if (digits.length < 4) return 'x'.repeat(digits.length);
  return `${digits.slice(0, 2)}${'x'.repeat(digits.length - 4)}${digits.slice(-2)}`;
}

/** What sending a text costs against the cap (paise). */
export function messageCostPaise(channel: MessageRoute, text: string): number {
  if (channel === 'email') return 0;
  if (channel === 'whatsapp') return WHATSAPP_MESSAGE_COST_PAISE;
  return smsParts(text).parts * SMS_PART_COST_PAISE;
}
