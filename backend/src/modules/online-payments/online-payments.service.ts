import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { addDays, istDate, schoolPortalUrl } from '@vidyalaya/shared';
import {
  isTestKey,
  ORDER_RECONCILE_MINUTES,
  PAY_LINK_DAYS,
  type ConfirmPaymentInput,
  type CreatePaymentOrderInput,
  type GatewaySettings,
  type ListPaymentOrdersQuery,
  type PayLinkResult,
  type PayLinkView,
  type PaymentConfirmation,
  type PaymentOrder,
  type PaymentOrderLine,
  type PaymentOrderList,
  type PaymentOrderResult,
  type PutGatewayInput,
  type Reconciliation,
  type ReconciliationIssue,
  type ReconciliationLine,
  type RefundReceiptInput,
  type RefundResult,
  type Settlement,
  type SettlementIssue,
  type SettlementReport,
} from '@vidyalaya/shared/online-payments';
import { type Student } from '@vidyalaya/shared/students';
import type { Logger } from 'pino';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites, type Actor } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/unique-violation';
import { FeesService } from '../fees/fees.service';
import { JobRegistry, type JobContext } from '../jobs';
import { JobsService } from '../jobs/jobs.service';
import { StudentsService } from '../students/students.service';
import { GatewaySecrets } from './gateway-secrets';
import { OnlinePaymentsRepository, type GatewayRow, type OrderRow } from './online-payments.repository';
import { GatewayError, RazorpayClient, type GatewayCredentials, type GatewayPayment, type GatewaySettledItem } from './razorpay.client';
import { bindSchool, boundSchoolId } from '../../common/request-context';

export const RECONCILE_JOB = 'online-payments.reconcile';
export const REFUND_JOB = 'online-payments.refund';

const n = (v: string | number | null): number => (v === null ? 0 : Number(v));

/**
 * The reads done on behalf of no signed-in person (a pay link, the gateway's webhook, a job):
 * staff scope (every student of the school) and no user. Never used for a write's actor.
 */
const systemReader = (): WorkspaceContext => ({ schoolId: boundSchoolId(), userId: '00000000-0000-0000-0000-000000000000', role: 'admin' });
/** The actor of a write nobody signed in made (webhook, job, pay link): audited with no user. */
const systemActor = (): Actor => ({ schoolId: boundSchoolId(), userId: null });

function toOrder(r: OrderRow, checkoutUrl: string): PaymentOrder {
  return {
    id: r.id,
    studentId: r.student_id,
    studentName: r.student_name,
    amountPaise: n(r.amount),
    gatewayOrderId: r.gateway_order_id,
    keyId: r.key_id,
    checkoutUrl,
    status: r.status,
    lines: r.lines,
    gatewayPaymentId: r.gateway_payment_id,
    receiptId: r.receipt_id,
    receiptNumber: r.receipt_number,
    advancePaise: n(r.advance_amount),
    createdAt: r.created_at.toISOString(),
    paidAt: r.paid_at ? r.paid_at.toISOString() : null,
  };
}

interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string | null; amount?: number; status?: string; method?: string | null; error_description?: string | null } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number; status?: string } };
  };
}

/**
 * Online fee payment (DECISIONS "Online fee payment"; issue 32). A school's gateway keys (sealed,
 * never answered); orders whose amount the server fixes from the dues of the chosen instalments;
 * each payment recorded once, as a receipt of mode `online` in the school's gapless series, by
 * whichever arrives first of the browser's confirmation, the gateway's webhook and the
 * reconciliation job (all three lock the order and insert under the unique gateway payment id, in
 * the receipt's own transaction); refunds through the gateway in a job; pay links. Receipts are
 * made by FeesService.recordPayment, so they are numbered and allocated as the counter's are.
 */
@Injectable()
export class OnlinePaymentsService implements OnModuleInit {
  private readonly linkKey: Buffer;

  constructor(
    private readonly repo: OnlinePaymentsRepository,
    private readonly fees: FeesService,
    private readonly students: StudentsService,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly secrets: GatewaySecrets,
    private readonly gateway: RazorpayClient,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.linkKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, Buffer.alloc(0), 'vidyalaya pay link v1', 32));
  }

  onModuleInit(): void {
    this.registry.register<{ orderId: string }>(RECONCILE_JOB, (job) => this.reconcile(job));
    this.registry.register<{ receiptId: string }>(REFUND_JOB, (job) => this.runRefund(job));
  }

  private today(): string {
    return istDate(this.clock.now());
  }

  // ── the gateway's settings ─────────────────────────────────────────────
  private settingsOf(row: GatewayRow | null): GatewaySettings {
    if (!row) return { provider: 'none', keyId: null, keySecretSet: false, webhookSecretSet: false, testMode: false };
    return { provider: row.provider, keyId: row.key_id, keySecretSet: row.key_secret.length > 0, webhookSecretSet: row.webhook_secret.length > 0, testMode: isTestKey(row.key_id) };
  }

  async getGateway(): Promise<GatewaySettings> {
    return this.settingsOf(await this.repo.gateway());
  }

  async putGateway(ctx: WorkspaceContext, input: PutGatewayInput): Promise<GatewaySettings> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = this.settingsOf(await repo.gateway());
      if (input.provider === 'none') await repo.removeGateway();
      else {
        await repo.saveGateway(
          { keyId: input.keyId!, keySecret: this.secrets.seal(ctx.schoolId, input.keySecret!), webhookSecret: this.secrets.seal(ctx.schoolId, input.webhookSecret!), by: ctx.userId },
          tx.now,
        );
      }
      const after = this.settingsOf(await repo.gateway());
      // Never a secret in the audit log: only whether each is set.
      await tx.audit({ action: 'payment_gateway.updated', entity: 'payment_gateway', entityId: ctx.schoolId, before, after });
      return after;
    });
  }

  private async credentials(): Promise<{ row: GatewayRow; creds: GatewayCredentials }> {
    const row = await this.repo.gateway();
    if (!row) throw new DomainException('GATEWAY_NOT_SET');
    return { row, creds: { keyId: row.key_id, keySecret: this.secrets.open(boundSchoolId(), row.key_secret) } };
  }

  private unavailable(err: unknown, what: string): DomainException {
    if (err instanceof GatewayError) {
      this.logger.warn({ gateway: 'razorpay', kind: err.kind, status: err.httpStatus }, `payment gateway: ${what} failed`);
      return new DomainException('GATEWAY_UNAVAILABLE');
    }
    throw err;
  }

  // ── orders ─────────────────────────────────────────────────────────────
  async createOrder(ctx: WorkspaceContext, studentId: string, input: CreatePaymentOrderInput): Promise<PaymentOrderResult> {
    const { student } = await this.students.get(ctx, studentId);
    return { order: await this.openOrder(ctx, student, input.instalmentIds, null) };
  }

  /**
   * Makes an order with the gateway for the chosen instalments: the amount is what is payable on
   * them now (balance with the late fee as of today), fixed here and kept with its breakdown. The
   * gateway's order is made first (its id is the order's); a gateway that does not answer in time
   * answers 503 GATEWAY_UNAVAILABLE and nothing is stored. The order is checked with the gateway
   * by a job 30 minutes later if no payment has been recorded by then.
   */
  private async openOrder(actor: Actor, student: Student, instalmentIds: string[], payLinkId: string | null): Promise<PaymentOrder> {
    const schoolId = actor.schoolId;
    const { row, creds } = await this.credentials();
    const dues = await this.fees.studentFees(systemReader(), student.id);
    const byId = new Map(dues.instalments.map((i) => [i.instalmentId, i]));
    if (!instalmentIds.every((id) => byId.has(id))) throw new DomainException('NOT_FOUND', { message: 'These instalments are not this student’s.' });
    const lines: PaymentOrderLine[] = dues.instalments
      .filter((i) => instalmentIds.includes(i.instalmentId))
      .map((i) => {
        const lateFeePaise = Math.max(0, i.lateFee - i.lateFeePaid);
        const amountPaise = Math.max(0, i.balance);
        return { instalmentId: i.instalmentId, name: i.name, dueOn: i.dueOn, balancePaise: Math.max(0, amountPaise - lateFeePaise), concessionPaise: i.concession, lateFeePaise, amountPaise };
      });
    const amount = lines.reduce((s, l) => s + l.amountPaise, 0);
    if (amount <= 0) throw new DomainException('NOTHING_DUE');
    const id = randomUUID();
    let gatewayOrder;
    try {
      gatewayOrder = await this.gateway.createOrder(creds, { amount, receipt: id, notes: { school_id: schoolId, student_id: student.id, order_id: id } });
    } catch (err) {
      throw this.unavailable(err, 'creating an order');
    }
    await this.writes.run(actor, async (tx) => {
      await this.repo.in(tx.m).insertOrder(
        { id, studentId: student.id, studentName: student.name, keyId: row.key_id, gatewayOrderId: gatewayOrder.id, amount, instalmentIds: lines.map((l) => l.instalmentId), lines, createdBy: actor.userId, payLinkId },
        tx.now,
      );
      await this.jobs.enqueue(tx, RECONCILE_JOB, { orderId: id }, { runAfter: new Date(tx.now.getTime() + ORDER_RECONCILE_MINUTES * 60_000) });
      await tx.audit({ action: 'payment_order.created', entity: 'payment_order', entityId: id, after: { studentId: student.id, amount, gatewayOrderId: gatewayOrder.id, lines, payLinkId } });
    });
    return this.orderById(id);
  }

  private async orderById(id: string): Promise<PaymentOrder> {
    const row = await this.repo.order(id);
    if (!row) throw new DomainException('NOT_FOUND');
    return toOrder(row, this.config.razorpayCheckoutUrl);
  }

  /** An order, for whoever may pay for its student (a guardian: their own children's). */
  private async orderFor(ctx: WorkspaceContext, orderId: string): Promise<OrderRow> {
    const row = await this.repo.order(orderId);
    if (!row) throw new DomainException('NOT_FOUND');
    if (ctx.role === 'guardian') await this.students.get(ctx, row.student_id);
    return row;
  }

  async getOrder(ctx: WorkspaceContext, orderId: string): Promise<PaymentOrderResult> {
    return { order: toOrder(await this.orderFor(ctx, orderId), this.config.razorpayCheckoutUrl) };
  }

  async listOrders(ctx: WorkspaceContext, q: ListPaymentOrdersQuery): Promise<PaymentOrderList> {
    if (q.studentId) await this.students.get(ctx, q.studentId);
    const studentIds = await this.access.guardianStudentIds(ctx);
    const { rows, total } = await this.repo.orders({ status: q.status, studentId: q.studentId, studentIds }, q.page, q.pageSize);
    return { items: rows.map((r) => toOrder(r, this.config.razorpayCheckoutUrl)), total, page: q.page, pageSize: q.pageSize };
  }

  // ── reconciliation ─────────────────────────────────────────────────────
  async schoolName(): Promise<string | null> {
    return (await this.repo.school())?.name ?? null;
  }

  /**
   * The accountant's reconciliation of online receipts against the gateway for the school dates
   * from–to (default today): the gateway's payments made in that period (`GET /payments?from=&to=`,
   * IST midnight to midnight) that belong to the school's orders, and the online receipts paid on
   * those dates; a receipt whose payment falls outside the period is looked up on its own
   * (`GET /payments/{id}`). Each line names what is wrong: a captured payment with no active receipt,
   * an active receipt with no captured payment, or amounts that differ. Nothing is written.
   */
  async reconciliation(q: { from?: string; to?: string }): Promise<Reconciliation> {
    const from = q.from ?? q.to ?? this.today();
    const to = q.to ?? (q.from ? (q.from > this.today() ? q.from : this.today()) : from);
    const { creds } = await this.credentials();
    const range = { from: Math.floor(Date.parse(`${from}T00:00:00+05:30`) / 1000), to: Math.floor(Date.parse(`${to}T23:59:59+05:30`) / 1000) };
    let listed: GatewayPayment[];
    try {
      listed = await this.gateway.payments(creds, range);
    } catch (err) {
      throw this.unavailable(err, 'payments list');
    }
    // Only the school's own orders: the same Razorpay account may take other payments too. Attempts
    // that never took money (created, failed) are not settlements.
    const counted = listed.filter((p) => p.orderId && (p.status === 'captured' || p.status === 'refunded' || p.status === 'authorized'));
    const ours = new Map((await this.repo.ordersByGatewayIds([...new Set(counted.map((p) => p.orderId!))])).map((o) => [o.gateway_order_id, o.student_name]));
    const inRange = counted.filter((p) => ours.has(p.orderId!));
    const gatewayById = new Map<string, GatewayPayment>(inRange.map((p) => [p.id, p]));
    const inPeriod = await this.repo.reconciliationReceipts(from, to);
    const seen = new Set(inPeriod.map((r) => r.gateway_payment_id));
    const elsewhere = (await this.repo.receiptsOfGatewayPayments([...gatewayById.keys()].filter((id) => !seen.has(id)))).filter(
      (r) => !inPeriod.some((x) => x.receipt_id === r.receipt_id),
    );
    const receipts = [...inPeriod, ...elsewhere];
    // A receipt whose payment the period's list does not hold (made on another day, or typed in by hand).
    for (const id of new Set(inPeriod.map((r) => r.gateway_payment_id))) {
      if (gatewayById.has(id) || !/^pay_[A-Za-z0-9]{6,40}$/.test(id)) continue;
      try {
        const p = await this.gateway.payment(creds, id);
        if (p) gatewayById.set(p.id, p);
      } catch (err) {
        throw this.unavailable(err, 'payment fetch');
      }
    }
    const activeFor = new Set(receipts.filter((r) => r.receipt_status === 'active').map((r) => r.gateway_payment_id));
    const line = (r: (typeof receipts)[number] | null, g: GatewayPayment | null): ReconciliationLine => {
      const issues: ReconciliationIssue[] = [];
      if (g?.status === 'captured' && !activeFor.has(g.id)) issues.push('paid_without_receipt');
      if (r?.receipt_status === 'active' && g?.status !== 'captured') issues.push('receipt_without_capture');
      if (r && g && n(r.amount) !== g.amount) issues.push('amount_mismatch');
      return {
        gatewayPaymentId: r?.gateway_payment_id ?? g!.id,
        gatewayOrderId: r?.gateway_order_id ?? g?.orderId ?? null,
        receiptId: r?.receipt_id ?? null,
        receiptNumber: r?.receipt_number ?? null,
        receiptStatus: r?.receipt_status ?? null,
        paidOn: r?.paid_on ?? null,
        studentName: r?.student_name ?? (g?.orderId ? (ours.get(g.orderId) ?? null) : null),
        receiptAmountPaise: r ? n(r.amount) : null,
        gatewayAmountPaise: g ? g.amount : null,
        gatewayStatus: g ? g.status : null,
        issues,
      };
    };
    const lines = receipts.map((r) => line(r, gatewayById.get(r.gateway_payment_id) ?? null));
    const held = new Set(receipts.map((r) => r.gateway_payment_id));
    for (const g of gatewayById.values()) if (!held.has(g.id)) lines.push(line(null, g));
    // The receipts in the order of their numbers, then what has no receipt.
    lines.sort((x, y) => (x.paidOn ?? '9999').localeCompare(y.paidOn ?? '9999') || (x.receiptNumber ?? '~').localeCompare(y.receiptNumber ?? '~', undefined, { numeric: true }) || x.gatewayPaymentId.localeCompare(y.gatewayPaymentId));
    const active = inPeriod.filter((r) => r.receipt_status === 'active');
    const captured = inRange.filter((p) => p.status === 'captured');
    return {
      from,
      to,
      lines,
      totals: {
        receipts: active.length,
        receiptPaise: active.reduce((s, r) => s + n(r.amount), 0),
        captured: captured.length,
        capturedPaise: captured.reduce((s, p) => s + p.amount, 0),
        mismatches: lines.filter((l) => l.issues.length > 0).length,
      },
    };
  }

  /**
   * The bank transfers the gateway made on the school dates from–to (default today), asked day by
   * day (`GET /settlements/recon/combined?year=&month=&day=`): for each transfer its UTR, the school's
   * payments credited and refunds debited in it, the gateway's fee and tax, and what reached the bank,
   * each line beside the receipt holding the payment. The same Razorpay account may settle other
   * payments too: only the school's orders count. Nothing is written.
   */
  async settlements(q: { from?: string; to?: string }): Promise<SettlementReport> {
    const from = q.from ?? q.to ?? this.today();
    const to = q.to ?? (q.from ? (q.from > this.today() ? q.from : this.today()) : from);
    const { creds } = await this.credentials();
    const days: { year: number; month: number; day: number }[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const [year, month, day] = d.split('-').map(Number);
      days.push({ year, month, day });
    }
    const settled: GatewaySettledItem[] = [];
    try {
      // A few days at a time: a month is at most 31 calls, and the gateway limits its callers' rate.
      for (let i = 0; i < days.length; i += 4) for (const items of await Promise.all(days.slice(i, i + 4).map((d) => this.gateway.settledOn(creds, d)))) settled.push(...items);
    } catch (err) {
      throw this.unavailable(err, 'settlement report');
    }
    const ours = new Map((await this.repo.ordersByGatewayIds([...new Set(settled.flatMap((i) => (i.orderId ? [i.orderId] : [])))])).map((o) => [o.gateway_order_id, o.student_name]));
    const items = settled.filter((i) => i.orderId && ours.has(i.orderId));
    const receipts = await this.repo.receiptsOfGatewayPayments([...new Set(items.map((i) => i.paymentId))]);
    // A payment's receipt: the active one if any (a payment is held by one receipt; a cancelled one stays beside it).
    const receiptOf = new Map<string, (typeof receipts)[number]>();
    for (const r of receipts) if (!receiptOf.has(r.gateway_payment_id) || r.receipt_status === 'active') receiptOf.set(r.gateway_payment_id, r);
    const refunded = new Set(items.filter((i) => i.type === 'refund').map((i) => i.paymentId));
    const byId = new Map<string, Settlement>();
    for (const i of items) {
      const r = receiptOf.get(i.paymentId) ?? null;
      const issues: SettlementIssue[] = [];
      if (i.type === 'payment') {
        if (!r || (r.receipt_status === 'cancelled' && !refunded.has(i.paymentId) && r.refund_status !== 'processed' && r.refund_status !== 'pending')) issues.push('settled_without_receipt');
        if (r && n(r.amount) !== i.amount) issues.push('amount_mismatch');
      } else if (r?.receipt_status === 'active') issues.push('refund_on_active_receipt');
      let s = byId.get(i.settlementId);
      if (!s) {
        s = { settlementId: i.settlementId, utr: i.utr, settledOn: istDate(new Date(i.settledAt * 1000)), creditPaise: 0, debitPaise: 0, feePaise: 0, taxPaise: 0, netPaise: 0, lines: [] };
        byId.set(i.settlementId, s);
      }
      s.creditPaise += i.credit;
      s.debitPaise += i.debit;
      s.feePaise += i.fee;
      s.taxPaise += i.tax;
      s.netPaise += i.credit - i.debit;
      s.lines.push({
        type: i.type,
        gatewayEntityId: i.entityId,
        gatewayPaymentId: i.paymentId,
        gatewayOrderId: i.orderId,
        receiptId: r?.receipt_id ?? null,
        receiptNumber: r?.receipt_number ?? null,
        receiptStatus: r?.receipt_status ?? null,
        studentName: r?.student_name ?? ours.get(i.orderId!) ?? null,
        amountPaise: i.amount,
        creditPaise: i.credit,
        debitPaise: i.debit,
        feePaise: i.fee,
        taxPaise: i.tax,
        issues,
      });
    }
    const settlements = [...byId.values()].sort((x, y) => x.settledOn.localeCompare(y.settledOn) || x.settlementId.localeCompare(y.settlementId));
    for (const s of settlements) s.lines.sort((x, y) => (x.receiptNumber ?? '~').localeCompare(y.receiptNumber ?? '~', undefined, { numeric: true }) || x.gatewayEntityId.localeCompare(y.gatewayEntityId));
    const sum = (k: 'creditPaise' | 'debitPaise' | 'feePaise' | 'taxPaise' | 'netPaise') => settlements.reduce((t, s) => t + s[k], 0);
    return {
      from,
      to,
      settlements,
      totals: {
        settlements: settlements.length,
        creditPaise: sum('creditPaise'),
        debitPaise: sum('debitPaise'),
        feePaise: sum('feePaise'),
        taxPaise: sum('taxPaise'),
        netPaise: sum('netPaise'),
        mismatches: settlements.reduce((t, s) => t + s.lines.filter((l) => l.issues.length > 0).length, 0),
      },
    };
  }

  // ── recording a payment ────────────────────────────────────────────────
  async confirm(ctx: WorkspaceContext, orderId: string, input: ConfirmPaymentInput): Promise<PaymentConfirmation> {
    return this.confirmOrder(await this.orderFor(ctx, orderId), input);
  }

  /**
   * The browser's return from Checkout: the signature HMAC-SHA256(order_id|payment_id, key
   * secret) proves the gateway took the payment for this order. A wrong one answers 400
   * PAYMENT_SIGNATURE_INVALID and records nothing.
   */
  private async confirmOrder(order: OrderRow, input: ConfirmPaymentInput): Promise<PaymentConfirmation> {
    const { creds } = await this.credentials();
    if (!this.gateway.checkoutSignatureValid(creds.keySecret, order.gateway_order_id, input.gatewayPaymentId, input.signature)) {
      throw new DomainException('PAYMENT_SIGNATURE_INVALID');
    }
    await this.record(order.id, { id: input.gatewayPaymentId, amount: n(order.amount) }, 'confirm');
    return this.confirmation(order.id, input.gatewayPaymentId);
  }

  private async confirmation(orderId: string, gatewayPaymentId: string): Promise<PaymentConfirmation> {
    const [order, payment] = await Promise.all([this.orderById(orderId), this.repo.payment(gatewayPaymentId)]);
    return { order, receipt: { id: payment!.receipt_id, number: payment!.receipt_number, amountPaise: n(payment!.amount), paidOn: this.today() } };
  }

  /**
   * Records a payment the gateway took, exactly once: the order's row is locked, a payment
   * already recorded under this gateway id changes nothing, else the receipt is made (mode
   * `online`, the gateway's payment id as its reference, allocated to the order's instalments; what
   * is no longer due there stays on the receipt as an advance), the payment row inserted (unique
   * on the gateway payment id, the last guard) and the order marked paid, in one transaction.
   */
  private async record(orderId: string, payment: { id: string; amount: number }, via: 'confirm' | 'webhook' | 'reconcile'): Promise<void> {
    const order = await this.repo.order(orderId);
    if (!order) throw new DomainException('NOT_FOUND');
    if (await this.repo.payment(payment.id)) return;
    const { student } = await this.students.get(systemReader(), order.student_id);
    try {
      await this.writes.run(systemActor(), async (tx) => {
        const repo = this.repo.in(tx.m);
        await repo.lockOrder(orderId);
        if (await repo.payment(payment.id)) {
          tx.nothingChanged();
          return;
        }
        const receipt = await this.fees.recordPayment(systemReader(), tx, student, {
          amount: payment.amount,
          mode: 'online',
          reference: payment.id,
          paidOn: this.today(),
          instalmentIds: order.instalment_ids,
          collectedBy: null,
          keepExcessAsAdvance: true,
        });
        // What went on dues is the receipt's allocations; the rest is an advance.
        const advance = payment.amount - receipt.allocations.reduce((sum, a) => sum + a.amount, 0);
        await repo.insertPayment({ orderId, gatewayPaymentId: payment.id, amount: payment.amount, advance, receiptId: receipt.id, receiptNumber: receipt.number, via }, tx.now);
        await repo.markOrderPaid(orderId, tx.now);
        await tx.audit({ action: 'online_payment.recorded', entity: 'payment_order', entityId: orderId, after: { gatewayPaymentId: payment.id, amount: payment.amount, advance, receiptId: receipt.id, receiptNumber: receipt.number, via } });
      });
    } catch (err) {
      // Another request recorded it between our look and our insert: that is the one receipt.
      if (isUniqueViolation(err, 'online_payments_gateway_uq')) return;
      throw err;
    }
  }

  /**
   * The gateway's webhook (`X-Razorpay-Signature` = HMAC-SHA256 of the raw body with the
   * school's webhook secret). A missing or wrong signature answers 400 and nothing is read of the
   * body. `payment.captured` and `order.paid` record the payment; `payment.failed` marks an order
   * still open failed; `refund.processed` completes a refund (the receipt is cancelled), and
   * `refund.failed` marks it failed. Events about orders that are not the school's are acknowledged
   * and ignored, so the gateway stops retrying them.
   */
  async webhook(schoolId: string, rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    // The gateway's call names its school in the path; the secret below proves it.
    bindSchool(schoolId.toLowerCase());
    const row = await this.repo.gateway();
    if (!row) throw new DomainException('NOT_FOUND');
    if (!rawBody || !signature || !this.gateway.webhookSignatureValid(this.secrets.open(schoolId, row.webhook_secret), rawBody, signature.trim())) {
      throw new DomainException('PAYMENT_SIGNATURE_INVALID');
    }
    let event: WebhookEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
    } catch {
      throw new DomainException('MALFORMED_JSON');
    }
    const payment = event.payload?.payment?.entity;
    switch (event.event) {
      case 'payment.captured':
      case 'order.paid': {
        if (!payment?.id || !payment.order_id || payment.status !== 'captured') break;
        const order = await this.repo.orderByGatewayId(payment.order_id);
        if (order) await this.record(order.id, { id: payment.id, amount: Number(payment.amount) || n(order.amount) }, 'webhook');
        break;
      }
      case 'payment.failed': {
        if (!payment?.order_id) break;
        const order = await this.repo.orderByGatewayId(payment.order_id);
        if (order?.status === 'created') await this.markFailed(order.id, payment.error_description ?? null);
        break;
      }
      case 'refund.processed':
      case 'refund.failed': {
        const refund = event.payload?.refund?.entity;
        if (!refund?.payment_id) break;
        const paid = await this.repo.payment(refund.payment_id);
        if (paid) await this.settleRefund(paid.receipt_id, event.event === 'refund.processed' ? 'processed' : 'failed', refund.id ?? null);
        break;
      }
      default:
        break;
    }
    return { received: true };
  }

  private async markFailed(orderId: string, reason: string | null): Promise<void> {
    await this.writes.run(systemActor(), async (tx) => {
      const repo = this.repo.in(tx.m);
      const locked = await repo.lockOrder(orderId);
      if (locked?.status !== 'created') {
        tx.nothingChanged();
        return;
      }
      await repo.markOrderFailed(orderId, reason);
      await tx.audit({ action: 'payment_order.failed', entity: 'payment_order', entityId: orderId, after: { status: 'failed', reason } });
    });
  }

  /**
   * The job 30 minutes after an order was made: an order still `created` is asked about
   * (`GET /orders/{id}/payments`). A captured payment is recorded (the webhook and the browser may
   * both have been lost); only failed attempts mark the order failed; nothing yet leaves it open.
   */
  private async reconcile(job: JobContext<{ orderId: string }>): Promise<void> {
    const order = await this.repo.order(job.payload.orderId);
    if (!order || order.status !== 'created') return;
    const { creds } = await this.credentials();
    let payments: GatewayPayment[];
    try {
      payments = await this.gateway.orderPayments(creds, order.gateway_order_id);
    } catch (err) {
      throw this.unavailable(err, 'checking an order');
    }
    const captured = payments.filter((p) => p.status === 'captured' && (p.orderId === null || p.orderId === order.gateway_order_id));
    for (const p of captured) await this.record(order.id, { id: p.id, amount: p.amount }, 'reconcile');
    if (captured.length === 0 && payments.length > 0 && payments.every((p) => p.status === 'failed')) await this.markFailed(order.id, 'Every attempt failed');
    await this.repo.markOrderChecked(order.id, this.clock.now());
  }

  // ── refunds ────────────────────────────────────────────────────────────
  /**
   * Refunds an online receipt in full through the gateway: the refund is asked for by a job
   * (nothing the accountant does waits on the gateway); the receipt is cancelled when the gateway
   * says the refund is processed (its answer, or the `refund.processed` webhook).
   */
  async refund(ctx: WorkspaceContext, receiptId: string, input: RefundReceiptInput): Promise<RefundResult> {
    const { receipt } = await this.fees.getReceipt(ctx, receiptId);
    const payment = await this.repo.paymentOfReceipt(receiptId);
    if (!payment || receipt.mode !== 'online') throw new DomainException('REFUND_NOT_ALLOWED');
    if (receipt.status === 'cancelled') throw new DomainException('RECEIPT_CANCELLED');
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const locked = await repo.paymentOfReceipt(receiptId, true);
      if (locked?.refund_status === 'pending') throw new DomainException('REFUND_IN_PROGRESS');
      if (locked?.refund_status === 'processed') throw new DomainException('RECEIPT_CANCELLED');
      await repo.setRefund(payment.id, { status: 'pending', reason: input.reason, by: ctx.userId }, tx.now);
      await this.jobs.enqueue(tx, REFUND_JOB, { receiptId });
      await tx.audit({ action: 'online_payment.refund_requested', entity: 'fee_receipt', entityId: receiptId, after: { gatewayPaymentId: payment.gateway_payment_id, amount: n(payment.amount), reason: input.reason } });
    });
    return this.refundOf(receiptId);
  }

  private async refundOf(receiptId: string): Promise<RefundResult> {
    const p = (await this.repo.paymentOfReceipt(receiptId))!;
    return {
      refund: { receiptId, gatewayPaymentId: p.gateway_payment_id, gatewayRefundId: p.refund_id, status: p.refund_status ?? 'pending', amountPaise: n(p.amount), reason: p.refund_reason ?? '' },
    };
  }

  private async runRefund(job: JobContext<{ receiptId: string }>): Promise<void> {
    const payment = await this.repo.paymentOfReceipt(job.payload.receiptId);
    if (!payment || payment.refund_status !== 'pending') return;
    const { creds } = await this.credentials();
    try {
      const r = await this.gateway.refund(creds, payment.gateway_payment_id, { amount: n(payment.amount), notes: { receipt: payment.receipt_number, reason: (payment.refund_reason ?? '').slice(0, 250) } });
      if (r.status === 'processed') await this.settleRefund(payment.receipt_id, 'processed', r.id);
      else if (r.status === 'failed') await this.settleRefund(payment.receipt_id, 'failed', r.id);
      else await this.writes.run(systemActor(), async (tx) => {
        await this.repo.in(tx.m).setRefund(payment.id, { status: 'pending', refundId: r.id, by: payment.refund_requested_by }, tx.now);
        await tx.audit({ action: 'online_payment.refund_started', entity: 'fee_receipt', entityId: payment.receipt_id, after: { gatewayRefundId: r.id } });
      });
    } catch (err) {
      // The gateway refused (4xx): no retry helps. Timeouts and outages are retried by the runner; the last failure marks it failed.
      const refused = err instanceof GatewayError && err.kind === 'refused' && (err.httpStatus ?? 500) < 500;
      if (refused || job.attempt >= 3) {
        await this.settleRefund(payment.receipt_id, 'failed', null);
        if (refused) return;
      }
      throw this.unavailable(err, 'refunding');
    }
  }

  /** A refund's outcome: processed cancels the receipt (in the same transaction); failed lets it be asked again. */
  private async settleRefund(receiptId: string, status: 'processed' | 'failed', refundId: string | null): Promise<void> {
    await this.writes.run(systemActor(), async (tx) => {
      const repo = this.repo.in(tx.m);
      const p = await repo.paymentOfReceipt(receiptId, true);
      if (!p || p.refund_status === 'processed' || (status === 'failed' && p.refund_status !== 'pending')) {
        tx.nothingChanged();
        return;
      }
      await repo.setRefund(p.id, { status, refundId }, tx.now);
      if (status === 'processed') await this.fees.cancelReceiptIn(tx, receiptId, p.refund_requested_by, `Refunded online: ${p.refund_reason ?? ''}`.slice(0, 200));
      await tx.audit({ action: `online_payment.refund_${status}`, entity: 'fee_receipt', entityId: receiptId, after: { gatewayPaymentId: p.gateway_payment_id, gatewayRefundId: refundId } });
    });
  }

  // ── pay links ──────────────────────────────────────────────────────────
  private sign(linkId: string): string {
    const body = Buffer.concat([Buffer.from(boundSchoolId().replace(/-/g, ''), 'hex'), Buffer.from(linkId.replace(/-/g, ''), 'hex')]);
    const mac = createHmac('sha256', this.linkKey).update(body).digest();
    return `${body.toString('base64url')}.${mac.toString('base64url')}`;
  }

  private verify(token: string): { schoolId: string; linkId: string } {
    const [b, m] = token.split('.');
    const body = Buffer.from(b ?? '', 'base64url');
    const mac = Buffer.from(m ?? '', 'base64url');
    const want = createHmac('sha256', this.linkKey).update(body).digest();
    if (body.length !== 32 || mac.length !== want.length || !timingSafeEqual(mac, want)) throw new DomainException('PAY_LINK_INVALID');
    const uuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    return { schoolId: uuid(body.subarray(0, 16).toString('hex')), linkId: uuid(body.subarray(16).toString('hex')) };
  }

  async createPayLink(ctx: WorkspaceContext, studentId: string): Promise<PayLinkResult> {
    const { student } = await this.students.get(ctx, studentId);
    const school = await this.repo.school();
    return this.writes.run(ctx, async (tx) => {
      const expiresAt = new Date(tx.now.getTime() + PAY_LINK_DAYS * 86_400_000);
      const id = await this.repo.in(tx.m).insertPayLink(student.id, expiresAt, ctx.userId, tx.now);
      await tx.audit({ action: 'pay_link.created', entity: 'pay_link', entityId: id, after: { studentId: student.id, expiresAt: expiresAt.toISOString() } });
      const token = this.sign(id);
      return { link: { url: `${schoolPortalUrl(school!.subdomain, this.config.appDomain)}/pay/${token}`, token, expiresAt: expiresAt.toISOString() } };
    });
  }

  /**
   * A pay link for a fee reminder (messages, issue 31): made by the school itself (no signed-in
   * person), audited like the office's; null when the school's online payment is off.
   */
  async reminderPayLink(studentId: string): Promise<string | null> {
    if (this.settingsOf(await this.repo.gateway()).provider === 'none') return null;
    const school = await this.repo.school();
    if (!school) return null;
    return this.writes.run(systemActor(), async (tx) => {
      const expiresAt = new Date(tx.now.getTime() + PAY_LINK_DAYS * 86_400_000);
      const id = await this.repo.in(tx.m).insertPayLink(studentId, expiresAt, null, tx.now);
      await tx.audit({ action: 'pay_link.created', entity: 'pay_link', entityId: id, after: { studentId, expiresAt: expiresAt.toISOString(), for: 'fee_due' } });
      return `${schoolPortalUrl(school.subdomain, this.config.appDomain)}/pay/${this.sign(id)}`;
    });
  }

  private async openLink(token: string): Promise<{ linkId: string; student: Student; expiresAt: Date }> {
    const { schoolId, linkId } = this.verify(token);
    // A public call: the signed link names its school, which this request reads in from here on.
    bindSchool(schoolId);
    const link = await this.repo.payLink(linkId);
    if (!link) throw new DomainException('PAY_LINK_INVALID');
    if (link.expires_at.getTime() <= this.clock.now().getTime()) throw new DomainException('PAY_LINK_EXPIRED');
    const { student } = await this.students.get(systemReader(), link.student_id);
    return { linkId, student, expiresAt: link.expires_at };
  }

  /** What a pay link opens: the child's name and class, their dues, the gateway's public key. Nothing else. */
  async viewPayLink(token: string): Promise<PayLinkView> {
    const { student, expiresAt } = await this.openLink(token);
    const [dues, school, gateway] = await Promise.all([this.fees.studentFees(systemReader(), student.id), this.repo.school(), this.repo.gateway()]);
    const settings = this.settingsOf(gateway);
    return {
      school: { name: school!.name },
      student: { name: student.name, className: dues.className },
      asOf: dues.asOf,
      instalments: dues.instalments,
      gateway: { provider: settings.provider, keyId: settings.keyId, testMode: settings.testMode, checkoutUrl: this.config.razorpayCheckoutUrl },
      expiresAt: expiresAt.toISOString(),
    };
  }

  async payLinkOrder(token: string, input: CreatePaymentOrderInput): Promise<PaymentOrderResult> {
    const { linkId, student } = await this.openLink(token);
    return { order: await this.openOrder(systemActor(), student, input.instalmentIds, linkId) };
  }

  async payLinkConfirm(token: string, orderId: string, input: ConfirmPaymentInput): Promise<PaymentConfirmation> {
    const { student } = await this.openLink(token);
    const order = await this.repo.order(orderId);
    if (!order || order.student_id !== student.id) throw new DomainException('NOT_FOUND');
    return this.confirmOrder(order, input);
  }
}
