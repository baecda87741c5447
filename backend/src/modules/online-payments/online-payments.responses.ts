import {
  gatewaySettingsSchema,
  payLinkResultSchema,
  payLinkViewSchema,
  paymentConfirmationSchema,
  paymentOrderListSchema,
  paymentOrderResultSchema,
  reconciliationSchema,
  refundResultSchema,
  settlementReportSchema,
} from '@vidyalaya/shared/online-payments';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the online-payment calls, for the OpenAPI document (common/openapi.ts): the shared
 * answer schemas (shared/src/online-payments/schemas.ts, whose types are inferred from them) in
 * the success envelope. Amounts are integer paise.
 */
export class SettlementReportResponse extends createZodDto(successEnvelope(settlementReportSchema)) {}
export class ReconciliationResponse extends createZodDto(successEnvelope(reconciliationSchema)) {}
export class GatewaySettingsResponse extends createZodDto(successEnvelope(gatewaySettingsSchema)) {}
export class PaymentOrderResponse extends createZodDto(successEnvelope(paymentOrderResultSchema)) {}
export class PaymentOrderListResponse extends createZodDto(successEnvelope(paymentOrderListSchema)) {}
export class PaymentConfirmationResponse extends createZodDto(successEnvelope(paymentConfirmationSchema)) {}
export class RefundResponse extends createZodDto(successEnvelope(refundResultSchema)) {}
export class PayLinkResponse extends createZodDto(successEnvelope(payLinkResultSchema)) {}
export class PayLinkViewResponse extends createZodDto(successEnvelope(payLinkViewSchema)) {}
export class WebhookReceivedResponse extends createZodDto(successEnvelope(z.object({ received: z.literal(true) }))) {}
