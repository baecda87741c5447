import { Injectable } from '@nestjs/common';
import type { PaymentOrderLine, PaymentOrderStatus, RefundStatus } from '@vidyalaya/shared/online-payments';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface GatewayRow {
  provider: 'razorpay';
  key_id: string;
  key_secret: Buffer;
  webhook_secret: Buffer;
}

export interface OrderRow {
  id: string;
  student_id: string;
  student_name: string;
  provider: string;
  key_id: string;
  gateway_order_id: string;
  amount: string;
  instalment_ids: string[];
  lines: PaymentOrderLine[];
  status: PaymentOrderStatus;
  failure_reason: string | null;
  pay_link_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  // The order's recorded payment (the first, when there are several).
  gateway_payment_id: string | null;
  receipt_id: string | null;
  receipt_number: string | null;
  advance_amount: string | null;
}

export interface PaymentRow {
  id: string;
  order_id: string;
  gateway_payment_id: string;
  amount: string;
  advance_amount: string;
  receipt_id: string;
  receipt_number: string;
  refund_status: RefundStatus | null;
  refund_id: string | null;
  refund_reason: string | null;
  refund_requested_by: string | null;
}

export interface ReconciliationReceiptRow {
  gateway_payment_id: string;
  gateway_order_id: string | null;
  receipt_id: string;
  receipt_number: string;
  receipt_status: 'active' | 'cancelled';
  paid_on: string;
  student_name: string;
  amount: string;
  /** Set when a refund of the payment was asked through the gateway. */
  refund_status: RefundStatus | null;
}
// Every receipt of mode online: those the gateway's payments made (online_payments) and any typed in
// at the counter with a payment id as reference, which the report checks with the gateway too.
const RECONCILIATION_COLUMNS = `coalesce(p.gateway_payment_id, r.reference, '') AS gateway_payment_id, o.gateway_order_id, r.id AS receipt_id, r.number AS receipt_number,
  r.status AS receipt_status, to_char(r.paid_on, 'YYYY-MM-DD') AS paid_on, r.student_name, r.amount, p.refund_status`;
const RECONCILIATION_FROM = `FROM fee_receipts r
  LEFT JOIN online_payments p ON p.school_id = r.school_id AND p.receipt_id = r.id
  LEFT JOIN payment_orders o ON o.school_id = p.school_id AND o.id = p.order_id`;

export interface PayLinkRow {
  id: string;
  student_id: string;
  expires_at: Date;
}

const ORDER_COLUMNS = `o.id, o.student_id, o.student_name, o.provider, o.key_id, o.gateway_order_id, o.amount, o.instalment_ids::text[] AS instalment_ids, o.lines, o.status,
  o.failure_reason, o.pay_link_id, o.created_at, o.paid_at, p.gateway_payment_id, p.receipt_id, p.receipt_number, p.advance_amount`;
const ORDER_FROM = `payment_orders o LEFT JOIN LATERAL (
    SELECT gateway_payment_id, receipt_id, receipt_number, advance_amount FROM online_payments x
     WHERE x.school_id = o.school_id AND x.order_id = o.id ORDER BY x.created_at, x.id LIMIT 1) p ON true`;
const PAYMENT_COLUMNS = `id, order_id, gateway_payment_id, amount, advance_amount, receipt_id, receipt_number, refund_status, refund_id, refund_reason, refund_requested_by`;

/** Every query on the online-payment tables (and the school's name and subdomain for a pay link). The school is the bound one (`this.schoolId`). */
@Injectable()
export class OnlinePaymentsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ── the gateway ────────────────────────────────────────────────────────
  gateway(): Promise<GatewayRow | null> {
    return this.one<GatewayRow>(`SELECT provider, key_id, key_secret, webhook_secret FROM payment_gateways WHERE school_id = $1`, [this.schoolId]);
  }

  async saveGateway(g: { keyId: string; keySecret: Buffer; webhookSecret: Buffer; by: string }, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO payment_gateways (school_id, provider, key_id, key_secret, webhook_secret, updated_by, updated_at) VALUES ($1, 'razorpay', $2, $3, $4, $5, $6)
       ON CONFLICT (school_id) DO UPDATE SET provider = EXCLUDED.provider, key_id = EXCLUDED.key_id, key_secret = EXCLUDED.key_secret,
         webhook_secret = EXCLUDED.webhook_secret, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, g.keyId, g.keySecret, g.webhookSecret, g.by, now],
    );
  }

  async removeGateway(): Promise<void> {
    await this.m.query(`DELETE FROM payment_gateways WHERE school_id = $1`, [this.schoolId]);
  }

  school(): Promise<{ name: string; subdomain: string } | null> {
    return this.one(`SELECT name, subdomain FROM schools WHERE id = $1`, [this.schoolId]);
  }

  // ── orders ─────────────────────────────────────────────────────────────
  async insertOrder(
    o: { id: string; studentId: string; studentName: string; keyId: string; gatewayOrderId: string; amount: number; instalmentIds: string[]; lines: PaymentOrderLine[]; createdBy: string | null; payLinkId: string | null },
    now: Date,
  ): Promise<void> {
    await this.m.query(
      `INSERT INTO payment_orders (school_id, id, student_id, student_name, provider, key_id, gateway_order_id, amount, instalment_ids, lines, created_by, pay_link_id, created_at)
       VALUES ($1, $2, $3, $4, 'razorpay', $5, $6, $7, $8::uuid[], $9::jsonb, $10, $11, $12)`,
      [this.schoolId, o.id, o.studentId, o.studentName, o.keyId, o.gatewayOrderId, o.amount, o.instalmentIds, JSON.stringify(o.lines), o.createdBy, o.payLinkId, now],
    );
  }

  order(id: string): Promise<OrderRow | null> {
    return this.one<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.school_id = $1 AND o.id = $2`, [this.schoolId, id]);
  }

  orderByGatewayId(gatewayOrderId: string): Promise<OrderRow | null> {
    return this.one<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.school_id = $1 AND o.gateway_order_id = $2`, [this.schoolId, gatewayOrderId]);
  }

  /** Locks an order's row: the confirmation, the webhook and the job record its payment one after another. */
  async lockOrder(id: string): Promise<{ status: PaymentOrderStatus } | null> {
    return this.one(`SELECT status FROM payment_orders WHERE school_id = $1 AND id = $2 FOR UPDATE`, [this.schoolId, id]);
  }

  async orders(f: { status?: PaymentOrderStatus; studentId?: string; studentIds?: string[] | null }, page: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
    const where = `o.school_id = $1 AND ($2::text IS NULL OR o.status = $2) AND ($3::uuid IS NULL OR o.student_id = $3) AND ($4::uuid[] IS NULL OR o.student_id = ANY($4))`;
    const params = [this.schoolId, f.status ?? null, f.studentId ?? null, f.studentIds ?? null];
    const rows = await this.rows<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where} ORDER BY o.created_at DESC, o.id LIMIT $5 OFFSET $6`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]);
    const total = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM payment_orders o WHERE ${where}`, params);
    return { rows, total: total?.n ?? 0 };
  }

  async markOrderPaid(id: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE payment_orders SET status = 'paid', paid_at = coalesce(paid_at, $3), failure_reason = NULL WHERE school_id = $1 AND id = $2`, [this.schoolId, id, now]);
  }

  async markOrderFailed(id: string, reason: string | null): Promise<void> {
    await this.m.query(`UPDATE payment_orders SET status = 'failed', failure_reason = $3 WHERE school_id = $1 AND id = $2 AND status = 'created'`, [this.schoolId, id, reason?.slice(0, 200) ?? null]);
  }

  async markOrderChecked(id: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE payment_orders SET checked_at = $3 WHERE school_id = $1 AND id = $2`, [this.schoolId, id, now]);
  }

  // ── payments ───────────────────────────────────────────────────────────
  payment(gatewayPaymentId: string): Promise<PaymentRow | null> {
    return this.one<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM online_payments WHERE school_id = $1 AND gateway_payment_id = $2`, [this.schoolId, gatewayPaymentId]);
  }

  paymentOfReceipt(receiptId: string, lock = false): Promise<PaymentRow | null> {
    return this.one<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM online_payments WHERE school_id = $1 AND receipt_id = $2${lock ? ' FOR UPDATE' : ''}`, [this.schoolId, receiptId]);
  }

  async insertPayment(
    p: { orderId: string; gatewayPaymentId: string; amount: number; advance: number; receiptId: string; receiptNumber: string; via: 'confirm' | 'webhook' | 'reconcile' },
    now: Date,
  ): Promise<void> {
    await this.m.query(
      `INSERT INTO online_payments (school_id, order_id, gateway_payment_id, amount, advance_amount, receipt_id, receipt_number, recorded_via, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [this.schoolId, p.orderId, p.gatewayPaymentId, p.amount, p.advance, p.receiptId, p.receiptNumber, p.via, now],
    );
  }

  async setRefund(paymentId: string, r: { status: RefundStatus; refundId?: string | null; reason?: string; by?: string | null }, now: Date): Promise<void> {
    await this.m.query(
      `UPDATE online_payments SET refund_status = $3::text, refund_id = coalesce($4::text, refund_id), refund_reason = coalesce($5::text, refund_reason),
         refund_requested_by = CASE WHEN $3::text = 'pending' THEN $6::uuid ELSE refund_requested_by END,
         refund_requested_at = CASE WHEN $3::text = 'pending' THEN $7::timestamptz ELSE refund_requested_at END,
         refunded_at = CASE WHEN $3::text = 'processed' THEN $7::timestamptz ELSE refunded_at END
       WHERE school_id = $1 AND id = $2`,
      [this.schoolId, paymentId, r.status, r.refundId ?? null, r.reason ?? null, r.by ?? null, now],
    );
  }

  // ── reconciliation ─────────────────────────────────────────────────────
  /** The online receipts paid on the school dates from–to (active and cancelled), with their gateway ids. */
  reconciliationReceipts(from: string, to: string): Promise<ReconciliationReceiptRow[]> {
    return this.rows<ReconciliationReceiptRow>(
      `SELECT ${RECONCILIATION_COLUMNS} ${RECONCILIATION_FROM}
        WHERE r.school_id = $1 AND r.mode = 'online' AND r.paid_on BETWEEN $2::date AND $3::date ORDER BY r.paid_on, r.seq`,
      [this.schoolId, from, to],
    );
  }

  /** The receipts holding these gateway payments, whatever their date. */
  receiptsOfGatewayPayments(gatewayPaymentIds: string[]): Promise<ReconciliationReceiptRow[]> {
    if (gatewayPaymentIds.length === 0) return Promise.resolve([]);
    return this.rows<ReconciliationReceiptRow>(`SELECT ${RECONCILIATION_COLUMNS} ${RECONCILIATION_FROM}
        WHERE r.school_id = $1 AND r.mode = 'online' AND coalesce(p.gateway_payment_id, r.reference) = ANY($2::text[]) ORDER BY r.paid_on, r.seq`, [
      this.schoolId,
      gatewayPaymentIds,
    ]);
  }

  /** Which of these gateway order ids are the school's orders, with the child's name. */
  ordersByGatewayIds(gatewayOrderIds: string[]): Promise<{ gateway_order_id: string; student_name: string }[]> {
    if (gatewayOrderIds.length === 0) return Promise.resolve([]);
    return this.rows(`SELECT gateway_order_id, student_name FROM payment_orders WHERE school_id = $1 AND gateway_order_id = ANY($2::text[])`, [this.schoolId, gatewayOrderIds]);
  }

  // ── pay links ──────────────────────────────────────────────────────────
  async insertPayLink(studentId: string, expiresAt: Date, by: string | null, now: Date): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO pay_links (school_id, student_id, expires_at, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [this.schoolId, studentId, expiresAt, by, now],
    );
    return row.id;
  }

  payLink(id: string): Promise<PayLinkRow | null> {
    return this.one<PayLinkRow>(`SELECT id, student_id, expires_at FROM pay_links WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }
}
