import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** A school's credentials with its gateway, opened for one call. */
export interface GatewayCredentials {
  keyId: string;
  keySecret: string;
}

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
  status: string;
}
export interface GatewayPayment {
  id: string;
  orderId: string | null;
  amount: number;
  /** Razorpay: created, authorized, captured, refunded, failed. */
  status: string;
  method: string | null;
}
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  /** Razorpay: pending, processed, failed. */
  status: string;
}

/** One line of a settlement: a payment credited, or a refund debited, with the gateway's fee and tax. */
export interface GatewaySettledItem {
  entityId: string;
  type: 'payment' | 'refund';
  /** The payment concerned: the entity itself for a payment, the refunded one for a refund. */
  paymentId: string;
  orderId: string | null;
  amount: number;
  credit: number;
  debit: number;
  fee: number;
  tax: number;
  settlementId: string;
  utr: string | null;
  /** Unix seconds. */
  settledAt: number;
}

/** The gateway did not answer, answered late, or refused: nothing about the school's data is known from it. */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'refused',
    readonly httpStatus?: number,
  ) {
    super(`payment gateway ${kind}${httpStatus ? ` (${httpStatus})` : ''}`);
  }
}

/**
 * What the online-payments module needs of a payment gateway. Razorpay is the first; PayU or
 * Cashfree would implement the same (their own order, fetch, refund calls and signatures).
 */
export interface PaymentGatewayClient {
  createOrder(creds: GatewayCredentials, order: { amount: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  orderPayments(creds: GatewayCredentials, gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** The account's payments made between two instants (unix seconds, inclusive), every page. */
  payments(creds: GatewayCredentials, range: { from: number; to: number }): Promise<GatewayPayment[]>;
  /** One payment, or null when the gateway does not know it. */
  payment(creds: GatewayCredentials, paymentId: string): Promise<GatewayPayment | null>;
  refund(creds: GatewayCredentials, paymentId: string, refund: { amount: number; notes: Record<string, string> }): Promise<GatewayRefund>;
  /** The payments and refunds settled to the account on one day (its year, month, day), every page. */
  settledOn(creds: GatewayCredentials, day: { year: number; month: number; day: number }): Promise<GatewaySettledItem[]>;
  /** The browser's proof after Checkout: HMAC-SHA256(order_id + "|" + payment_id, key_secret), hex. */
  checkoutSignatureValid(keySecret: string, gatewayOrderId: string, paymentId: string, signature: string): boolean;
  /** A webhook's proof: HMAC-SHA256(raw body, webhook secret), hex. */
  webhookSignatureValid(webhookSecret: string, rawBody: Buffer, signature: string): boolean;
}

/** Compares two hex HMACs in constant time; anything malformed is simply unequal. */
export function hexEqual(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export const hmacHex = (secret: string, data: string | Buffer): string => createHmac('sha256', secret).update(data).digest('hex');

/** An item of `GET /settlements/recon/combined` (the fields read; amounts in paise). */
interface RazorpayReconItem {
  entity_id: string;
  type: string;
  debit?: number;
  credit?: number;
  amount?: number;
  fee?: number | null;
  tax?: number | null;
  settled?: boolean;
  settled_at?: number | null;
  settlement_id?: string | null;
  settlement_utr?: string | null;
  payment_id?: string | null;
  order_id?: string | null;
}

interface RazorpayPaymentEntity {
  id: string;
  order_id?: string | null;
  amount: number;
  status: string;
  method?: string | null;
}

/**
 * Razorpay's REST API (https://razorpay.com/docs/api/): HTTP Basic auth with the key ID and key
 * secret, JSON bodies, amounts in paise. `POST /orders {amount, currency:'INR', receipt, notes}`,
 * `GET /orders/{id}/payments` (a collection `{entity:'collection', count, items}`),
 * `POST /payments/{id}/refund {amount, notes}`. The base is RAZORPAY_API_URL, each call bounded by
 * RAZORPAY_TIMEOUT_MS. Answers are read for the fields used and nothing else is kept; errors
 * never carry the credentials or the gateway's text to a log or a client.
 */
@Injectable()
export class RazorpayClient implements PaymentGatewayClient {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'razorpayApiUrl' | 'razorpayTimeoutMs'>) {}

  private async call<T>(creds: GatewayCredentials, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const auth = Buffer.from(`${creds.keyId}:${creds.keySecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.config.razorpayApiUrl}${path}`, {
        method,
        headers: { authorization: `Basic ${auth}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.razorpayTimeoutMs),
      });
    } catch (err) {
      const name = (err as { name?: string }).name;
      throw new GatewayError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
    }
    let parsed: unknown;
    try {
      parsed = await res.json();
    } catch {
      throw new GatewayError(res.ok ? 'network' : 'refused', res.status);
    }
    if (!res.ok) throw new GatewayError('refused', res.status);
    return parsed as T;
  }

  async createOrder(creds: GatewayCredentials, order: { amount: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder> {
    const o = await this.call<{ id: string; amount: number; currency: string; status: string }>(creds, 'POST', '/orders', {
      amount: order.amount,
      currency: 'INR',
      receipt: order.receipt.slice(0, 40),
      notes: order.notes,
    });
    if (typeof o?.id !== 'string' || !o.id) throw new GatewayError('refused');
    return { id: o.id, amount: o.amount, currency: o.currency, status: o.status };
  }

  async orderPayments(creds: GatewayCredentials, gatewayOrderId: string): Promise<GatewayPayment[]> {
    const c = await this.call<{ items?: RazorpayPaymentEntity[] }>(creds, 'GET', `/orders/${encodeURIComponent(gatewayOrderId)}/payments`);
    return (c?.items ?? []).map(toPayment);
  }

  /** `GET /payments?from=&to=&count=100&skip=`: pages of at most 100 until a short one (at most 50 pages). */
  async payments(creds: GatewayCredentials, range: { from: number; to: number }): Promise<GatewayPayment[]> {
    const all: GatewayPayment[] = [];
    for (let page = 0; page < 50; page++) {
      const c = await this.call<{ items?: RazorpayPaymentEntity[] }>(creds, 'GET', `/payments?from=${range.from}&to=${range.to}&count=100&skip=${page * 100}`);
      const items = c?.items ?? [];
      all.push(...items.map(toPayment));
      if (items.length < 100) break;
    }
    return all;
  }

  /** `GET /payments/{id}`; Razorpay answers 400 BAD_REQUEST_ERROR for an id it does not know. */
  async payment(creds: GatewayCredentials, paymentId: string): Promise<GatewayPayment | null> {
    try {
      const p = await this.call<RazorpayPaymentEntity>(creds, 'GET', `/payments/${encodeURIComponent(paymentId)}`);
      return typeof p?.id === 'string' ? toPayment(p) : null;
    } catch (err) {
      if (err instanceof GatewayError && err.kind === 'refused' && (err.httpStatus === 400 || err.httpStatus === 404)) return null;
      throw err;
    }
  }

  async refund(creds: GatewayCredentials, paymentId: string, refund: { amount: number; notes: Record<string, string> }): Promise<GatewayRefund> {
    const r = await this.call<{ id: string; payment_id: string; amount: number; status: string }>(creds, 'POST', `/payments/${encodeURIComponent(paymentId)}/refund`, {
      amount: refund.amount,
      speed: 'normal',
      notes: refund.notes,
    });
    if (typeof r?.id !== 'string') throw new GatewayError('refused');
    return { id: r.id, paymentId: r.payment_id ?? paymentId, amount: r.amount, status: r.status };
  }

  /**
   * `GET /settlements/recon/combined?year=&month=&day=&count=100&skip=`: every transaction settled to
   * the account that day (payments, refunds, transfers, adjustments), pages of at most 100 until a
   * short one (at most 50 pages). Only settled payments and refunds are kept.
   */
  async settledOn(creds: GatewayCredentials, day: { year: number; month: number; day: number }): Promise<GatewaySettledItem[]> {
    const all: GatewaySettledItem[] = [];
    for (let page = 0; page < 50; page++) {
      const c = await this.call<{ items?: RazorpayReconItem[] }>(creds, 'GET', `/settlements/recon/combined?year=${day.year}&month=${String(day.month).padStart(2, '0')}&day=${String(day.day).padStart(2, '0')}&count=100&skip=${page * 100}`);
      const items = c?.items ?? [];
      for (const i of items) {
        if ((i.type !== 'payment' && i.type !== 'refund') || i.settled === false || !i.settlement_id) continue;
        const paymentId = i.type === 'payment' ? i.entity_id : i.payment_id;
        if (typeof paymentId !== 'string' || !paymentId) continue;
        all.push({
          entityId: i.entity_id,
          type: i.type,
          paymentId,
          orderId: i.order_id ?? null,
          amount: Number(i.amount ?? 0),
          credit: Number(i.credit ?? 0),
          debit: Number(i.debit ?? 0),
          fee: Number(i.fee ?? 0),
          tax: Number(i.tax ?? 0),
          settlementId: i.settlement_id,
          utr: i.settlement_utr ?? null,
          settledAt: Number(i.settled_at ?? 0),
        });
      }
      if (items.length < 100) break;
    }
    return all;
  }

  checkoutSignatureValid(keySecret: string, gatewayOrderId: string, paymentId: string, signature: string): boolean {
    return hexEqual(hmacHex(keySecret, `${gatewayOrderId}|${paymentId}`), signature);
  }

  webhookSignatureValid(webhookSecret: string, rawBody: Buffer, signature: string): boolean {
    return hexEqual(hmacHex(webhookSecret, rawBody), signature);
  }
}

export function toPayment(p: RazorpayPaymentEntity): GatewayPayment {
  return { id: p.id, orderId: p.order_id ?? null, amount: Number(p.amount), status: p.status, method: p.method ?? null };
}
