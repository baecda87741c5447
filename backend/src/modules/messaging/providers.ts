import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { smsParts, type MessageChannel, type MessageLanguage, type MessagingProvider } from '@vidyalaya/shared/messaging';

/**
 * The providers behind one interface, each speaking its own documented HTTP API (the base URL of
 * each comes from configuration, so tests point it at a local stand-in server):
 *
 * - MSG91 Flow API: `POST {MSG91_API_URL}/flow`, header `authkey`, JSON
 *   `{template_id, short_url:'0', recipients:[{mobiles:'91XXXXXXXXXX', VAR1, VAR2, …}]}`; answers
 *   `{type:'success', message:<request id>}` or `{type:'error', message}`.
 * - Gupshup Enterprise SMS: `POST {GUPSHUP_API_URL}` form-encoded `method=SendMessage, send_to,
 *   msg, msg_type (TEXT | UNICODE_TEXT), userid, password, auth_scheme=plain, v=1.1, format=json,
 *   mask, principalEntityId, dltTemplateId`; answers `{response:{id, phone, details, status}}`.
 * - Gupshup WhatsApp: `POST {GUPSHUP_WHATSAPP_API_URL}/template/msg`, header `apikey`,
 *   form-encoded `source, destination, template={"id","params":[…]}`; answers
 *   `{status:'submitted', messageId}`.
 * - Twilio Messages: `POST {TWILIO_API_URL}/Accounts/{AccountSid}/Messages.json`, HTTP Basic
 *   (Account SID : Auth Token), form-encoded `To, From (or MessagingServiceSid), Body,
 *   StatusCallback`; answers 201 `{sid, status}`, errors `{code, message, status}`.
 * - WhatsApp Cloud API: `POST {WHATSAPP_API_URL}/{phone-number-id}/messages`, `Authorization:
 *   Bearer`, JSON `{messaging_product:'whatsapp', to, type:'template', template:{name, language:
 *   {code}, components:[{type:'body', parameters:[{type:'text', text}]}]}}`; answers
 *   `{messages:[{id}]}`, errors `{error:{message, code}}`.
 *
 * Without a provider (`none`) a message is written as a file under DATA_DIR/outbox/.
 */
export interface ProviderBases {
  msg91: string;
  gupshup: string;
  gupshupWhatsapp: string;
  twilio: string;
  whatsapp: string;
}

export interface ProviderAccount {
  provider: MessagingProvider;
  senderId: string | null;
  dltEntityId: string | null;
  accountId: string | null;
  apiKey: string | null;
}

export interface OutgoingMessage {
  channel: MessageChannel;
  /** 10-digit Indian mobile number. */
  phone: string;
  text: string;
  /** The values in placeholder order. */
  values: string[];
  templateId: string;
  language: MessageLanguage;
  /** Where the provider reports delivery (Twilio takes it per message). */
  callbackUrl: string | null;
  /** The message's own id, for the outbox file's name. */
  messageId: string;
}

/** A provider's answer: accepted (its id), or refused: permanent (4xx: never retried) or not (5xx, network). */
export type SendOutcome = { ok: true; providerMessageId: string } | { ok: false; permanent: boolean; reason: string };

const TIMEOUT_MS = 10_000;
const short = (s: string) => s.replace(/\s+/g, ' ').slice(0, 200);

async function post(url: string, init: { headers: Record<string, string>; body: string }, signal?: AbortSignal): Promise<{ status: number; text: string } | { error: string }> {
  try {
    const res = await fetch(url, { method: 'POST', headers: init.headers, body: init.body, signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, text: await res.text() };
  } catch (e) {
    const name = (e as Error).name;
    return { error: name === 'TimeoutError' ? 'The provider did not answer in time' : 'The provider could not be reached' };
  }
}

function parse(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A non-2xx answer: 4xx is the provider refusing this message (not retried), except 408/429; 5xx is retried. */
function refused(status: number, reason: string): SendOutcome {
  const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
  return { ok: false, permanent, reason: short(`${reason || 'The provider refused the message'} (HTTP ${status})`) };
}

function sameLength(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class Providers {
  constructor(
    private readonly bases: ProviderBases,
    private readonly outboxDir: string,
  ) {}

  async send(account: ProviderAccount, msg: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
    switch (account.provider) {
      case 'msg91':
        return this.msg91(account, msg, signal);
      case 'gupshup':
        return msg.channel === 'whatsapp' ? this.gupshupWhatsapp(account, msg, signal) : this.gupshupSms(account, msg, signal);
      case 'twilio':
        return this.twilio(account, msg, signal);
      case 'whatsapp_cloud':
        return this.whatsappCloud(account, msg, signal);
      default:
        return this.outbox(account, msg);
    }
  }

  private async msg91(a: ProviderAccount, m: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
    const recipient: Record<string, string> = { mobiles: `91${m.phone}` };
    m.values.forEach((v, i) => (recipient[`VAR${i + 1}`] = v));
    const res = await post(
      `${this.bases.msg91}/flow`,
      {
        headers: { authkey: a.apiKey ?? '', 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ template_id: m.templateId, short_url: '0', recipients: [recipient] }),
      },
      signal,
    );
    if ('error' in res) return { ok: false, permanent: false, reason: res.error };
    const body = parse(res.text);
    if (res.status >= 200 && res.status < 300 && body?.type === 'success' && body.message) return { ok: true, providerMessageId: String(body.message) };
    if (res.status >= 200 && res.status < 300) return { ok: false, permanent: true, reason: short(`MSG91: ${body?.message ?? 'refused'}`) };
    return refused(res.status, `MSG91: ${body?.message ?? ''}`);
  }

  private async gupshupSms(a: ProviderAccount, m: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
    const unicode = smsParts(m.text).encoding === 'unicode';
    const form = new URLSearchParams({
      method: 'SendMessage',
      send_to: `91${m.phone}`,
      msg: m.text,
      msg_type: unicode ? 'UNICODE_TEXT' : 'TEXT',
      userid: a.accountId ?? '',
      password: a.apiKey ?? '',
      auth_scheme: 'plain',
      v: '1.1',
      format: 'json',
      ...(a.senderId ? { mask: a.senderId } : {}),
      ...(a.dltEntityId ? { principalEntityId: a.dltEntityId } : {}),
      dltTemplateId: m.templateId,
    });
    const res = await post(this.bases.gupshup, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }, signal);
    if ('error' in res) return { ok: false, permanent: false, reason: res.error };
    const r = parse(res.text)?.response;
    if (res.status >= 200 && res.status < 300 && r?.status === 'success' && r.id) return { ok: true, providerMessageId: String(r.id) };
    if (res.status >= 200 && res.status < 300) return { ok: false, permanent: true, reason: short(`Gupshup: ${r?.details ?? 'refused'} (${r?.id ?? '?'})`) };
    return refused(res.status, `Gupshup: ${r?.details ?? ''}`);
  }

  private async gupshupWhatsapp(a: ProviderAccount, m: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
    const form = new URLSearchParams({
      source: a.senderId ?? '',
      destination: `91${m.phone}`,
      template: JSON.stringify({ id: m.templateId, params: m.values }),
    });
    const res = await post(
      `${this.bases.gupshupWhatsapp}/template/msg`,
      { headers: { apikey: a.apiKey ?? '', 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      signal,
    );
    if ('error' in res) return { ok: false, permanent: false, reason: res.error };
    const body = parse(res.text);
    if (res.status >= 200 && res.status < 300 && body?.status === 'submitted' && body.messageId) return { ok: true, providerMessageId: String(body.messageId) };
    return refused(res.status >= 300 ? res.status : 400, `Gupshup WhatsApp: ${body?.message ?? 'refused'}`);
  }

  private async twilio(a: ProviderAccount, m: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
    const sid = a.accountId ?? '';
    const from = a.senderId ?? '';
    const form = new URLSearchParams({ To: `+91${m.phone}`, ...(from.startsWith('MG') ? { MessagingServiceSid: from } : { From: from }), Body: m.text });
    if (m.callbackUrl) form.set('StatusCallback', m.callbackUrl);
    const res = await post(
      `${this.bases.twilio}/Accounts/${encodeURIComponent(sid)}/Messages.json`,
      {
        headers: { authorization: `Basic ${Buffer.from(`${sid}:${a.apiKey ?? ''}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      signal,
    );
    if ('error' in res) return { ok: false, permanent: false, reason: res.error };
    const body = parse(res.text);
    if (res.status >= 200 && res.status < 300 && body?.sid) return { ok: true, providerMessageId: String(body.sid) };
    return refused(res.status, `Twilio ${body?.code ?? ''}: ${body?.message ?? ''}`);
  }

  private async whatsappCloud(a: ProviderAccount, m: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
    const res = await post(
      `${this.bases.whatsapp}/${encodeURIComponent(a.accountId ?? '')}/messages`,
      {
        headers: { authorization: `Bearer ${a.apiKey ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: `91${m.phone}`,
          type: 'template',
          template: {
            name: m.templateId,
            language: { code: m.language },
            components: m.values.length ? [{ type: 'body', parameters: m.values.map((text) => ({ type: 'text', text })) }] : [],
          },
        }),
      },
      signal,
    );
    if ('error' in res) return { ok: false, permanent: false, reason: res.error };
    const body = parse(res.text);
    const id = body?.messages?.[0]?.id;
    if (res.status >= 200 && res.status < 300 && id) return { ok: true, providerMessageId: String(id) };
    return refused(res.status >= 300 ? res.status : 400, `WhatsApp ${body?.error?.code ?? ''}: ${body?.error?.message ?? ''}`);
  }

  /** No provider: the message as a file in DATA_DIR/outbox/ (the phone, channel, template and text). */
  private outbox(a: ProviderAccount, m: OutgoingMessage): SendOutcome {
    mkdirSync(this.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.outboxDir, `${stamp}-${m.channel}-${m.phone}-${m.messageId}.txt`);
    writeFileSync(
      file,
      [`To: +91${m.phone}`, `Channel: ${m.channel}`, `Sender: ${a.senderId ?? ''}`, `Template: ${m.templateId}`, `Language: ${m.language}`, '', m.text, ''].join('\n'),
      { mode: 0o600 },
    );
    return { ok: true, providerMessageId: `outbox-${randomBytes(6).toString('hex')}` };
  }
}

// ── delivery callbacks ─────────────────────────────────────────────────────
export interface DeliveryUpdate {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'failed';
  reason: string | null;
}

/** Twilio's request signature: base64 HMAC-SHA1 (auth token) of the callback URL followed by each POST field's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilio(authToken: string, url: string, params: Record<string, string>, header: string | undefined): boolean {
  return !!header && sameLength(twilioSignature(authToken, url, params), header);
}

/** WhatsApp Cloud's `X-Hub-Signature-256`: `sha256=` + hex HMAC-SHA256 (app secret) of the raw body. */
export function whatsappSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

export function verifyWhatsapp(appSecret: string, rawBody: string, header: string | undefined): boolean {
  return !!header && sameLength(whatsappSignature(appSecret, rawBody), header);
}

const TWILIO: Record<string, DeliveryUpdate['status']> = { sent: 'sent', delivered: 'delivered', read: 'delivered', undelivered: 'failed', failed: 'failed' };
const WHATSAPP: Record<string, DeliveryUpdate['status']> = { sent: 'sent', delivered: 'delivered', read: 'delivered', failed: 'failed' };
/** MSG91's report status codes: 1 delivered; 2 failed; 9 NDNC; 16, 25, 26 rejected; 17 blocked. */
const MSG91: Record<string, DeliveryUpdate['status']> = { '1': 'delivered', '2': 'failed', '9': 'failed', '16': 'failed', '17': 'failed', '25': 'failed', '26': 'failed' };

/** The delivery updates in one provider callback (its own documented shape); unknown statuses are left out. */
export function parseCallback(provider: MessagingProvider, body: any): DeliveryUpdate[] {
  const out: DeliveryUpdate[] = [];
  if (provider === 'twilio') {
    const status = TWILIO[String(body?.MessageStatus ?? '')];
    if (status && body?.MessageSid) out.push({ providerMessageId: String(body.MessageSid), status, reason: body.ErrorCode ? `Twilio error ${String(body.ErrorCode)}` : null });
  } else if (provider === 'whatsapp_cloud') {
    for (const entry of Array.isArray(body?.entry) ? body.entry : []) {
      for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
        for (const s of Array.isArray(change?.value?.statuses) ? change.value.statuses : []) {
          const status = WHATSAPP[String(s?.status ?? '')];
          const err = s?.errors?.[0];
          if (status && s?.id) out.push({ providerMessageId: String(s.id), status, reason: err ? short(`WhatsApp ${err.code ?? ''}: ${err.title ?? err.message ?? ''}`) : null });
        }
      }
    }
  } else if (provider === 'msg91') {
    // MSG91 posts `data` (a JSON array, form field or body) of {requestId, numbers:[{status, desc}]}.
    let data = body?.data ?? body;
    if (typeof data === 'string') data = parse(data);
    for (const report of Array.isArray(data) ? data : [data]) {
      for (const n of Array.isArray(report?.numbers) ? report.numbers : []) {
        const status = MSG91[String(n?.status ?? '')];
        if (status && report?.requestId) out.push({ providerMessageId: String(report.requestId), status, reason: status === 'failed' ? short(`MSG91: ${n.desc ?? n.status}`) : null });
      }
    }
  } else if (provider === 'gupshup') {
    if (body?.type === 'message-event' && body?.payload) {
      // WhatsApp: {type:'message-event', payload:{id, gsId, type:'enqueued'|'sent'|'delivered'|'read'|'failed', payload:{reason}}}
      const status = WHATSAPP[String(body.payload.type ?? '')];
      const id = body.payload.gsId ?? body.payload.id;
      if (status && id) out.push({ providerMessageId: String(id), status, reason: status === 'failed' ? short(`Gupshup: ${body.payload.payload?.reason ?? 'failed'}`) : null });
    } else if (body?.externalId) {
      // SMS delivery report: externalId, status (SUCCESS | FAIL | …), cause, errCode.
      const raw = String(body.status ?? '').toUpperCase();
      const status = raw === 'SUCCESS' ? 'delivered' : raw === 'FAIL' || raw === 'FAILED' ? 'failed' : null;
      if (status) out.push({ providerMessageId: String(body.externalId), status, reason: status === 'failed' ? short(`Gupshup: ${body.cause ?? body.errCode ?? 'failed'}`) : null });
    }
  }
  return out;
}
