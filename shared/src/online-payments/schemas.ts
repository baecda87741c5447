import { z } from 'zod';
import { optionalField, requiredText } from '../schemas/common';
import { isoDateSchema, pageQueryShape, pageSchema, schoolAndIdParamSchema } from '../workspace/common';
import { RECEIPT_STATUSES } from '../fees/schemas';
import { instalmentDueSchema, type InstalmentDue } from '../fees/answers';

/**
 * Online fee payment (DECISIONS "Online fee payment"; issue 32): the school's payment gateway
 * (Razorpay first), orders whose amount the server fixes, the browser's confirmation and the
 * gateway's webhook recording one receipt of mode `online`, refunds, and pay links that open one
 * child's dues without signing in. Money is integer paise on the wire.
 */
export const GATEWAY_PROVIDERS = ['none', 'razorpay'] as const;
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];
export const PAYMENT_ORDER_STATUSES = ['created', 'paid', 'failed'] as const;
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How long a pay link opens the child's dues. */
export const PAY_LINK_DAYS = 7;
/** Orders still `created` this long after they were made are checked with the gateway. */
export const ORDER_RECONCILE_MINUTES = 30;

export const ONLINE_PAYMENT_MESSAGES = {
  provider: 'Provider must be razorpay or none',
  keyId: 'Enter the Razorpay key ID (it starts with rzp_live_ or rzp_test_)',
  keySecret: 'Enter the Razorpay key secret',
  webhookSecret: 'Enter the webhook secret set in the Razorpay dashboard',
  instalmentIds: 'Choose at least one instalment to pay',
  gatewayPaymentId: 'Enter the payment ID the gateway gave (pay_…)',
  signature: 'Enter the signature the gateway gave',
  reason: 'Give the reason for the refund (at most 200 characters)',
  status: 'Status must be created, paid or failed',
} as const;
const M = ONLINE_PAYMENT_MESSAGES;

/** A Razorpay key ID: `rzp_live_…` or `rzp_test_…`. */
export const RAZORPAY_KEY_ID_RE = /^rzp_(live|test)_[A-Za-z0-9]{6,40}$/;

/** `{provider:'razorpay', keyId, keySecret, webhookSecret}` sets the gateway (all three required); `{provider:'none'}` turns it off. */
export const putGatewaySchema = z
  .object({
    provider: z.enum(GATEWAY_PROVIDERS, { error: M.provider }),
    keyId: optionalField(z.string({ error: M.keyId }).trim().regex(RAZORPAY_KEY_ID_RE, M.keyId)),
    keySecret: optionalField(requiredText(100, M.keySecret, M.keySecret)),
    webhookSecret: optionalField(requiredText(100, M.webhookSecret, M.webhookSecret)),
  })
  .superRefine((v, ctx) => {
    if (v.provider !== 'razorpay') return;
    if (!v.keyId) ctx.addIssue({ code: 'custom', message: M.keyId, path: ['keyId'] });
    if (!v.keySecret) ctx.addIssue({ code: 'custom', message: M.keySecret, path: ['keySecret'] });
    if (!v.webhookSecret) ctx.addIssue({ code: 'custom', message: M.webhookSecret, path: ['webhookSecret'] });
  });
export type PutGatewayInput = z.output<typeof putGatewaySchema>;

/** An amount in an answer: integer paise. */
const paiseAnswer = z.int();

/** What the school's gateway settings answer: never a secret, only whether each is set. */
export const gatewaySettingsSchema = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  keyId: z.string().nullable(),
  keySecretSet: z.boolean(),
  webhookSecretSet: z.boolean(),
  /** True while test keys (`rzp_test_…`) are in use. */
  testMode: z.boolean(),
});
export type GatewaySettings = z.output<typeof gatewaySettingsSchema>;

/** Test keys are Razorpay's `rzp_test_…`. */
export function isTestKey(keyId: string | null | undefined): boolean {
  return !!keyId && keyId.startsWith('rzp_test_');
}

const instalmentIdsSchema = z
  .array(z.uuid({ error: M.instalmentIds }), { error: M.instalmentIds })
  .min(1, M.instalmentIds)
  .max(24, M.instalmentIds)
  .overwrite((ids) => [...new Set(ids.map((i) => i.toLowerCase()))]);

export const createPaymentOrderSchema = z.object({ instalmentIds: instalmentIdsSchema });
export type CreatePaymentOrderInput = z.output<typeof createPaymentOrderSchema>;

export const confirmPaymentSchema = z.object({
  gatewayPaymentId: z.string({ error: M.gatewayPaymentId }).trim().regex(/^pay_[A-Za-z0-9]{6,40}$/, M.gatewayPaymentId),
  signature: z.string({ error: M.signature }).trim().regex(/^[0-9a-fA-F]{64}$/, M.signature),
});
export type ConfirmPaymentInput = z.output<typeof confirmPaymentSchema>;

export const listPaymentOrdersQuerySchema = z.object({
  status: optionalField(z.enum(PAYMENT_ORDER_STATUSES, { error: M.status })),
  studentId: optionalField(z.uuid()),
  ...pageQueryShape,
});
export type ListPaymentOrdersQuery = z.output<typeof listPaymentOrdersQuerySchema>;

export const refundReceiptSchema = z.object({ reason: requiredText(200, M.reason, M.reason) });
export type RefundReceiptInput = z.output<typeof refundReceiptSchema>;

export const studentPaymentParamSchema = schoolAndIdParamSchema('studentId');
export const paymentOrderParamSchema = schoolAndIdParamSchema('orderId');
export const receiptRefundParamSchema = schoolAndIdParamSchema('receiptId');
export const payLinkTokenParamSchema = z.object({ token: z.string().min(10).max(400) });
export const payLinkOrderParamSchema = z.object({ token: z.string().min(10).max(400), orderId: z.uuid() });
export const webhookParamSchema = z.object({ schoolId: z.uuid() });

// The answers are schemas, their types inferred from them (the back end wraps them in the envelope).
/** The breakdown of one chosen instalment, as fixed when the order was made. */
export const paymentOrderLineSchema = z.object({
  instalmentId: z.uuid(),
  name: z.string(),
  dueOn: z.string(),
  /** Still to pay of the fee itself (after concessions and earlier payments). */
  balancePaise: paiseAnswer,
  concessionPaise: paiseAnswer,
  /** The late fee still unpaid at that moment. */
  lateFeePaise: paiseAnswer,
  amountPaise: paiseAnswer,
});
export type PaymentOrderLine = z.output<typeof paymentOrderLineSchema>;

export const paymentOrderSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  amountPaise: paiseAnswer,
  gatewayOrderId: z.string(),
  keyId: z.string(),
  /** The gateway's Checkout script (RAZORPAY_CHECKOUT_URL), which the page loads to take the payment. */
  checkoutUrl: z.string(),
  status: z.enum(PAYMENT_ORDER_STATUSES),
  lines: z.array(paymentOrderLineSchema),
  gatewayPaymentId: z.string().nullable(),
  receiptId: z.uuid().nullable(),
  receiptNumber: z.string().nullable(),
  /** What arrived for dues paid meanwhile, kept on the student's account. */
  advancePaise: paiseAnswer,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentOrder = z.output<typeof paymentOrderSchema>;
export const paymentOrderResultSchema = z.object({ order: paymentOrderSchema });
export type PaymentOrderResult = z.output<typeof paymentOrderResultSchema>;
export const paymentOrderListSchema = pageSchema(paymentOrderSchema);
export type PaymentOrderList = z.output<typeof paymentOrderListSchema>;

/** A recorded online payment: the order and its receipt (the confirmation's answer). */
export const paymentConfirmationSchema = z.object({
  order: paymentOrderSchema,
  receipt: z.object({ id: z.uuid(), number: z.string(), amountPaise: paiseAnswer, paidOn: z.string() }),
});
export type PaymentConfirmation = z.output<typeof paymentConfirmationSchema>;

export const refundResultSchema = z.object({
  refund: z.object({
    receiptId: z.uuid(),
    gatewayPaymentId: z.string(),
    gatewayRefundId: z.string().nullable(),
    status: z.enum(REFUND_STATUSES),
    amountPaise: paiseAnswer,
    reason: z.string(),
  }),
});
export type RefundResult = z.output<typeof refundResultSchema>;

export const payLinkResultSchema = z.object({ link: z.object({ url: z.string(), token: z.string(), expiresAt: z.string() }) });
export type PayLinkResult = z.output<typeof payLinkResultSchema>;

/** What a pay link opens: the child and their dues (the fees contract's instalments), the gateway's public key; nothing else. */
export const payLinkViewSchema = z.object({
  school: z.object({ name: z.string() }),
  student: z.object({ name: z.string(), className: z.string().nullable() }),
  asOf: z.string(),
  instalments: z.array(instalmentDueSchema),
  gateway: z.object({ provider: z.enum(GATEWAY_PROVIDERS), keyId: z.string().nullable(), testMode: z.boolean(), checkoutUrl: z.string() }),
  expiresAt: z.string(),
});
export type PayLinkView = z.output<typeof payLinkViewSchema>;

/** Paise still payable on an instalment now: its balance, late fee included. */
export function payableOf(inst: Pick<InstalmentDue, 'balance'>): number {
  return Math.max(0, inst.balance);
}

// ── reconciliation (the accountant's report) ───────────────────────────────
/** The longest period one reconciliation report covers. */
export const RECONCILIATION_MAX_DAYS = 92;

/** `?from=&to=` school dates of a report: the end not before the start, at most `maxDays` days. */
const periodShape = { from: optionalField(isoDateSchema), to: optionalField(isoDateSchema) };
const periodOfAtMost =
  (maxDays: number) =>
  (v: { from?: string; to?: string }, ctx: z.RefinementCtx): void => {
    if (!v.from || !v.to) return;
    if (v.to < v.from) ctx.addIssue({ code: 'custom', message: 'The end date must not be before the start date', path: ['to'] });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1 > maxDays) ctx.addIssue({ code: 'custom', message: `Choose at most ${maxDays} days at a time`, path: ['to'] });
  };

export const reconciliationQuerySchema = z
  .object({ ...periodShape, format: optionalField(z.enum(['json', 'xlsx'], { error: 'Format must be json or xlsx' })) })
  .superRefine(periodOfAtMost(RECONCILIATION_MAX_DAYS));
export type ReconciliationQuery = z.output<typeof reconciliationQuerySchema>;

/**
 * What can be wrong with a line: the gateway captured a payment for one of the school's orders but
 * no active receipt holds it; a receipt is active but the gateway has no captured payment for it
 * (refunded, failed or unknown there); the receipt's amount is not what the gateway captured.
 */
export const RECONCILIATION_ISSUES = ['paid_without_receipt', 'receipt_without_capture', 'amount_mismatch'] as const;
export type ReconciliationIssue = (typeof RECONCILIATION_ISSUES)[number];

export const reconciliationLineSchema = z.object({
  gatewayPaymentId: z.string(),
  gatewayOrderId: z.string().nullable(),
  /** The receipt holding the payment (null: none). */
  receiptId: z.uuid().nullable(),
  receiptNumber: z.string().nullable(),
  receiptStatus: z.enum(RECEIPT_STATUSES).nullable(),
  paidOn: z.string().nullable(),
  studentName: z.string().nullable(),
  receiptAmountPaise: paiseAnswer.nullable(),
  /** What the gateway says: its amount and status (captured, refunded, failed, …); null when it does not know the payment. */
  gatewayAmountPaise: paiseAnswer.nullable(),
  gatewayStatus: z.string().nullable(),
  issues: z.array(z.enum(RECONCILIATION_ISSUES)),
});
export type ReconciliationLine = z.output<typeof reconciliationLineSchema>;

/** `GET /schools/{id}/online-payments/reconciliation?from=&to=` (IST school dates, default today). */
export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(reconciliationLineSchema),
  totals: z.object({
    /** Active online receipts of the period and their sum. */
    receipts: z.int(),
    receiptPaise: paiseAnswer,
    /** Payments the gateway captured for the school's orders in the period and their sum. */
    captured: z.int(),
    capturedPaise: paiseAnswer,
    mismatches: z.int(),
  }),
});
export type Reconciliation = z.output<typeof reconciliationSchema>;

// ── settlements (the bank transfers of what the gateway took) ──────────────
/** The longest period one settlement report covers (the gateway is asked day by day). */
export const SETTLEMENT_MAX_DAYS = 31;

export const settlementQuerySchema = z.object(periodShape).superRefine(periodOfAtMost(SETTLEMENT_MAX_DAYS));
export type SettlementQuery = z.output<typeof settlementQuerySchema>;

/**
 * What can be wrong with a settled line: the gateway paid out a payment for one of the school's
 * orders that no receipt holds (active, or cancelled by a refund); the receipt's amount is not what
 * was settled; a refund was taken out of a transfer while the receipt is still active.
 */
export const SETTLEMENT_ISSUES = ['settled_without_receipt', 'amount_mismatch', 'refund_on_active_receipt'] as const;
export type SettlementIssue = (typeof SETTLEMENT_ISSUES)[number];

export const settlementLineSchema = z.object({
  type: z.enum(['payment', 'refund']),
  /** The gateway's id of what was settled: the payment (pay_…) or the refund (rfnd_…). */
  gatewayEntityId: z.string(),
  /** The payment concerned (for a refund, the payment refunded). */
  gatewayPaymentId: z.string(),
  gatewayOrderId: z.string().nullable(),
  receiptId: z.uuid().nullable(),
  receiptNumber: z.string().nullable(),
  receiptStatus: z.enum(RECEIPT_STATUSES).nullable(),
  studentName: z.string().nullable(),
  /** The payment's or refund's amount; what the transfer credited or debited for it; the gateway's fee and the tax on it. */
  amountPaise: paiseAnswer,
  creditPaise: paiseAnswer,
  debitPaise: paiseAnswer,
  feePaise: paiseAnswer,
  taxPaise: paiseAnswer,
  issues: z.array(z.enum(SETTLEMENT_ISSUES)),
});
export type SettlementLine = z.output<typeof settlementLineSchema>;

/** One bank transfer: its id and UTR (the reference on the bank statement), date and sums for the school's lines. */
export const settlementSchema = z.object({
  settlementId: z.string(),
  utr: z.string().nullable(),
  settledOn: z.string(),
  creditPaise: paiseAnswer,
  debitPaise: paiseAnswer,
  feePaise: paiseAnswer,
  taxPaise: paiseAnswer,
  /** credit − debit: what reached the bank for the school's lines (the gateway's fee and tax already taken out of credit). */
  netPaise: z.int(),
  lines: z.array(settlementLineSchema),
});
export type Settlement = z.output<typeof settlementSchema>;

/** `GET /schools/{id}/online-payments/settlements?from=&to=` (IST dates the transfers were made, default today). */
export const settlementReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  settlements: z.array(settlementSchema),
  totals: z.object({ settlements: z.int(), creditPaise: paiseAnswer, debitPaise: paiseAnswer, feePaise: paiseAnswer, taxPaise: paiseAnswer, netPaise: z.int(), mismatches: z.int() }),
});
export type SettlementReport = z.output<typeof settlementReportSchema>;
