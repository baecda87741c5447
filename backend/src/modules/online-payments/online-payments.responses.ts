import {
  GATEWAY_PROVIDERS,
  PAYMENT_ORDER_STATUSES,
  RECONCILIATION_ISSUES,
  REFUND_STATUSES,
  SETTLEMENT_ISSUES,
  type GatewaySettings,
  type SettlementReport,
  type Reconciliation, type PayLinkView, type PaymentConfirmation, type PaymentOrder, type RefundResult,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the online-payment calls, for the OpenAPI document (common/openapi.ts). Amounts are integer paise. */
const paise = z.int();
const gatewaySchema = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  keyId: z.string().nullable(),
  keySecretSet: z.boolean(),
  webhookSecretSet: z.boolean(),
  testMode: z.boolean(),
}) satisfies z.ZodType<GatewaySettings>;
const orderSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  amountPaise: paise,
  gatewayOrderId: z.string(),
  keyId: z.string(),
  checkoutUrl: z.string(),
  status: z.enum(PAYMENT_ORDER_STATUSES),
  lines: z.array(
    z.object({ instalmentId: z.uuid(), name: z.string(), dueOn: z.string(), balancePaise: paise, concessionPaise: paise, lateFeePaise: paise, amountPaise: paise }),
  ),
  gatewayPaymentId: z.string().nullable(),
  receiptId: z.uuid().nullable(),
  receiptNumber: z.string().nullable(),
  advancePaise: paise,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
}) satisfies z.ZodType<PaymentOrder>;
const confirmationSchema = z.object({
  order: orderSchema,
  receipt: z.object({ id: z.uuid(), number: z.string(), amountPaise: paise, paidOn: z.string() }),
}) satisfies z.ZodType<PaymentConfirmation>;
const refundSchema = z.object({
  refund: z.object({
    receiptId: z.uuid(),
    gatewayPaymentId: z.string(),
    gatewayRefundId: z.string().nullable(),
    status: z.enum(REFUND_STATUSES),
    amountPaise: paise,
    reason: z.string(),
  }),
}) satisfies z.ZodType<RefundResult>;
const dueSchema = z.object({
  instalmentId: z.uuid(),
  name: z.string(),
  dueOn: z.string(),
  amount: paise,
  concession: paise,
  lateFee: paise,
  paid: paise,
  balance: paise,
  lateFeePaid: paise,
  status: z.enum(['paid', 'partly_paid', 'overdue', 'due', 'upcoming']),
  items: z.array(z.object({ headId: z.uuid(), headName: z.string(), tuition: z.boolean(), amount: paise, concession: paise, paid: paise, balance: paise })),
});
const payLinkViewSchema = z.object({
  school: z.object({ name: z.string() }),
  student: z.object({ name: z.string(), className: z.string().nullable() }),
  asOf: z.string(),
  instalments: z.array(dueSchema),
  gateway: z.object({ provider: z.enum(GATEWAY_PROVIDERS), keyId: z.string().nullable(), testMode: z.boolean(), checkoutUrl: z.string() }),
  expiresAt: z.string(),
}) satisfies z.ZodType<PayLinkView>;

const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(
    z.object({
      gatewayPaymentId: z.string(),
      gatewayOrderId: z.string().nullable(),
      receiptId: z.uuid().nullable(),
      receiptNumber: z.string().nullable(),
      receiptStatus: z.enum(['active', 'cancelled']).nullable(),
      paidOn: z.string().nullable(),
      studentName: z.string().nullable(),
      receiptAmountPaise: paise.nullable(),
      gatewayAmountPaise: paise.nullable(),
      gatewayStatus: z.string().nullable(),
      issues: z.array(z.enum(RECONCILIATION_ISSUES)),
    }),
  ),
  totals: z.object({ receipts: z.int(), receiptPaise: paise, captured: z.int(), capturedPaise: paise, mismatches: z.int() }),
}) satisfies z.ZodType<Reconciliation>;

const settlementReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  settlements: z.array(
    z.object({
      settlementId: z.string(),
      utr: z.string().nullable(),
      settledOn: z.string(),
      creditPaise: paise,
      debitPaise: paise,
      feePaise: paise,
      taxPaise: paise,
      netPaise: z.int(),
      lines: z.array(
        z.object({
          type: z.enum(['payment', 'refund']),
          gatewayEntityId: z.string(),
          gatewayPaymentId: z.string(),
          gatewayOrderId: z.string().nullable(),
          receiptId: z.uuid().nullable(),
          receiptNumber: z.string().nullable(),
          receiptStatus: z.enum(['active', 'cancelled']).nullable(),
          studentName: z.string().nullable(),
          amountPaise: paise,
          creditPaise: paise,
          debitPaise: paise,
          feePaise: paise,
          taxPaise: paise,
          issues: z.array(z.enum(SETTLEMENT_ISSUES)),
        }),
      ),
    }),
  ),
  totals: z.object({ settlements: z.int(), creditPaise: paise, debitPaise: paise, feePaise: paise, taxPaise: paise, netPaise: z.int(), mismatches: z.int() }),
}) satisfies z.ZodType<SettlementReport>;

export class SettlementReportResponse extends createZodDto(successEnvelope(settlementReportSchema)) {}
export class ReconciliationResponse extends createZodDto(successEnvelope(reconciliationSchema)) {}
export class GatewaySettingsResponse extends createZodDto(successEnvelope(gatewaySchema)) {}
export class PaymentOrderResponse extends createZodDto(successEnvelope(z.object({ order: orderSchema }))) {}
export class PaymentOrderListResponse extends createZodDto(successEnvelope(pageSchema(orderSchema))) {}
export class PaymentConfirmationResponse extends createZodDto(successEnvelope(confirmationSchema)) {}
export class RefundResponse extends createZodDto(successEnvelope(refundSchema)) {}
export class PayLinkResponse extends createZodDto(successEnvelope(z.object({ link: z.object({ url: z.string(), token: z.string(), expiresAt: z.string() }) }))) {}
export class PayLinkViewResponse extends createZodDto(successEnvelope(payLinkViewSchema)) {}
export class WebhookReceivedResponse extends createZodDto(successEnvelope(z.object({ received: z.literal(true) }))) {}
