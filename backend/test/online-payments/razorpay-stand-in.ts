import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One request the stand-in received, as Razorpay would see it. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: any;
}

interface StandInPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  error_description: string | null;
  created_at: number;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x')}`;

/**
 * A local stand-in for Razorpay's REST API, speaking its documented formats: Basic auth with the
 * key ID and secret; `POST /v1/orders {amount, currency, receipt, notes}` answers an order entity;
 * `GET /v1/orders/{id}/payments` a collection of payment entities; `POST /v1/payments/{id}/refund`
 * a refund entity; errors as `{error:{code, description, …}}`. `mode` makes it fail (500) or hang
 * (never answer: the client's timeout must fire). It also makes what the gateway would send: a
 * captured payment for an order, the Checkout signature and signed webhook bodies.
 */
export class RazorpayStandIn {
  private server!: Server;
  readonly seen: SeenRequest[] = [];
  readonly orders = new Map<string, { id: string; amount: number; receipt: string; notes: Record<string, string> }>();
  readonly payments = new Map<string, StandInPayment[]>();
  /** What the gateway paid out: items of GET /v1/settlements/recon/combined, by the day (IST) they were settled. */
  readonly settled: Record<string, unknown>[] = [];
  mode: 'ok' | 'fail' | 'hang' = 'ok';
  refundStatus: 'processed' | 'pending' = 'processed';
  private readonly hanging: ServerResponse[] = [];
  baseUrl = '';
  /** The gateway's clock (payments' created_at); a test may tie it to the app's fake clock. */
  now: () => Date = () => new Date();

  constructor(
    readonly keyId: string,
    readonly keySecret: string,
    readonly webhookSecret: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').replace(/^\/v1/, '');
    this.seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body: text ? JSON.parse(text) : undefined });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.mode === 'hang') {
      this.hanging.push(res);
      return;
    }
    if (this.mode === 'fail') return send(500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.', source: 'internal', step: null, reason: null, metadata: {} } });
    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
    const body = text ? JSON.parse(text) : {};
    let m: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/orders') {
      const order = { id: rid('order'), amount: body.amount, receipt: body.receipt, notes: body.notes };
      this.orders.set(order.id, order);
      return send(200, { ...order, entity: 'order', amount_paid: 0, amount_due: body.amount, currency: body.currency, offer_id: null, status: 'created', attempts: 0, created_at: Math.floor(Date.now() / 1000) });
    }
    if (req.method === 'GET' && (m = path.match(/^\/orders\/([^/]+)\/payments$/))) {
      const items = this.payments.get(m[1]) ?? [];
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && path.startsWith('/payments?')) {
      // GET /v1/payments?from=&to=&count=&skip=: the account's payments created in [from, to] (unix seconds), newest first.
      const q = new URL(path, 'http://stand-in').searchParams;
      const from = Number(q.get('from') ?? 0);
      const to = Number(q.get('to') ?? Number.MAX_SAFE_INTEGER);
      const count = Math.min(100, Number(q.get('count') ?? 10));
      const skip = Number(q.get('skip') ?? 0);
      const all = [...this.payments.values()]
        .flat()
        .filter((p) => p.created_at >= from && p.created_at <= to)
        .sort((x, y) => y.created_at - x.created_at || x.id.localeCompare(y.id));
      const items = all.slice(skip, skip + count);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (m = path.match(/^\/payments\/([^/?]+)$/))) {
      const payment = [...this.payments.values()].flat().find((p) => p.id === m![1]);
      if (!payment) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } });
      return send(200, payment);
    }
    if (req.method === 'GET' && path.startsWith('/settlements/recon/combined?')) {
      // GET /v1/settlements/recon/combined?year=&month=&day=&count=&skip=: what was settled that day (or month).
      const q = new URL(path, 'http://stand-in').searchParams;
      const prefix = `${q.get('year')}-${q.get('month')}${q.get('day') ? `-${q.get('day')}` : ''}`;
      const count = Math.min(1000, Number(q.get('count') ?? 1000));
      const skip = Number(q.get('skip') ?? 0);
      const all = this.settled.filter((i) => new Date(((i.settled_at as number) + 19_800) * 1000).toISOString().startsWith(prefix));
      const items = all.slice(skip, skip + count);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'POST' && (m = path.match(/^\/payments\/([^/]+)\/refund$/))) {
      const payment = [...this.payments.values()].flat().find((p) => p.id === m![1]);
      if (!payment) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } });
      return send(200, { id: rid('rfnd'), entity: 'refund', amount: body.amount ?? payment.amount, currency: 'INR', payment_id: payment.id, notes: body.notes ?? {}, receipt: null, acquirer_data: { arn: null }, created_at: Math.floor(Date.now() / 1000), batch_id: null, status: this.refundStatus, speed_processed: 'normal', speed_requested: body.speed ?? 'normal' });
    }
    return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
  }

  /** The payer completes Checkout: a captured payment on the order (what the gateway then knows). */
  pay(orderId: string, status: StandInPayment['status'] = 'captured', amount?: number): StandInPayment {
    const order = this.orders.get(orderId)!;
    const p: StandInPayment = { id: rid('pay'), entity: 'payment', amount: amount ?? order.amount, currency: 'INR', status, order_id: orderId, method: 'upi', captured: status === 'captured', amount_refunded: 0, error_description: status === 'failed' ? 'Payment was unsuccessful as you cancelled it.' : null, created_at: Math.floor(this.now().getTime() / 1000) };
    this.payments.set(orderId, [...(this.payments.get(orderId) ?? []), p]);
    return p;
  }

  /**
   * A bank transfer: the payments (credited less the fee and its 18 % GST) and refunds (debited)
   * settled together at `at`, as recon items under one settlement id and UTR.
   */
  settle(entries: { payment: StandInPayment; refundId?: string; fee?: number }[], at: Date): { id: string; utr: string } {
    const id = rid('setl');
    const utr = `${Math.floor(at.getTime() / 1000)}${randomBytes(3).toString('hex')}`;
    const common = { currency: 'INR', on_hold: false, settled: true, settled_at: Math.floor(at.getTime() / 1000), settlement_id: id, settlement_utr: utr, posted_at: null, credit_type: 'default', description: null, notes: null, order_receipt: null, method: 'upi', card_network: null, card_issuer: null, card_type: null, dispute_id: null };
    for (const { payment: p, refundId, fee = 0 } of entries) {
      if (refundId) {
        this.settled.push({ ...common, entity_id: refundId, type: 'refund', debit: p.amount, credit: 0, amount: p.amount, fee: 0, tax: 0, created_at: p.created_at, payment_id: p.id, order_id: p.order_id });
      } else {
        const tax = Math.round(fee * 0.18);
        this.settled.push({ ...common, entity_id: p.id, type: 'payment', debit: 0, credit: p.amount - fee - tax, amount: p.amount, fee: fee + tax, tax, created_at: p.created_at, payment_id: null, order_id: p.order_id });
      }
    }
    // Something of another business on the same account, settled in the same transfer.
    this.settled.push({ ...common, entity_id: rid('pay'), type: 'payment', debit: 0, credit: 9_800, amount: 10_000, fee: 200, tax: 31, created_at: common.settled_at, payment_id: null, order_id: rid('order') });
    return { id, utr };
  }

  /** Checkout's handler answer: razorpay_signature = HMAC-SHA256(order_id|payment_id, key secret). */
  checkoutSignature(orderId: string, paymentId: string, secret = this.keySecret): string {
    return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
  }

  /** A webhook as Razorpay sends it: the raw body and X-Razorpay-Signature over it. */
  webhook(event: 'payment.captured' | 'order.paid' | 'payment.failed' | 'refund.processed', entities: { payment?: StandInPayment; refund?: Record<string, unknown> }, secret = this.webhookSecret): { body: string; signature: string } {
    const contains = Object.keys(entities);
    const payload: Record<string, unknown> = {};
    if (entities.payment) payload.payment = { entity: entities.payment };
    if (entities.refund) payload.refund = { entity: entities.refund };
    if (event === 'order.paid' && entities.payment) {
      const o = this.orders.get(entities.payment.order_id)!;
      payload.order = { entity: { id: o.id, entity: 'order', amount: o.amount, amount_paid: o.amount, amount_due: 0, currency: 'INR', receipt: o.receipt, status: 'paid', attempts: 1, notes: o.notes } };
      contains.push('order');
    }
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_StandIn0001', event, contains, payload, created_at: Math.floor(Date.now() / 1000) });
    return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
  }
}
